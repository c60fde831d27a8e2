"""The journey you were playing: Run All after a restart continues it, not the game's default.

Why: "the journeys folder remembers the journey last played per game (a small file in the
folder, written atomically ...) that list_journeys ignores), updated by start, open, and by
play/undo/redo/reroll when this book is not already the remembered one (cheap: no file write per
action once it is remembered). open_or_start(where=None, *, game=...) with no name continues the
last-played journey of that game ..., and starts the game's default journey when there is none or
the remembered file is gone. An explicit name keeps working as today."
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import begin, played, step

from rules.book import JourneyBook, files, last_played, list_journeys
from rules.book.files import LAST_PLAYED


def restart_and_run_all(**kwargs: Any) -> JourneyBook[Any, Any]:
    """What the notebook's cell does after Restart Kernel + Run All."""
    return JourneyBook.open_or_start(game="firelights", **kwargs)


def test_run_all_continues_the_journey_started_last_not_the_default(journeys: Path) -> None:
    default = restart_and_run_all()
    assert default.name == "firelights"
    begin(default)
    default.close()
    wick = JourneyBook.start("wick", game="firelights")  # the panel's New journey does this
    begin(wick)
    step(wick)
    record = wick.to_json()
    wick.close()
    again = restart_and_run_all()
    assert again.name == "wick" and again.to_json() == record
    assert JourneyBook.last_played("firelights") == journeys / "wick.lantern"


def test_opening_a_journey_makes_it_the_one_run_all_continues(journeys: Path) -> None:
    played("ash", 3).close()
    played("wick", 2).close()
    assert last_played("firelights") == journeys / "wick.lantern"
    JourneyBook.open("ash").close()  # the panel's Open
    assert restart_and_run_all().name == "ash"


def test_playing_an_older_book_makes_it_the_remembered_one_again(journeys: Path) -> None:
    """Two books open in one kernel (a panel switched, a variable kept the old one)."""
    ash = played("ash", 3)
    wick = played("wick", 2)
    assert last_played("firelights") == wick.path
    step(ash)
    assert last_played("firelights") == ash.path
    wick.undo()
    assert last_played("firelights") == wick.path
    ash.reroll()
    assert last_played("firelights") == ash.path


def test_no_file_is_written_per_action_once_the_journey_is_remembered(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = played("wick", 3)
    writes: list[object] = []
    replace = os.replace
    monkeypatch.setattr(files.os, "replace", lambda *a: writes.append(a) or replace(*a))
    for _ in range(5):
        step(book)
    book.undo()
    book.redo()
    book.reroll()
    assert writes == []
    assert last_played("firelights") == book.path


def test_when_the_remembered_journey_is_gone_the_default_journey_starts(journeys: Path) -> None:
    played("wick", 2).close()
    for suffix in ("", "-wal", "-shm"):
        (journeys / f"wick.lantern{suffix}").unlink(missing_ok=True)
    assert last_played("firelights") is None
    book = restart_and_run_all()
    assert book.name == "firelights" and book.actions == 0


def test_an_explicit_name_keeps_working_and_is_then_remembered(journeys: Path) -> None:
    played("wick", 2).close()
    ash = JourneyBook.open_or_start("ash", game="firelights")
    assert ash.name == "ash" and ash.path == journeys / "ash.lantern"
    ash.close()
    assert restart_and_run_all().name == "ash"


def test_a_refused_open_or_start_does_not_change_which_journey_is_remembered(
    journeys: Path,
) -> None:
    played("ash", 2).close()
    played("wick", 2).close()
    with pytest.raises(ValueError, match="seed 7, not 8"):
        JourneyBook.open_or_start("ash", seed=8)
    assert last_played("firelights") == journeys / "wick.lantern"


def test_the_remembered_file_is_small_hidden_per_game_and_not_a_journey(journeys: Path) -> None:
    journeys.mkdir(parents=True)
    (journeys / LAST_PLAYED).write_text(json.dumps({"another game": "theirs.lantern"}))
    book = played("wick", 1)
    assert LAST_PLAYED.startswith(".")
    assert json.loads((journeys / LAST_PLAYED).read_text()) == {
        "another game": "theirs.lantern",
        "firelights": "wick.lantern",
    }
    assert [getattr(info, "name", None) for info in list_journeys()] == ["wick"]
    assert sorted(p.name for p in journeys.iterdir() if ".tmp" in p.name) == []
    book.close()


@pytest.mark.parametrize(
    "content",
    ['{"firelights": "../elsewhere.lantern"}', '{"firelights": ".hidden.lantern"}',
     '{"firelights": "wick.txt"}', '{"firelights": 3}', "[1, 2]", "not json"],
    ids=["path", "hidden", "not-a-journey", "number", "list", "broken"],
)  # fmt: skip
def test_a_doctored_or_broken_remembered_file_is_ignored(journeys: Path, content: str) -> None:
    journeys.mkdir(parents=True)
    (journeys / LAST_PLAYED).write_text(content)
    assert last_played("firelights") is None
    book = restart_and_run_all()
    assert book.name == "firelights"
    assert last_played("firelights") == book.path  # and the file is written right again


def test_a_folder_that_cannot_take_the_file_plays_on(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object) -> None:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(files.os, "replace", refuse)
    book = played("wick", 3)
    assert book.actions == 3 and last_played("firelights") is None
    assert not [p for p in journeys.iterdir() if p.name.startswith(LAST_PLAYED)]
