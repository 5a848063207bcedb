"""The code base stays ruff clean and its types hold: both run as part of the test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    """Types are checked, not only written: strict for rules/, table/, data/ and ai/, mypy's
    default level for the rest ([tool.mypy] in pyproject.toml)."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
