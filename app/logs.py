"""How the bot writes its log: plain lines for a person at a terminal, or one JSON object per
line (``LOG_FORMAT=json``) for a log collector (journald, Docker, Loki, Elasticsearch…)."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FORMATS = ("text", "json")


class JsonLines(logging.Formatter):
    """A record as one JSON object: time (UTC, ISO 8601), level, logger, message, and the
    exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(log_format: str) -> None:
    """The root logger at INFO, writing to stderr in ``log_format`` ("text" or "json")."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if log_format == "json" else logging.Formatter(TEXT))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
