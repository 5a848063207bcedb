"""The tap panel's narrowing offers every legal move and nothing else, within Discord's limits
(issue 24): over random positions of every game at every player count, the leaves of the whole
tree of choices are exactly the rules' legal moves, each once."""

from __future__ import annotations

import pytest

from rules import rng
from rules.registry import GAMES
from taps.decision import decision, needs_confirmation, safe_preview
from taps.tree import LABEL_LIMIT, MAX_OPTIONS, BadPath, Moves, Option

COUNTS = [
    (key, players)
    for key, game in GAMES.items()
    for players in range(game.spec.min_players, game.spec.max_players + 1)
]
# The longest custom id the panel writes, less its path: "tt:tgo:" + match + ":" + version + ":".
ID_ROOM = 100 - len("tt:tgo:") - 12 - 1 - 9 - 1


def positions(key: str, players: int, games: int = 2):
    """Every position of a few playouts (seeded), with the seat to decide."""
    game = GAMES[key]
    for seed in range(games):
        options = {o.key: o.default for o in game.spec.options}
        state = game.setup(players, options, 100 + seed)
        draw = rng.stream(seed, "taps-tree")
        while game.outcome(state) is None:
            for seat in game.to_act(state):
                yield game, state, seat
            seat = game.to_act(state)[0]
            state = game.play(state, seat, game.playout_move(state, seat, draw))


@pytest.mark.parametrize(("key", "players"), COUNTS)
def test_the_leaves_are_the_legal_moves(key, players):
    checked = 0
    # One whole Tonga Bonga game is enough: its wage steps alone hold thousands of moves.
    for game, state, seat in positions(key, players, games=1 if key == "tonga" else 2):
        chosen = decision(game, state, seat)
        leaves = chosen.moves.leaves()
        # Every legal move once, nothing else: the rules' own list, not a second one, then
        # the compound moves of the rules' own suggestions, each one the rules accept.
        assert sorted(index for _, index in leaves) == list(range(len(chosen.legal)))
        assert list(chosen.legal[: chosen.listed]) == list(game.legal_moves(state, seat))
        for move in chosen.legal[chosen.listed :]:
            game.check(state, seat, move)
        assert max(len(path) for path, _ in leaves) <= ID_ROOM
        for path, index in leaves[:: max(1, len(leaves) // 20)]:  # a path leads to its move
            assert chosen.moves.follow(path).move == index
        walk_steps(chosen.moves, chosen.moves.root(), root=True)
        checked += 1
    assert checked > 10


def test_tonga_bonga_offers_whole_routes_and_several_dice_at_once():
    """A route by its destination and several dice placed in one go (issue 24), from the
    rules' own suggestions: one tap for what took one per hex or per die."""
    kinds: set[str] = set()
    for game, state, seat in positions("tonga", 3, games=1):
        chosen = decision(game, state, seat)
        for index in range(chosen.listed, len(chosen.legal)):
            text = chosen.moves.texts[index]
            assert chosen.compound(index) and not chosen.compound(chosen.listed - 1)
            if text.startswith("go ") and len(text.split()) > 2:
                kinds.add("route")
            if text.startswith("place ") and "," in text:
                kinds.add("dice")
    assert kinds == {"route", "dice"}
    for key in ("tokan", "toshi", "tonari", "fishing"):  # the others list every move already
        for game, state, seat in list(positions(key, GAMES[key].spec.min_players, games=1))[:40]:
            chosen = decision(game, state, seat)
            assert chosen.listed == len(chosen.legal)


def walk_steps(moves: Moves, node: Option, root: bool = False) -> None:
    """Every step of the tree: at most 25 options, each labelled within 80 characters, and
    at least two (a step with one choice would be a wasted tap) but at a single move."""
    if not root and node.move is not None:
        return
    step = moves.step(node)
    assert 1 <= len(step.options) <= MAX_OPTIONS
    assert len(step.options) >= 2 or len(moves.texts) == 1
    for option in step.options:
        assert 0 < len(option.label) <= LABEL_LIMIT
        walk_steps(moves, option)


def test_a_long_list_is_narrowed_by_words_then_runs():
    """Tonga Bonga-like wage pairs: 'wages' is skipped (all share it), the first numbers come
    in runs, then one number, then the second."""
    texts = tuple(f"wages {a} {b}" for a in range(1, 61) for b in range(1, 61 - a + 1))
    moves = Moves(texts, texts)
    first = moves.step(moves.root())
    assert len(first.options) <= MAX_OPTIONS
    assert first.options[0].label.startswith("wages 1 … ")
    assert sorted(i for _, i in moves.leaves()) == list(range(len(texts)))
    assert max(len(p) for p, _ in moves.leaves()) <= 4


def test_few_moves_are_one_step_and_a_move_that_is_a_prefix_of_another_is_offered():
    texts = ("b1 up", "b1 up carry 1", "c1 up")
    moves = Moves(texts, texts)
    assert [o.label for o in moves.step(moves.root()).options] == list(texts)
    many = tuple(f"b{i} up" for i in range(30)) + tuple(f"b{i} up carry 1" for i in range(30))
    moves = Moves(many, many)
    assert sorted(i for _, i in moves.leaves()) == list(range(60))


def test_a_forged_path_is_refused():
    texts = tuple(f"m{i}" for i in range(3))
    moves = Moves(texts, texts)
    for bad in ("z", "5", "00", "0a"):
        with pytest.raises(BadPath):
            moves.follow(bad)


def test_confirmation_and_safe_previews():
    """A move ending the turn is confirmed; a step of a longer turn that reveals nothing is
    not (unless the match allows no undo); the preview of a move that reveals (a card shown,
    dice rolled) is never the state after it."""
    confirmed = steps = hidden = 0
    for key in ("tonga", "toshi", "tokan"):
        for game, state, seat in positions(key, GAMES[key].spec.min_players, games=1):
            for move in list(game.legal_moves(state, seat))[:3]:
                after = game.play(state, seat, move)
                ends = seat not in game.to_act(after) or game.outcome(after) is not None
                reveals = game.reveals(state, seat, move, after)
                asked = needs_confirmation(game, state, seat, move, undo=True)
                assert asked == (ends or reveals)
                assert needs_confirmation(game, state, seat, move, undo=False)
                preview = safe_preview(game, state, seat, move)
                assert (preview is None) == reveals
                confirmed += asked
                steps += not asked
                hidden += preview is None
    assert confirmed and steps and hidden
