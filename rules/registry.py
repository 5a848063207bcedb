"""Every game the bot offers, by key. Adding a game is one line here plus its modules."""

from __future__ import annotations

from typing import Any

from rules.base import Game
from rules.fishing import FriendlyFishing
from rules.tokan import Tokan
from rules.tonari import Tonari
from rules.tonga import TongaBonga
from rules.toshi import ToshiToshi

GAMES: dict[str, Game[Any, Any, Any]] = {
    game.spec.key: game
    for game in (Tokan(), Tonari(), TongaBonga(), ToshiToshi(), FriendlyFishing())
}


def get(key: str) -> Game[Any, Any, Any]:
    return GAMES[key]
