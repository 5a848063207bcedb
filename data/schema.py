"""The database's schema: numbered migrations, the same for both back-ends (``data/sql.py``
translates the column types for PostgreSQL). Each entry migrates the schema from version i to
i + 1. Never edit an entry once released: append a new one."""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game        TEXT    NOT NULL,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        creator_id  INTEGER NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        result      TEXT,
        created_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
    );
    CREATE UNIQUE INDEX one_open_match_per_channel
        ON matches (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        match_id   INTEGER NOT NULL REFERENCES matches (id),
        user_id    INTEGER NOT NULL,
        joined     INTEGER NOT NULL,
        seat       INTEGER,
        PRIMARY KEY (match_id, user_id)
    );
    CREATE TABLE moves (
        match_id   INTEGER NOT NULL REFERENCES matches (id),
        version    INTEGER NOT NULL,
        seat       INTEGER,
        move       TEXT    NOT NULL,
        at         TEXT    NOT NULL,
        PRIMARY KEY (match_id, version)
    );
    """,
    # The outbox: one row per announcement, delivered in id order within its lane (a match),
    # retried with backoff, kept after delivery as the record of what was announced.
    """
    CREATE TABLE outbox (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        lane        TEXT    NOT NULL,
        match_id    INTEGER REFERENCES matches (id),
        kind        TEXT    NOT NULL,
        payload     TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        due_at      REAL    NOT NULL,
        attempts    INTEGER NOT NULL DEFAULT 0,
        status      TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sent', 'failed')),
        last_error  TEXT,
        done_at     REAL
    );
    CREATE INDEX outbox_pending ON outbox (due_at) WHERE status = 'pending';
    CREATE INDEX outbox_lane ON outbox (lane, id) WHERE status = 'pending';
    CREATE TABLE users (
        user_id     INTEGER PRIMARY KEY,
        dm_closed   INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE meta (
        key         TEXT PRIMARY KEY,
        value       TEXT NOT NULL
    );
    """,
    # The turn clock (table/turnclock.py, data/clockstore.py): timers indexed by due time, each
    # bound to one decision (the match version it began at); a match's clock and pause; seats
    # the table plays; players' preferences and time away; servers' default clocks.
    """
    CREATE TABLE timers (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id    INTEGER REFERENCES matches (id),
        user_id     INTEGER NOT NULL,
        seat        INTEGER,
        kind        TEXT    NOT NULL CHECK (kind IN ('deadline', 'reminder', 'turn', 'back')),
        detail      TEXT    NOT NULL DEFAULT '',
        decision    INTEGER NOT NULL,
        due_at      REAL    NOT NULL,
        begun       REAL    NOT NULL,
        status      TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'paused', 'done', 'void')),
        remaining   REAL,
        done_at     REAL
    );
    CREATE INDEX timers_due ON timers (due_at) WHERE status = 'pending';
    CREATE INDEX timers_match ON timers (match_id, seat) WHERE status IN ('pending', 'paused');
    CREATE INDEX timers_user ON timers (user_id) WHERE status IN ('pending', 'paused');
    ALTER TABLE matches ADD COLUMN clock INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN board_message INTEGER;
    ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN table_seat INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX seats_user ON seats (user_id);
    ALTER TABLE users ADD COLUMN away_until REAL;
    ALTER TABLE users ADD COLUMN notify_turn INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE users ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE users ADD COLUMN quiet_start INTEGER;
    ALTER TABLE users ADD COLUMN quiet_end INTEGER;
    ALTER TABLE users ADD COLUMN tz TEXT NOT NULL DEFAULT 'UTC';
    CREATE TABLE guild_settings (
        guild_id      INTEGER PRIMARY KEY,
        default_clock TEXT NOT NULL
    );
    """,
    # Several processes on one database (PostgreSQL): an outbox entry or a due timer is claimed
    # by one process for a lease; if that process dies holding it, another takes it once the
    # lease has run out (data/outbox.py, table/scheduler.py).
    """
    ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
    ALTER TABLE outbox ADD COLUMN lease_until REAL;
    ALTER TABLE timers ADD COLUMN claimed_by TEXT;
    ALTER TABLE timers ADD COLUMN lease_until REAL;
    """,
    # Privacy and server settings (data/erasures.py, data/serversettings.py). An erasure is
    # work that must be finished even across a crash: the data of a server that removed the
    # bot, deleted once its grace period is over (unless the bot comes back), or the open
    # seats of a person who asked to be forgotten, still to be resigned. A row lives only while
    # its work is pending (claimed for a lease, as timers are); the transaction that carries it
    # out deletes it. The outbox and the timers get an index by match (every outbox row and
    # timer of a server's matches is deleted with them: without one, each match deleted would
    # scan the whole outbox, for its own rows and for the foreign key's check). A server's
    # settings: where matches may be opened (channel ids separated
    # by commas, empty: anywhere), who may open them (a role, NULL: anyone), the undo default
    # of new matches, its language and its announcements channel.
    """
    CREATE TABLE erasures (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        kind        TEXT    NOT NULL CHECK (kind IN ('guild', 'former')),
        subject     INTEGER NOT NULL,
        due_at      REAL    NOT NULL,
        created_at  REAL    NOT NULL,
        claimed_by  TEXT,
        lease_until REAL
    );
    CREATE UNIQUE INDEX erasures_one ON erasures (kind, subject);
    CREATE INDEX erasures_due ON erasures (due_at);
    CREATE INDEX outbox_match ON outbox (match_id);
    CREATE INDEX timers_of_match ON timers (match_id);
    ALTER TABLE guild_settings ADD COLUMN match_channels TEXT NOT NULL DEFAULT '';
    ALTER TABLE guild_settings ADD COLUMN opener_role INTEGER;
    ALTER TABLE guild_settings ADD COLUMN default_undo TEXT;
    ALTER TABLE guild_settings ADD COLUMN language TEXT;
    ALTER TABLE guild_settings ADD COLUMN announce_channel INTEGER;
    """,
    # How a turn reaches each player (data/clockrows.py Prefs): a mention, a DM or both, and
    # the delay of the DM that follows a mention. ``notify_turn`` is no longer read: a player
    # who had turned the DM off gets the mention, which is the default for everyone. And the
    # lobby's one message, edited as players join and leave instead of posting again.
    """
    ALTER TABLE users ADD COLUMN turn_by TEXT NOT NULL DEFAULT 'mention';
    ALTER TABLE users ADD COLUMN dm_after INTEGER NOT NULL DEFAULT 60;
    ALTER TABLE matches ADD COLUMN lobby_message INTEGER;
    """,
    # A storm of due work after an outage (data/outbox.py): when many entries are due at once,
    # what changes whose turn it is goes out first (``priority``); an entry first tried long
    # ago (a crash, then a long outage) is looked for in its channel before it is sent again,
    # since Discord keeps a nonce for minutes only (``first_tried``); a user whose DMs were
    # found closed is not sent DMs again for a while (``dm_closed_at``; those found closed
    # before this migration are tried once more).
    """
    ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE outbox ADD COLUMN first_tried REAL;
    CREATE INDEX outbox_priority ON outbox (priority, id) WHERE status = 'pending';
    ALTER TABLE users ADD COLUMN dm_closed_at REAL;
    """,
    # Where a finished match turned (table/analysis.py): every seat's estimated chances after
    # each decision, and the largest swings with what the search preferred there. Derived
    # data, computed once per match and kept so that asking again costs nothing.
    """
    CREATE TABLE analyses (
        match_id    INTEGER PRIMARY KEY REFERENCES matches (id),
        chances     TEXT    NOT NULL,
        swings      TEXT    NOT NULL,
        cpu_seconds REAL    NOT NULL,
        created_at  REAL    NOT NULL
    );
    """,
    # Leagues and tournaments (data/leagues.py, table/leagues.py): a league of one game and its
    # options on a server, its sign-up list, and every table of every round (its players in
    # seat order, the match opened for it; a bye is a table of one with no match). A round's
    # tables, their matches and the announcements that open them are written in one
    # transaction, version-checked on the league's row. ``league_places`` is a server's
    # choices: the channel where the bot keeps one message listing the open tables (and that
    # message), and the role that may open leagues besides Manage Server. A lobby may be
    # opened for invited people only (``lobby_invites``).
    """
    CREATE TABLE leagues (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id     INTEGER NOT NULL,
        channel_id   INTEGER NOT NULL,
        creator_id   INTEGER NOT NULL,
        name         TEXT    NOT NULL,
        game         TEXT    NOT NULL,
        options      TEXT    NOT NULL,
        clock        INTEGER NOT NULL,
        format       TEXT    NOT NULL,
        size         INTEGER NOT NULL,
        rounds       INTEGER NOT NULL,
        signup_until REAL    NOT NULL,
        status       TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished',
                                                        'cancelled')),
        round        INTEGER NOT NULL DEFAULT 0,
        version      INTEGER NOT NULL DEFAULT 0,
        created_at   REAL    NOT NULL,
        message_id   INTEGER
    );
    CREATE INDEX leagues_of_guild ON leagues (guild_id, status);
    CREATE TABLE league_players (
        league_id  INTEGER NOT NULL REFERENCES leagues (id),
        user_id    INTEGER NOT NULL,
        joined     INTEGER NOT NULL,
        withdrawn  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (league_id, user_id)
    );
    CREATE TABLE league_tables (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        league_id  INTEGER NOT NULL REFERENCES leagues (id),
        round      INTEGER NOT NULL,
        number     INTEGER NOT NULL,
        players    TEXT    NOT NULL,
        match_id   INTEGER,
        UNIQUE (league_id, round, number)
    );
    CREATE INDEX league_tables_match ON league_tables (match_id);
    CREATE TABLE league_places (
        guild_id      INTEGER PRIMARY KEY,
        list_channel  INTEGER,
        list_message  INTEGER,
        league_role   INTEGER
    );
    CREATE TABLE lobby_invites (
        match_id  INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    """,
    # The locale each person last used (``cogs/language.py``): their DMs are written in it.
    """
    ALTER TABLE users ADD COLUMN locale TEXT;
    """,
)
