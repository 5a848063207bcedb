"""Toshi Tōshi public texts: each move described, and the decision now awaited.

Both go to the public channel, so neither ever names a card in a hand or a face-down card.
"""

from __future__ import annotations

from rules.toshi.construction import builds_left
from rules.toshi.data import COLOUR_NAMES, OCTOGEEK, OVERSEER, ROUNDS, SPEC_BONUSES
from rules.toshi.grid import geometry
from rules.toshi.influence import action_list
from rules.toshi.model import (
    Build,
    Flip,
    FlipSpecialisation,
    Lead,
    Move,
    MoveToken,
    Pass,
    Phase,
    Place,
    PlayCard,
    ToshiState,
)
from rules.toshi.nature import has_normal_spot, nature_spots
from rules.toshi.rounds import decider
from rules.toshi.specialisation import has_power
from rules.toshi.words import card_text, seat_name, spot_text


def describe_move(before: ToshiState, seat: int, move: Move, after: ToshiState) -> str:
    """The move in plain words for the public channel (never a face-down card)."""
    geo = geometry(before.rows, before.cols)
    who = seat_name(seat)
    match move:
        case PlayCard(card):
            text = f"{who} plays {card_text(card)}."
            if after.winner >= 0 and before.winner < 0:
                text += f" {seat_name(after.winner)} wins trick {before.round}."
            return text
        case Place(spot, name):
            where = spot_text(geo, spot, name)
            if seat == before.owed:
                return f"{who} places their owed Influenstar token on {where}."
            if before.phase is Phase.SECOND:
                return f"{who} places a second token (Builder) on {where}."
            return f"{who} places a Nature token on {where}."
        case Build(card, True, cell):
            return f"{who} builds {card_text(card)} face up on {geo.cell_names[cell]}."
        case Build(_, False, cell):
            return f"{who} builds a card face down on {geo.cell_names[cell]}."
        case MoveToken(src, dst, src_name, dst_name):
            start, end = spot_text(geo, src, src_name), spot_text(geo, dst, dst_name)
            return f"{who} moves their token from {start} to {end}."
        case Lead(target):
            return f"{who} chooses {seat_name(target)} to lead the next trick."
        case Flip(cell):
            return f"{who} {_flip_text(before, after, cell)}."
        case FlipSpecialisation():
            return (
                f"{who} flips their {before.specs[seat]} card to its Bonus Points side "
                f"({SPEC_BONUSES[before.specs[seat]]})."
            )
        case Pass():
            return f"{who} {_declined(before, seat)}."
    raise TypeError(f"not a Toshi Tōshi move: {move!r}")


def pending_text(state: ToshiState) -> str:
    """The awaited decision, with an owed Influenstar token that may come meanwhile."""
    phase = state.phase
    if phase is Phase.OVER:
        return "nothing: the game is over"
    if phase is Phase.TRICK:
        seat = (state.leader + len(state.trick)) % state.players
        if not state.trick:
            return (
                f"{seat_name(seat)}: lead trick {state.round} of {ROUNDS} with any card "
                "(`play <card>`)"
            )
        led = COLOUR_NAMES[state.trick[0].card.colour]
        return (
            f"{seat_name(seat)}: play a card to trick {state.round} "
            f"({led} was led: follow {led} if you can; `play <card>`)"
        )
    if phase is Phase.OWED:
        return _owed_text(state)
    main = decider(state)
    who = seat_name(main)
    geo = geometry(state.rows, state.cols)
    if phase is Phase.NATURE:
        overseer = has_power(state, main, OVERSEER)
        edge = "; Overseer: the edge and spots without a card are allowed" if overseer else ""
        free = nature_spots(state, main)  # never empty: a placer without a spot is skipped
        example = f", e.g. `place {geo.spot_names[free[0]]}`" if free else ""
        text = f"{who}: place a Nature token (`place <spot>`{example}{edge})"
    elif phase is Phase.SECOND:
        text = (
            f"{who} (Builder): place a second token on the middle of a card "
            "(`place <space>.c`), or `pass`"
        )
    elif phase is Phase.PAWN:
        text = (
            f"{who} (Pawnlitician): choose the face-up card and its space "
            "(`build <card> up <space>`), or `pass`"
        )
    elif phase is Phase.BUILD:
        up, down = builds_left(state)
        forms = [
            f"`build <card> {side} <space>`" for side, left in (("up", up), ("down", down)) if left
        ]
        if len(forms) == 2:
            what = "two of the trick's cards, one face up and one face down, on empty spaces"
        else:
            card = "a second card" if state.built else "one of the trick's cards"
            what = f"{card} face {'up' if up else 'down'} on an empty space"
        text = f"{who} won the trick: build {what} ({' and '.join(forms)})"
    elif phase is Phase.INFLUENCE:
        if has_power(state, main, OCTOGEEK):
            what = "take each bonus action once, in any order"
            if state.actions_taken:
                what = "take another bonus action"
        else:
            what = "take one bonus action"
        text = f"{who}: {what}: {action_list(state)}; or `pass`"
    else:
        text = (
            f"{who}: flip your {state.specs[main]} card to its Bonus Points side "
            f"({SPEC_BONUSES[state.specs[main]]}; `flip specialisation`), or `pass`"
        )
    if state.owed >= 0 and has_normal_spot(state):
        text += f"; meanwhile {_owed_text(state)}"
    return text


# -- private helpers -------------------------------------------------------------------------------
def _owed_text(state: ToshiState) -> str:
    """The Influenstar's token: placed whenever they like, but due before the next trick."""
    due = "the final scoring" if state.round >= ROUNDS else f"trick {state.round + 1}"
    who = f"{seat_name(state.owed)} (Influenstar)"
    if state.phase is Phase.OWED:
        return f"{who}: place your owed Nature token (`place <spot>`) before {due}"
    return f"{who} may place their owed token now (`place <spot>`; due before {due})"


def _flip_text(before: ToshiState, after: ToshiState, index: int) -> str:
    geo = geometry(before.rows, before.cols)
    cell = before.cells[index]
    assert cell is not None
    name = geo.cell_names[index]
    if cell.kind == "monument":
        side = (
            '"10 > 1" (high cards strongest)'
            if after.monument_high
            else ('"1 > 10" (low cards strongest)')
        )
        return f"flips the Monument on {name}: {side} is now up"
    assert cell.card is not None
    if cell.face_up:
        return f"turns {card_text(cell.card)} on {name} face down"
    return f"reveals the face-down card on {name}: {card_text(cell.card)}"


def _declined(state: ToshiState, seat: int) -> str:
    """What a ``pass`` gave up, as the end of a sentence starting with the seat."""
    if state.phase is Phase.INFLUENCE:
        return "takes no further bonus action" if state.actions_taken else "takes no bonus action"
    if state.phase is Phase.SPECIALISE:
        return f"keeps their {state.specs[seat]} card on its power side"
    return {
        Phase.SECOND: "places no second token (Builder)",
        Phase.PAWN: "(Pawnlitician) leaves the face-up card to the trick winner",
    }.get(state.phase, "passes")
