"""Helpers for the hardening tests: each keeps its journeys in its own folder (import
``journeys`` into a test module: it is autouse there)."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

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


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (journeys with their -wal and -shm, card and table files), by
    path, with its bytes: equal before and after means nothing was written, made or removed."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def edit(path: Path, *statements: str) -> None:
    """Change a journey with plain SQLite, as a player with a database tool (or another program)
    would: each statement in one transaction, the connection closed after."""
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()


def assert_refused_untouched(
    folder: Path, error: type[Exception], message: str, call: Callable[[], object]
) -> None:
    """``call()`` raises exactly ``error`` with exactly ``message`` (``<folder>`` in it stands
    for the folder's path), and no file under ``folder`` changed, appeared or went."""
    before = files_of(folder)
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error, caught.value
    said, expected = str(caught.value), message.replace("<folder>", str(folder))
    assert said == expected, f"said:     {said}\nexpected: {expected}"
    after = files_of(folder)
    assert sorted(after) == sorted(before)
    assert [name for name in after if after[name] != before[name]] == []


class Case(NamedTuple):
    """One bad input: ``prepare(folder)`` makes the files and returns the call that is refused
    with exactly ``error`` and ``message`` (``<folder>`` standing for the folder)."""

    id: str
    error: type[Exception]
    message: str
    prepare: Callable[[Path], Callable[[], object]]


def registry(cases: list[Case]) -> Callable[[str, type[Exception], str], Callable[[Any], Any]]:
    """A decorator ``@case(id, error, message)`` adding the function below it to ``cases``.

    An id used twice is refused when the module is read: pytest would quietly number the second
    one, and a report naming the case would then name two."""

    def case(id: str, error: type[Exception], message: str) -> Callable[[Any], Any]:
        if any(known.id == id for known in cases):
            raise ValueError(f"the case id {id!r} is already in this catalogue: give it another")

        def register(prepare: Callable[[Path], Callable[[], object]]) -> Any:
            cases.append(Case(id, error, message, prepare))
            return prepare

        return register

    return case
