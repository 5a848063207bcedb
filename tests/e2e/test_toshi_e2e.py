"""Toshi Tōshi end to end: the game with secrets.

Full games with 3, 4 and 5 players, with and without the Specialisation variant. Hands go by DM
at the start and whenever they change; one player has closed DMs and plays looking at
`/toshi hand`; and after every decision the test checks that no card still in someone's hand has
ever appeared in a public message, and that no log line holds one either.
"""

from __future__ import annotations

import logging
import re

import pytest

from tests.e2e.driver import Table, choose_turns, open_match, play_to_end

CONFIGS = [
    (3, "standard", 1),
    (3, "specialisation", 2),
    (4, "specialisation", 3),
    (5, "standard", 4),
]


def card_pattern(cards) -> re.Pattern[str] | None:
    names = sorted({str(card) for card in cards})
    return re.compile(r"\b(" + "|".join(names) + r")\b") if names else None


@pytest.mark.parametrize(("players", "variant", "seed"), CONFIGS)
async def test_a_whole_game_keeps_every_secret(
    fake, make_bot, caplog, players: int, variant: str, seed: int
):
    caplog.set_level(logging.INFO)
    users = [fake.add_member(f"player{i}") for i in range(players)]
    closed = users[-1]
    async with fake.running(make_bot()) as bot:
        await choose_turns(fake, users)  # hands by DM at each decision
        fake.close_dms(closed)
        channel = fake.channel("games")
        table = await open_match(fake, bot, "toshi", channel, users, variant=variant)
        match = await table.match()
        assert match.options == {"variant": variant}
        start = fake.messages(channel)[-3:]
        assert any(f"<@{closed.id}>" in m.content and "/toshi hand" in m.content for m in start)

        # Every open-DM player got their hand by DM at the start, and the closed one got none.
        for user in users[:-1]:
            hand = match.state.hands[match.seat_of(user.id)]
            (dm,) = fake.dms(user)
            assert all(str(card) in dm.content for card in hand)
            assert dm.attachments, "the hand also comes as a picture"
        assert fake.dms(closed) == []

        async def check_secrets() -> None:
            await check_no_hand_in_public(table)
            await closed_player_looks_at_hand(table, closed)

        final_match = await play_to_end(table, seed=seed, before_each=check_secrets)
        assert final_match.status == "finished"
        final = fake.messages(channel)[-1].content
        assert "Game over" in final
        for seat in range(players):
            assert f"<@{final_match.user_at(seat)}>" in final

        # A hand that changed went out again by DM (a card played: one card fewer).
        for user in users[:-1]:
            assert len(fake.dms(user)) > 1
        # The face-down builds were announced without their card.
        for message in fake.messages(channel):
            if "face down on" in message.content:
                line = next(x for x in message.content.splitlines() if "face down on" in x)
                assert not re.search(r"\b[RBGPY]\d{1,2}\b", line), line
        assert not fake.errors or all(e.code == 50007 for e in fake.errors)

        # A player's own copy of the log names their face-down cards: its pages turn for them
        # alone. Another player's click on its buttons changes nothing and says why.
        owner, other = users[0], users[1]
        own = await fake.slash(owner, channel, "toshi log")
        assert own.ephemeral and "your own moves in your words" in own.content
        turners = [c for c in own.message.custom_ids() if c.startswith("tt:log:")]
        assert turners and all(c.endswith(f":o:{owner.id}") for c in turners), turners
        shown = own.message.content
        forged = await fake.click(other, own.message, turners[-1])
        assert forged.ephemeral and "another player's own copy" in forged.content
        assert own.message.content == shown


async def check_no_hand_in_public(table: Table) -> None:
    match = await table.match()
    hands = [card for hand in match.state.hands for card in hand]
    pattern = card_pattern(hands)
    if pattern is None:
        return
    leaked = pattern.findall(table.fake.all_public_text())
    assert not leaked, f"cards still in hands appeared in public: {leaked}"


async def closed_player_looks_at_hand(table: Table, closed) -> None:
    """Before each of their decisions, the player without DMs reads `/toshi hand`."""
    match = await table.match()
    if closed.id not in match.to_act():
        return
    hand = match.state.hands[match.seat_of(closed.id)]
    reply = await table.fake.slash(closed, table.channel, "toshi hand")
    assert reply.ephemeral
    assert all(str(card) in reply.content for card in hand), reply.content


@pytest.fixture(autouse=True)
def no_secret_in_logs(caplog):
    """After each test: nothing the bot logged names a card (our log lines carry no moves)."""
    yield
    records = caplog.get_records("call")
    ours = [r.getMessage() for r in records if r.name.startswith("tidetable")]
    assert ours, "the bot logged its moves"
    assert not [line for line in ours if re.search(r"\b[RBGPY]\d{1,2}\b", line)]
