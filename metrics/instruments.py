"""The bot's Prometheus instruments, in a registry of its own (not the client library's global
one, which also carries the Python process's own metrics; those are added where the registry is
served).

Counters and histograms are recorded where the thing happens (a save, a delivery, a due timer,
a computer's decision, a picture, an answer from Discord, a storage failure); the gauges of the
database's contents (the outbox's backlog, the open matches) are read when the metrics are
scraped. Durations are measured in seconds of wall time: they say how the machine is doing, not
what time it is in a match.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry()

ACTIONS_SAVED = Counter(
    "tidetable_actions_saved",
    "Actions saved (moves, lobby changes, timeouts...), by the event they announce.",
    ["kind"],
    registry=REGISTRY,
)
OUTBOX_PENDING = Gauge(
    "tidetable_outbox_pending",
    "Outbox entries not yet delivered (due now or later).",
    registry=REGISTRY,
)
OUTBOX_OLDEST_SECONDS = Gauge(
    "tidetable_outbox_oldest_due_seconds",
    "How long the oldest entry that is due has waited (0 when none is due).",
    registry=REGISTRY,
)
DELIVERIES = Counter(
    "tidetable_outbox_deliveries",
    "Outbox delivery attempts, by outcome (sent, retry, failed, unexpected).",
    ["outcome"],
    registry=REGISTRY,
)
TIMER_LATENESS_SECONDS = Histogram(
    "tidetable_timer_lateness_seconds",
    "How long after its due time a timer (deadline, reminder, turn notice) was carried out.",
    buckets=(0.1, 0.5, 1, 5, 15, 60, 300, 1800, 3600, 6 * 3600, 86400),
    registry=REGISTRY,
)
COMPUTER_DECISION_SECONDS = Histogram(
    "tidetable_computer_decision_seconds",
    "How long a computer seat took to decide, by game and level.",
    ["game", "level"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16),
    registry=REGISTRY,
)
RENDER_SECONDS = Histogram(
    "tidetable_picture_render_seconds",
    "How long drawing and encoding a picture took, by game (or the kind of chart).",
    ["game"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2),
    registry=REGISTRY,
)
DISCORD_RESPONSES = Counter(
    "tidetable_discord_responses",
    "Answers of Discord's HTTP API, by status code.",
    ["status"],
    registry=REGISTRY,
)
INTERACTIONS_ANSWERED = Counter(
    "tidetable_interactions_answered",
    "Interactions the bot answered (its first response to each).",
    registry=REGISTRY,
)
INTERACTIONS_LATE = Counter(
    "tidetable_interactions_answered_late",
    "Interactions first answered more than 3 seconds after they were sent (Discord drops them).",
    registry=REGISTRY,
)
STORAGE_ERRORS = Counter(
    "tidetable_storage_errors",
    "Failures of the database, by kind (busy, unreachable, read-only, full, damaged...).",
    ["kind"],
    registry=REGISTRY,
)
OPEN_MATCHES = Gauge(
    "tidetable_open_matches",
    "Matches in a lobby or being played, by game and status.",
    ["game", "status"],
    registry=REGISTRY,
)

# Labels known in advance are served from the start, at 0: a rate over them needs no first event.
for outcome in ("sent", "retry", "failed", "unexpected"):
    DELIVERIES.labels(outcome)
for kind in ("busy", "read_only", "disk_full", "unreachable", "broken", "other"):
    STORAGE_ERRORS.labels(kind)
