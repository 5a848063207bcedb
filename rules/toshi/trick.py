"""Toshi Tōshi Trick phase: following the demanded colour, and who wins the trick."""

from __future__ import annotations

from collections.abc import Sequence

from i18n.text import T, Text
from rules.toshi.data import COLOUR_NAMES, COLOURS, INFLUENSTAR, VALUES
from rules.toshi.model import Card, Move, Phase, Play, PlayCard, ToshiState, evolve
from rules.toshi.nature import next_placer
from rules.toshi.specialisation import power_seat

PLAY_MOVES: dict[Card, PlayCard] = {
    Card(colour, value): PlayCard(Card(colour, value)) for colour in COLOURS for value in VALUES
}
# The same moves keyed by (colour, value): a tuple key hashes and compares in C, where a Card
# key runs Card.__hash__ and Card.__eq__ in Python on every look-up (a hot path in playouts).
_PLAY_BY_KEY: dict[tuple[str, int], PlayCard] = {
    (card.colour, card.value): move for card, move in PLAY_MOVES.items()
}


def playable_cards(state: ToshiState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play: the demanded colour if they hold it, else any."""
    hand = state.hands[seat]
    if not state.trick:
        return hand
    led = state.trick[0].card.colour
    follow = tuple(card for card in hand if card.colour == led)
    return follow or hand


def play_moves(state: ToshiState, seat: int) -> list[PlayCard]:
    """A PlayCard for each card ``seat`` may play now, in hand order."""
    return [_PLAY_BY_KEY[card.colour, card.value] for card in playable_cards(state, seat)]


def trick_winner(trick: Sequence[Play], monument_high: bool) -> int:
    """The index in ``trick`` of the winning card.

    All followed: the strongest card wins. Otherwise the strongest card not of the led colour
    wins, a tie going to the card played last. Strength follows the Monument's side.
    """
    led = trick[0].card.colour
    off = [i for i, play in enumerate(trick) if play.card.colour != led]
    candidates = off or list(range(len(trick)))
    best = candidates[0]
    for i in candidates[1:]:
        a, b = trick[i].card.value, trick[best].card.value
        if (a >= b) if monument_high else (a <= b):
            best = i
    return best


def play_reason(state: ToshiState, seat: int, move: Move) -> Text | None:
    """Why ``move`` is not a card ``seat`` may play now, or None."""
    if not isinstance(move, PlayCard):
        return T(
            "It is the trick: play a card from your hand, e.g. `{example}`.", example="play R7"
        )
    hand = state.hands[seat]
    if move.card not in hand:
        return T("You do not hold {card}.", card=str(move.card))
    playable = playable_cards(state, seat)
    if move.card not in playable:
        led = Text(COLOUR_NAMES[state.trick[0].card.colour])
        return T(
            "{colour} was led and you hold {colour}: you must follow with a {colour} card.",
            colour=led,
        )
    return None


def play_card(state: ToshiState, seat: int, card: Card) -> ToshiState:
    """The card joins the trick; the last card decides the winner and starts the Nature phase.

    The non-winners place from the winner's left; an Influenstar among them (with a token left)
    is taken out of that order: its token is owed and may come at any decision point.
    """
    hand = state.hands[seat]
    at = hand.index(card)
    hands = (*state.hands[:seat], hand[:at] + hand[at + 1 :], *state.hands[seat + 1 :])
    trick = (*state.trick, Play(seat, card))
    after = evolve(state, hands=hands, trick=trick, mark_cells=(), mark_spots=())
    if len(trick) < state.players:
        return after
    winner = trick[trick_winner(trick, state.monument_high)].seat
    order = tuple((winner + k) % state.players for k in range(1, state.players))
    owed = power_seat(state, INFLUENSTAR)
    if owed not in order or state.supply[owed] == 0:
        owed = -1
    queue = tuple(s for s in order if s != owed)
    return next_placer(
        evolve(
            after,
            winner=winner,
            next_leader=winner,
            phase=Phase.NATURE,
            queue=queue,
            owed=owed,
        )
    )
