"""Who may open a match where, by the server's settings, and what a new match gets unless its
creator says otherwise. Pure: ids in, a refusal (or a default) out; no I/O, no Discord.
"""

from __future__ import annotations

from collections.abc import Iterable

from data.serversettings import ServerSettings
from i18n.text import T, joined
from rules.errors import PlayerError
from table.history import UNDO_OPTION

DEFAULT = "default"  # an option the creator left to the server's settings


class NotOpenHere(PlayerError):
    """The server's settings do not let this member open a match here: nothing is saved."""


def check_opening(
    settings: ServerSettings,
    *,
    channel_id: int,
    parent_id: int | None,
    role_ids: Iterable[int],
    admin: bool,
) -> None:
    """Refuse (``NotOpenHere``, saying what is allowed) a match opened outside the server's
    match channels or by a member without its role. A thread counts as its channel: a match
    may be opened in a thread of an allowed channel. A member with Manage Server may open one
    whatever role they have (they choose the role), but only where matches belong."""
    if settings.channels and not ({channel_id, parent_id} & set(settings.channels)):
        places = joined((f"<#{c}>" for c in settings.channels), ", ")
        raise NotOpenHere(
            T(
                "On this server matches are opened only in {places} (or a thread of it). "
                "Nothing was saved.",
                places=places,
            )
            if len(settings.channels) == 1
            else T(
                "On this server matches are opened only in {places} (or a thread of one of "
                "them). Nothing was saved.",
                places=places,
            )
        )
    if settings.role is not None and not admin and settings.role not in set(role_ids):
        role = f"<@&{settings.role}>"
        raise NotOpenHere(
            T(
                "On this server only members with the {role} role open matches. Nothing was saved.",
                role=role,
            )
        )


def undo_for(settings: ServerSettings, chosen: str) -> str:
    """The ``undo`` option of a new match: the creator's choice, or the server's default."""
    if chosen != DEFAULT:
        return chosen
    return settings.undo if settings.undo in UNDO_OPTION.choices else UNDO_OPTION.default
