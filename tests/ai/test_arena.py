"""The arena's arithmetic and report (bench/arena.py): intervals, targets, merged saved runs.
No match is timed here; the arena's figures are its own business."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from ai.levels import GREED
from bench.arena import Match, Result, load, matches, report, save, target, verdict, wilson


def test_wilson_interval_known_values():
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-3) and high == pytest.approx(0.9785, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_targets_follow_the_issue():
    assert target("hard", "random", 2) == (0.95, False)
    need, strict = target("hard", "random", 4)
    assert need == pytest.approx(0.5) and not strict
    assert target("hard", "normal", 3) == (pytest.approx(1 / 3), True)
    assert verdict(0.97, 0.96, 0.95, False) == "met"
    assert verdict(0.97, 0.90, 0.95, False) == "point"
    assert verdict(0.60, 0.50, 0.50, True) == "point"  # the interval must lie above the share
    assert verdict(0.40, 0.30, 0.50, True) == "no"


def test_matches_rotate_the_hero_and_skip_counts_a_game_cannot_seat():
    todo = matches(["tokan", "tonga"], 4, "2,3", 0.5, [("hard", "random")])
    assert {(m.key, m.players) for m in todo} == {("tokan", 2), ("tonga", 3)}
    tonga = [m for m in todo if m.key == "tonga"]
    assert [m.hero_seat for m in tonga] == [0, 1, 2, 0]
    assert all(m.scale == 0.5 for m in todo)


def test_saved_runs_merge_into_one_report(tmp_path):
    path = str(tmp_path / "runs.jsonl")
    won = Result(Match("tokan", 2, 1, "hard", "random", 0, 0.25), 1.0, (("hard", 0.4, 90, False),))
    shared = Result(
        Match("tokan", 2, 2, "hard", "random", 1, 0.25), 0.5, (("hard", 0.45, 80, True),)
    )
    save([won], path)
    save([shared], path)
    loaded = load([path])
    assert loaded == [won, shared]
    out = io.StringIO()
    report(loaded, out)
    text = out.getvalue()
    assert "tokan  2    hard v random  0.25    2  0.75" in text
    assert ">=0.95" in text and "point" not in text.split("\n")[1]  # 0.75 is short of 0.95
    assert "   hard  0.25         2" in text


def test_a_run_saved_before_the_capped_flag_loads_as_uncapped(tmp_path):
    path = tmp_path / "old.jsonl"
    match = Match("tonga", 3, 5, "hard", "normal", 2, 0.25)
    row = {"match": dataclasses.asdict(match), "share": 0.0, "times": [["hard", 0.3, 88]]}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert load([str(path)]) == [Result(match, 0.0, (("hard", 0.3, 88, False),))]


def test_the_report_separates_playout_modes_and_counts_capped_decisions():
    def result(seed: int, full: str | None, capped: bool) -> Result:
        match = Match("tonga", 3, seed, "hard", "normal", 0, 0.25, None, full)
        return Result(match, 1.0, (("hard", 0.3, 88, capped),))

    out = io.StringIO()
    rows = [result(1, "normal,hard", True), result(2, "normal,hard", False)]
    rows += [result(3, None, False), result(4, "hard", False), result(5, "", False)]
    report(rows, out)
    text = out.getvalue()
    assert "(playouts: full)" in text
    assert "(playouts: full: hard)" in text and "(playouts: depth)" in text
    full_row = next(
        line for line in text.splitlines() if "(playouts: full)" in line and " 50%" in line
    )
    assert full_row.split()[1] == "hard"
    assert any(line.startswith("   tonga   hard") and " 0%" in line for line in text.splitlines())


def test_a_greed_override_reaches_the_searches_and_the_report(monkeypatch):
    """``--greed`` replaces the levels' share of goal-directed playout moves (in the searches
    that play to the end), and the report keeps such runs apart."""
    import bench.arena as arena

    seen = []

    class Spy:
        def __init__(self, level, seed, limits):
            seen.append((level, limits.full_playouts, limits.greed))
            raise StopIteration  # the budgets are all this test looks at

    monkeypatch.setattr(arena, "ComputerPlayer", Spy)
    for greed in (None, 0.0):
        with pytest.raises(StopIteration):
            arena.play(Match("fishing", 2, 1, "hard", "normal", 0, 1.0, None, None, greed))
    own = GREED["hard"]["fishing"]
    assert seen[0] == ("hard", True, own) and seen[1] == ("hard", True, 0.0)
    with pytest.raises(StopIteration):  # playouts cut short have no greed to replace
        arena.play(Match("fishing", 2, 1, "hard", "normal", 0, 1.0, None, "", 0.5))
    assert seen[2] == ("hard", False, 0.0)
    out = io.StringIO()
    report([Result(Match("fishing", 5, 1, "hard", "normal", 0, 1.0, greed=0.0), 1.0, ())], out)
    assert "(playouts: greed 0)" in out.getvalue()
