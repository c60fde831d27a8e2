"""Every Journey Book test keeps its journeys in its own folder, never in the repository's."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.book import FOLDER_ENV


@pytest.fixture(autouse=True)
def journeys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder ``JourneyBook`` uses for names (``$LANTERN_JOURNEYS``), fresh for each test."""
    folder = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder
