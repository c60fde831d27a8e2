"""Helpers for the hardening tests: each keeps its journeys in its own folder (import
``journeys`` into a test module: it is autouse there)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from rules.book import FOLDER_ENV


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder ``JourneyBook`` uses for names (``$LANTERN_JOURNEYS``), fresh for each test."""
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def digest(path: Path) -> str:
    """The bytes of a file, hashed (with its -wal, if any): unchanged means nothing was written."""
    wal = path.with_name(path.name + "-wal")
    data = path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    return hashlib.sha256(data).hexdigest()
