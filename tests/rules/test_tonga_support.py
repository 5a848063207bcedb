"""Literal Tonga Bonga positions for the rule tests (helpers only; the tests import them)."""

from __future__ import annotations

from dataclasses import replace

from rules.tonga import TongaBonga
from rules.tonga.common import acting
from rules.tonga.map import DOLPHIN_SPACES, NAME_TO_SPACE
from rules.tonga.state import Die, Phase, TongaState

GAME = TongaBonga()
NO_TILES: tuple[str | None, ...] = (None,) * 7


def sp(name: str) -> int:
    """The space a player names, e.g. sp("g7") or sp("cocoa")."""
    return NAME_TO_SPACE[name]


def start(players: int = 4, seed: int = 1) -> TongaState:
    return GAME.setup(players, {}, seed)


def turn_of(players: int, seat: int, round_: int = 1) -> int:
    """The turn index at which ``seat`` acts in ``round_`` (boards rotate every round)."""
    return (seat - (round_ - 1)) % players


def navigation(
    *,
    players: int = 4,
    seat: int = 0,
    at: str = "g7",
    mp: int = 5,
    others: dict[int, str] | None = None,
    crew: tuple[Die, ...] = (),
    tiles: tuple[str | None, ...] = NO_TILES,
    ghost: str | None = None,
    money: tuple[int, ...] | None = None,
    camps: tuple[tuple[int, ...], ...] | None = None,
    maps: tuple[tuple[str, ...], ...] | None = None,
    round_: int = 1,
) -> TongaState:
    """``seat`` navigating from ``at`` with ``mp`` points; other ships at home unless placed."""
    base = start(players)
    ships = [sp("tonga")] * players
    ships[seat] = sp(at)
    for other, name in (others or {}).items():
        ships[other] = sp(name)
    crews: list[tuple[Die, ...]] = [()] * players
    crews[seat] = crew
    if ghost is not None:
        tiles = tuple("ghost" if i == _dolphin(ghost) else t for i, t in enumerate(tiles))
    state = replace(
        base,
        round=round_,
        phase=Phase.NAVIGATION,
        turn=turn_of(players, seat, round_),
        ships=tuple(ships),
        crews=tuple(crews),
        mp=mp,
        path=(sp(at),),
        tiles=tiles,
        ghost=sp(ghost) if ghost is not None else -1,
        money=money or base.money,
        camps=camps or base.camps,
        maps=maps or base.maps,
    )
    assert acting(state) == seat
    return state


def crew_step(
    *,
    players: int = 4,
    seat: int = 0,
    roll: tuple[int, ...] = (5, 3, 1),
    crews: tuple[tuple[Die, ...], ...] | None = None,
    money: tuple[int, ...] | None = None,
    rerolls: int = 0,
    placed: tuple[int, ...] = (),
) -> TongaState:
    """``seat`` in the crew step with ``roll`` in hand (6 = seasick)."""
    base = start(players)
    return replace(
        base,
        phase=Phase.CREW,
        turn=turn_of(players, seat),
        roll=roll,
        crews=crews or base.crews,
        money=money or base.money,
        wages=((2, 1),) * players,
        rerolls=rerolls,
        placed=placed,
    )


def play(state: TongaState, *moves: str) -> TongaState:
    """Each move, by whoever must act, checked like a real one."""
    for text in moves:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.parse(state, text))
    return state


def _dolphin(name: str) -> int:
    return DOLPHIN_SPACES.index(sp(name))
