"""Toshi Tōshi public texts: each move described, and the decision now awaited.

Both go to the public channel, so neither ever names a card in a hand or a face-down card.
Both are Texts of the message catalogue, said in each reader's language where they are sent.
"""

from __future__ import annotations

from i18n.text import T, Text
from rules.toshi.construction import builds_left
from rules.toshi.data import OCTOGEEK, OVERSEER, ROUNDS, SPEC_BONUSES
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
from rules.toshi.words import card_text, colour_name, seat_name, spec_name, spot_text

# Commands quoted in the texts, kept out of the messages (a translation never changes them).
PLAY_FORM = "play <card>"
PLACE_FORM = "place <spot>"
PASS = "pass"


def describe_move(before: ToshiState, seat: int, move: Move, after: ToshiState) -> Text:
    """The move in plain words for the public channel (never a face-down card)."""
    geo = geometry(before.rows, before.cols)
    who = seat_name(seat)
    match move:
        case PlayCard(card):
            if after.winner >= 0 and before.winner < 0:
                return T(
                    "{seat} plays {card}. {winner} wins trick {round}.",
                    seat=who,
                    card=card_text(card),
                    winner=seat_name(after.winner),
                    round=before.round,
                )
            return T("{seat} plays {card}.", seat=who, card=card_text(card))
        case Place(spot, name):
            where = spot_text(geo, spot, name)
            if seat == before.owed:
                return T(
                    "{seat} places their owed Influenstar token on {spot}.", seat=who, spot=where
                )
            if before.phase is Phase.SECOND:
                return T("{seat} places a second token (Builder) on {spot}.", seat=who, spot=where)
            return T("{seat} places a Nature token on {spot}.", seat=who, spot=where)
        case Build(card, True, cell):
            return T(
                "{seat} builds {card} face up on {space}.",
                seat=who,
                card=card_text(card),
                space=geo.cell_names[cell],
            )
        case Build(_, False, cell):
            return T(
                "{seat} builds a card face down on {space}.", seat=who, space=geo.cell_names[cell]
            )
        case MoveToken(src, dst, src_name, dst_name):
            return T(
                "{seat} moves their token from {start} to {end}.",
                seat=who,
                start=spot_text(geo, src, src_name),
                end=spot_text(geo, dst, dst_name),
            )
        case Lead(target):
            return T(
                "{seat} chooses {leader} to lead the next trick.",
                seat=who,
                leader=seat_name(target),
            )
        case Flip(cell):
            return _flip_text(before, after, who, cell)
        case FlipSpecialisation():
            spec = before.specs[seat]
            return T(
                "{seat} flips their {spec} card to its Bonus Points side ({bonus}).",
                seat=who,
                spec=spec_name(spec),
                bonus=Text(SPEC_BONUSES[spec]),
            )
        case Pass():
            return _declined(before, who, seat)
    raise TypeError(f"not a Toshi Tōshi move: {move!r}")


def pending_text(state: ToshiState) -> Text:
    """The awaited decision, with an owed Influenstar token that may come meanwhile."""
    phase = state.phase
    if phase is Phase.OVER:
        return T("nothing: the game is over")
    if phase is Phase.TRICK:
        seat = (state.leader + len(state.trick)) % state.players
        if not state.trick:
            return T(
                "{seat}: lead trick {round} of {rounds} with any card (`{play}`)",
                seat=seat_name(seat),
                round=state.round,
                rounds=ROUNDS,
                play=PLAY_FORM,
            )
        return T(
            "{seat}: play a card to trick {round} ({colour} was led: follow {colour} if you "
            "can; `{play}`)",
            seat=seat_name(seat),
            round=state.round,
            colour=colour_name(state.trick[0].card.colour),
            play=PLAY_FORM,
        )
    if phase is Phase.OWED:
        return _owed_text(state)
    text = _decision_text(state, decider(state))
    if state.owed >= 0 and has_normal_spot(state):
        return T("{pending}; meanwhile {owed}", pending=text, owed=_owed_text(state))
    return text


# -- private helpers -------------------------------------------------------------------------------
def _decision_text(state: ToshiState, main: int) -> Text:
    """What ``main`` (the seat the phase waits for) must decide now, after the trick."""
    phase = state.phase
    who = seat_name(main)
    if phase is Phase.NATURE:
        return _nature_text(state, main)
    if phase is Phase.SECOND:
        return T(
            "{seat} (Builder): place a second token on the middle of a card (`{place}`), or "
            "`{pass_word}`",
            seat=who,
            place="place <space>.c",
            pass_word=PASS,
        )
    if phase is Phase.PAWN:
        return T(
            "{seat} (Pawnlitician): choose the face-up card and its space (`{build}`), or "
            "`{pass_word}`",
            seat=who,
            build="build <card> up <space>",
            pass_word=PASS,
        )
    if phase is Phase.BUILD:
        return _build_text(state, who)
    if phase is Phase.INFLUENCE:
        actions = action_list(state)
        if not has_power(state, main, OCTOGEEK):
            return T(
                "{seat}: take one bonus action: {actions}; or `{pass_word}`",
                seat=who,
                actions=actions,
                pass_word=PASS,
            )
        if state.actions_taken:
            return T(
                "{seat}: take another bonus action: {actions}; or `{pass_word}`",
                seat=who,
                actions=actions,
                pass_word=PASS,
            )
        return T(
            "{seat}: take each bonus action once, in any order: {actions}; or `{pass_word}`",
            seat=who,
            actions=actions,
            pass_word=PASS,
        )
    spec = state.specs[main]
    return T(
        "{seat}: flip your {spec} card to its Bonus Points side ({bonus}; `{flip}`), or "
        "`{pass_word}`",
        seat=who,
        spec=spec_name(spec),
        bonus=Text(SPEC_BONUSES[spec]),
        flip="flip specialisation",
        pass_word=PASS,
    )


def _nature_text(state: ToshiState, main: int) -> Text:
    """The Nature placer's decision, with a spot to copy and the Overseer's freedom."""
    geo = geometry(state.rows, state.cols)
    who = seat_name(main)
    overseer = has_power(state, main, OVERSEER)
    free = nature_spots(state, main)  # never empty: a placer without a spot is skipped
    if not free:
        if overseer:
            return T(
                "{seat}: place a Nature token (`{place}`; Overseer: the edge and spots without "
                "a card are allowed)",
                seat=who,
                place=PLACE_FORM,
            )
        return T("{seat}: place a Nature token (`{place}`)", seat=who, place=PLACE_FORM)
    example = f"place {geo.spot_names[free[0]]}"
    if overseer:
        return T(
            "{seat}: place a Nature token (`{place}`, e.g. `{example}`; Overseer: the edge and "
            "spots without a card are allowed)",
            seat=who,
            place=PLACE_FORM,
            example=example,
        )
    return T(
        "{seat}: place a Nature token (`{place}`, e.g. `{example}`)",
        seat=who,
        place=PLACE_FORM,
        example=example,
    )


def _build_text(state: ToshiState, who: str) -> Text:
    """The trick winner's Construction: both cards, or the one still to build."""
    up, down = builds_left(state)
    up_form, down_form = "build <card> up <space>", "build <card> down <space>"
    if up and down:
        return T(
            "{seat} won the trick: build two of the trick's cards, one face up and one face "
            "down, on empty spaces (`{up}` and `{down}`)",
            seat=who,
            up=up_form,
            down=down_form,
        )
    if state.built:
        if up:
            return T(
                "{seat} won the trick: build a second card face up on an empty space (`{form}`)",
                seat=who,
                form=up_form,
            )
        return T(
            "{seat} won the trick: build a second card face down on an empty space (`{form}`)",
            seat=who,
            form=down_form,
        )
    if up:
        return T(
            "{seat} won the trick: build one of the trick's cards face up on an empty space "
            "(`{form}`)",
            seat=who,
            form=up_form,
        )
    return T(
        "{seat} won the trick: build one of the trick's cards face down on an empty space "
        "(`{form}`)",
        seat=who,
        form=down_form,
    )


def _owed_text(state: ToshiState) -> Text:
    """The Influenstar's token: placed whenever they like, but due before the next trick."""
    who = seat_name(state.owed)
    final = state.round >= ROUNDS
    if state.phase is Phase.OWED:
        if final:
            return T(
                "{seat} (Influenstar): place your owed Nature token (`{place}`) before the "
                "final scoring",
                seat=who,
                place=PLACE_FORM,
            )
        return T(
            "{seat} (Influenstar): place your owed Nature token (`{place}`) before trick {trick}",
            seat=who,
            place=PLACE_FORM,
            trick=state.round + 1,
        )
    if final:
        return T(
            "{seat} (Influenstar) may place their owed token now (`{place}`; due before the "
            "final scoring)",
            seat=who,
            place=PLACE_FORM,
        )
    return T(
        "{seat} (Influenstar) may place their owed token now (`{place}`; due before trick {trick})",
        seat=who,
        place=PLACE_FORM,
        trick=state.round + 1,
    )


def _flip_text(before: ToshiState, after: ToshiState, who: str, index: int) -> Text:
    geo = geometry(before.rows, before.cols)
    cell = before.cells[index]
    assert cell is not None
    name = geo.cell_names[index]
    if cell.kind == "monument":
        if after.monument_high:
            return T(
                '{seat} flips the Monument on {space}: "{side}" (high cards strongest) is now up.',
                seat=who,
                space=name,
                side="10 > 1",
            )
        return T(
            '{seat} flips the Monument on {space}: "{side}" (low cards strongest) is now up.',
            seat=who,
            space=name,
            side="1 > 10",
        )
    assert cell.card is not None
    if cell.face_up:
        return T(
            "{seat} turns {card} on {space} face down.",
            seat=who,
            card=card_text(cell.card),
            space=name,
        )
    return T(
        "{seat} reveals the face-down card on {space}: {card}.",
        seat=who,
        space=name,
        card=card_text(cell.card),
    )


def _declined(state: ToshiState, who: str, seat: int) -> Text:
    """What a ``pass`` gave up."""
    phase = state.phase
    if phase is Phase.INFLUENCE:
        if state.actions_taken:
            return T("{seat} takes no further bonus action.", seat=who)
        return T("{seat} takes no bonus action.", seat=who)
    if phase is Phase.SPECIALISE:
        return T(
            "{seat} keeps their {spec} card on its power side.",
            seat=who,
            spec=spec_name(state.specs[seat]),
        )
    if phase is Phase.SECOND:
        return T("{seat} places no second token (Builder).", seat=who)
    if phase is Phase.PAWN:
        return T("{seat} (Pawnlitician) leaves the face-up card to the trick winner.", seat=who)
    return T("{seat} passes.", seat=who)
