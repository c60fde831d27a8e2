"""Journeys carried to and from the browser as files (widgets/frame/keep.py): *Download journey*
gives the ``.lantern`` file that ``JourneyBook`` opens on a computer to the same state; *Upload
journey* takes a journey made on a computer, checked whole, under a free name, and play goes on.
A damaged or foreign file is refused in words and changes nothing."""

from __future__ import annotations

import base64
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from rules.book import JourneyBook
from rules.firelights import Ask, Begin, Rest, available
from rules.table import platform
from widgets.firelights import FirelightsPanel
from widgets.frame.keep import JourneyFiles, keep_journeys, where_kept
from widgets.parts.messages import MessageArea


def played(folder: Path, name: str = "wick", actions: int = 6) -> JourneyBook[Any, Any]:
    book = JourneyBook.start(name, game="firelights", seed=5, folder=folder)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    for _ in range(actions - 1):
        book.play(Ask("even") if "ask" in available(book.state) else Rest())
    return book


def files_for(book: JourneyBook[Any, Any]) -> tuple[JourneyFiles, list[Any]]:
    switched: list[Any] = []
    return JourneyFiles(lambda: book, switched.append, MessageArea()), switched


def test_a_downloaded_journey_opens_on_a_computer_to_the_same_state(tmp_path: Path) -> None:
    book = played(tmp_path / "browser")
    files, _ = files_for(book)
    data = files.download()
    link = re.search(r'download="wick\.lantern" href="data:application/octet-stream;base64,([^"]+)"',
                     files.link.value)  # fmt: skip
    assert link is not None and base64.b64decode(link[1]) == data
    saved = tmp_path / "computer" / "wick.lantern"
    saved.parent.mkdir()
    saved.write_bytes(data)
    again = JourneyBook.open(saved)
    assert again.state == book.state and again.actions == book.actions == 6
    again.play(Rest() if "rest" in available(again.state) else Ask("odd"))  # play goes on there
    again.close()
    book.close()


def test_an_uploaded_journey_from_a_computer_opens_under_a_free_name_and_plays_on(
    tmp_path: Path,
) -> None:
    made = played(tmp_path / "computer", actions=9)
    made.close()
    here = played(tmp_path / "browser")  # the browser's own "wick": never replaced
    before = here.path.read_bytes()
    files, switched = files_for(here)
    book = files.take("wick.lantern", made.path.read_bytes())
    assert switched == [book] and book.path == tmp_path / "browser" / "wick-2.lantern"
    assert book.state == JourneyBook.open(made.path).state and book.actions == 9
    assert here.path.read_bytes() == before
    book.play(Rest() if "rest" in available(book.state) else Ask("odd"))
    assert book.actions == 10
    book.close()
    here.close()


@pytest.mark.parametrize("damage", ["not a journey", "an edited row", "another game"])
def test_a_damaged_or_foreign_upload_is_refused_in_words(tmp_path: Path, damage: str) -> None:
    here = played(tmp_path / "browser")
    if damage == "not a journey":
        data = b"SQLite format 3\x00" + b"\x00" * 200
    elif damage == "an edited row":
        other = played(tmp_path / "computer", "other", actions=4)
        other.close()
        db = sqlite3.connect(other.path)
        with db:
            db.execute("UPDATE book SET at = at + 1 WHERE seq = 2")
        db.close()
        data = other.path.read_bytes()
    else:
        other = JourneyBook.start("other", game="embers", seed=1, folder=tmp_path / "computer")
        other.close()
        data = other.path.read_bytes()
    files, switched = files_for(here)
    upload = {"name": "other.lantern", "type": "", "size": len(data), "content": memoryview(data)}
    files.upload.value = ({**upload, "last_modified": datetime.now(UTC)},)
    assert switched == [] and files.messages.kind == "error", files.messages.text
    assert sorted(p.name for p in here.path.parent.glob("*.lantern")) == ["wick.lantern"]
    here.close()


def test_on_a_computer_nothing_is_mounted_and_the_panel_shows_no_download(tmp_path: Path) -> None:
    import asyncio

    assert asyncio.run(keep_journeys()) is None
    panel = FirelightsPanel(played(tmp_path))
    assert not hasattr(panel.controls, "files")
    panel.close()


def test_in_a_browser_the_panel_offers_download_and_upload_and_says_what_loses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    monkeypatch.setattr(platform, "HAS", dataclasses.replace(platform.HAS, browser=True))
    panel = FirelightsPanel(played(tmp_path))
    files = panel.controls.files
    assert "another address or port" in files.note.value and "site's data" in files.note.value
    assert where_kept() in files.note.value
    files.download_button.click()
    assert "wick.lantern" in files.link.value
    panel.close()


def test_an_upload_never_renames_across_folders(tmp_path: Path, monkeypatch: Any) -> None:
    """In the browser, /tmp and the journeys' IndexedDB-backed folder are two file systems, and a
    rename from one to the other fails (``OSError: [Errno 18/75] Cross-device link``), as it does
    on a computer whose /tmp is a file system of its own: here every rename and link out of the
    journeys folder fails the same way, and the upload still lands."""
    import errno
    import os

    from rules.book.store import files as store_files

    made = played(tmp_path / "computer")
    made.close()
    here = played(tmp_path / "browser")
    folder = here.path.parent

    def same_folder(move: Any) -> Any:
        def checked(source: Any, target: Any, *args: Any, **kwargs: Any) -> Any:
            if folder not in Path(source).resolve().parents:
                raise OSError(errno.EXDEV, "Invalid cross-device link", str(source))
            return move(source, target, *args, **kwargs)

        return checked

    monkeypatch.setattr(store_files.os, "replace", same_folder(os.replace))
    monkeypatch.setattr(store_files.os, "link", same_folder(os.link))
    files, switched = files_for(here)
    book = files.take("wick.lantern", made.path.read_bytes())
    assert switched == [book] and book.path == folder / "wick-2.lantern"
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".upload-")]  # cleared
    book.close()
    here.close()
