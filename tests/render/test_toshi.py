"""Toshi Tōshi pictures: real positions of every decision kind render in time and size."""

from __future__ import annotations

import dataclasses
import time

import pytest

from render.common import to_png
from render.toshi import render, render_hand
from rules import rng
from rules.playout import policy_game
from rules.toshi import ToshiToshi
from rules.toshi.model import Phase, ToshiState

GAME = ToshiToshi()
MAX_PNG = 500 * 1024


def positions(players: int, variant: str, seed: int) -> list[ToshiState]:
    state = GAME.setup(players, {"variant": variant}, seed)
    draw = rng.stream(seed, "render")
    return [state, *(after for *_, after in policy_game(GAME, state, draw, any_seat=True))]


def one_per_phase(players: int, variant: str) -> dict[Phase, ToshiState]:
    found: dict[Phase, ToshiState] = {}
    for seed in range(6):
        for state in positions(players, variant, seed):
            found.setdefault(state.phase, state)
    return found


@pytest.mark.parametrize(("players", "variant"), [(3, "standard"), (5, "specialisation")])
def test_every_decision_kind_renders_for_public_and_owner(players: int, variant: str):
    found = one_per_phase(players, variant)
    expected = {Phase.TRICK, Phase.NATURE, Phase.BUILD, Phase.INFLUENCE, Phase.OVER}
    if variant == "specialisation":
        expected |= {Phase.SECOND, Phase.PAWN, Phase.SPECIALISE}
        # Random play rarely leaves the Influenstar's owed token to the very end: set it up.
        base = found[Phase.INFLUENCE]
        influenstar = base.specs.index("Influenstar")
        found[Phase.OWED] = dataclasses.replace(base, phase=Phase.OWED, owed=influenstar)
    assert expected <= set(found)
    for state in found.values():
        for viewer in (None, 0):
            view = GAME.view(state, viewer)
            image = render(view)
            assert 1000 <= image.width <= 1500 and 600 <= image.height <= 1700
            assert len(to_png(image)) < MAX_PNG


def test_render_is_fast_once_warm():
    states = positions(5, "standard", 2)
    render(GAME.view(states[60], None))
    view = GAME.view(states[90], None)
    start = time.perf_counter()
    render(view)
    assert time.perf_counter() - start < 0.25  # target 50 ms; loose for busy test machines


def test_public_view_renders_without_secrets_and_hand_picture_needs_the_owner():
    state = positions(4, "standard", 1)[70]
    public = GAME.view(state, None)
    assert public.hand == () and public.my_face_down == ()
    assert render(public).width > 0
    owner = GAME.view(state, state.winner if state.winner >= 0 else 0)
    hand = render_hand(owner)
    assert hand.width >= 700 and len(to_png(hand)) < MAX_PNG
    assert render_hand(public).width >= 700  # says hands are private


def test_scale_changes_the_picture_size():
    view = GAME.view(positions(3, "standard", 0)[0], None)
    assert render(view, scale=0.5).width < render(view).width


# -- issue 11: readable at a glance ----------------------------------------------------------------
def test_the_board_rings_the_spots_a_token_may_use_now():
    """In the Nature phase the view lists exactly the spots of the legal placements, and the
    picture rings each of them in green; in a trick no spot is open."""
    from render.toshi import OPEN, TOKEN_R, _spot_xy
    from rules.toshi.model import Place

    found = one_per_phase(4, "standard")
    state = found[Phase.NATURE]
    view = GAME.view(state, None)
    (seat,) = GAME.to_act(state)
    legal = {m.spot for m in GAME.legal_moves(state, seat) if isinstance(m, Place)}
    assert view.open_spots and set(view.open_spots) == legal
    image = render(view).convert("RGB")
    for spot in view.open_spots:
        x, y = _spot_xy(view, spot, 1.0)
        ring = [image.getpixel((round(x + dx), round(y))) for dx in range(-TOKEN_R, TOKEN_R + 1)]
        assert OPEN in ring, spot
    assert GAME.view(found[Phase.TRICK], None).open_spots == ()


def test_the_title_keeps_its_o_with_a_macron():
    from render.common import font_for
    from render.toshi import TITLE

    assert TITLE == "Toshi Tōshi"
    assert font_for(TITLE, 30).getname()[0] == "Tidetable Sans"  # a font that has "ō"


def test_tokens_and_holder_badges_are_neutral_not_building_colours():
    from render.toshi import CARD_COLOURS, TOKEN_FILL, _holder_badge, _token_sprite

    assert TOKEN_FILL not in CARD_COLOURS.values()
    for seat in range(5):
        for sprite in (_token_sprite(seat, 1.0), _holder_badge(seat, 1.0)):
            colours = {c[:3] for _, c in sprite.getcolors(4096) if c[3] == 255}
            assert not colours & set(CARD_COLOURS.values())
            assert TOKEN_FILL in colours


def test_phases_carry_the_rulebook_names():
    from render.toshi import phase_name

    found = one_per_phase(5, "specialisation")
    words = {phase: phase_name(GAME.view(state, None)) for phase, state in found.items()}
    assert words[Phase.TRICK] == "Trick phase"
    assert words[Phase.NATURE] == "Nature phase"
    assert words[Phase.BUILD] == "Construction phase"
    assert words[Phase.INFLUENCE] == "Influence phase"
    for word in words.values():
        assert word.split()[0] in {"Trick", "Nature", "Construction", "Influence", "Game"}


def test_public_alt_text_holds_no_secret_of_any_seat():
    """Along a whole game, the public alt text never names a card in a hand (by code, R7, or
    in words, Red 7), and never says what a face-down card is: the city lists it as face-down.
    (The cards of the trick were played face up for all to see; which of them went face-down
    where stays the placer's secret.)"""
    import re

    from render.toshi import alt_text
    from tests.render.support import NAMES, check_alt, named

    states = positions(4, "standard", 3)
    for state in [*states[:: max(1, len(states) // 25)], states[-1]]:
        alt = alt_text(GAME.view(state, None), names=NAMES)
        check_alt(alt)
        named(alt, 4)
        for seat in range(4):
            for secret in GAME.secrets(state, seat):
                face_down = hasattr(secret, "space")
                card = secret.card if face_down else secret
                where = alt.split("City:")[1] if face_down else alt
                for text in (str(card), card.words):
                    assert not re.search(rf"\b{re.escape(text)}\b", where), (text, alt)
                if face_down:
                    assert f"{secret.space} face-down" in alt


def test_pictures_name_the_people():
    from tests.render.support import NAMES

    view = GAME.view(positions(3, "standard", 0)[20], 0)
    assert render(view, names=NAMES).tobytes() != render(view).tobytes()
    assert render_hand(view, names=NAMES).tobytes() != render_hand(view).tobytes()
