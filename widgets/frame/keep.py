"""Journeys kept in the browser, and carried to and from it as ``.lantern`` files.

Why a folder of its own: in JupyterLite the file browser's folder (``/drive``) keeps whole files
in the browser's IndexedDB, but SQLite cannot run there (``disk I/O error``, ``database disk
image is malformed``, in every journal mode). SQLite runs in memory folders, which a reload
empties. So the journeys folder is a memory folder backed by IndexedDB (Emscripten's IDBFS,
mounted at :data:`KEPT`): filled from IndexedDB once when the notebook starts
(:func:`keep_journeys`), and copied back after every write
(:data:`rules.book.store.files.AFTER_WRITE`), which is what lets a journey survive a reload and
closing the tab.

What would lose it, said beside the panel (:func:`where_kept`): the browser keeps a site's data
per address (host and port), so another address or port sees none of it, and clearing the site's
data removes it. *Download journey* saves a copy (a ``.lantern`` file, the same file ``make play``
keeps in ``journeys/``); *Upload journey* opens one, checked whole first.

On a computer none of this runs: :func:`keep_journeys` does nothing there, and the panel shows no
Download or Upload (the file is in ``journeys/`` already). :class:`JourneyFiles` itself is plain
ipywidgets and is tested on CPython.
"""

from __future__ import annotations

import asyncio
import base64
import os
import re
import tempfile
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from rules.book import FOLDER_ENV, JourneyBook
from rules.book.store.files import AFTER_WRITE, SUFFIX, link_new
from rules.book.verify import verify
from rules.errors import InvalidInput
from rules.table import platform
from widgets.parts.messages import MessageArea, guarded

__all__ = ["KEPT", "JourneyFiles", "keep_journeys", "where_kept"]

#: Where the browser's journeys live: a folder backed by IndexedDB.
KEPT = Path("/lantern")
#: The largest journey file an upload takes (a long journey is a few megabytes).
MOST_BYTES = 64 * 1024 * 1024

_syncing = {"busy": False, "again": False}


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own module, in a browser

    return pyodide_js.FS


def _sync(populate: bool) -> asyncio.Future[Any]:
    """Emscripten's ``FS.syncfs``: IndexedDB into memory (``populate``) or memory into it."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()

    def done(error: Any = None) -> None:
        if not future.done():
            future.set_result(error)

    _fs().syncfs(populate, create_once_callable(done))
    return future


def _persist(_path: Path) -> None:
    """After a write: copy the folder into IndexedDB (one copy at a time; a write during one
    asks for another when it ends)."""
    if _syncing["busy"]:
        _syncing["again"] = True
        return
    _syncing["busy"] = True
    _sync(False).add_done_callback(_persisted)


def _persisted(_done: object) -> None:
    _syncing["busy"] = False
    if _syncing["again"]:
        _syncing["again"] = False
        _persist(KEPT)


async def keep_journeys() -> Path | None:
    """In a browser: mount :data:`KEPT` on IndexedDB, fill it from there, make it the journeys
    folder (``$LANTERN_JOURNEYS``) and copy it back after every write. None on a computer."""
    if not platform.HAS.browser:
        return None
    fs = _fs()
    KEPT.mkdir(parents=True, exist_ok=True)
    if not getattr(keep_journeys, "mounted", False):
        fs.mount(fs.filesystems.IDBFS, {}, str(KEPT))
        keep_journeys.mounted = True  # type: ignore[attr-defined]
        await _sync(True)
    folder = KEPT / "journeys"
    folder.mkdir(exist_ok=True)
    os.environ[FOLDER_ENV] = str(folder)
    if _persist not in AFTER_WRITE:
        AFTER_WRITE.append(_persist)
    return folder


def _origin() -> str:
    try:
        import js  # type: ignore[import-not-found]  # the browser's globals, in Pyodide

        return str(js.location.origin)
    except (ImportError, AttributeError):
        return "this address"


def where_kept() -> str:
    """The sentence a player reads beside the panel: where the journey is, what would lose it."""
    return (
        f"Your journeys are kept in this browser, for {escape(_origin())} only. Clearing this "
        "site's data, or opening the site at another address or port, leaves them behind: "
        "<b>Download journey</b> keeps a copy you can open here again or with <code>make play"
        "</code>."
    )


def _stem(name: str) -> str:
    """A journey's name from an uploaded file's name (letters, digits, - and _ kept)."""
    stem = re.sub(r"[^\w\-]+", "-", Path(name).name.removesuffix(SUFFIX)).strip("-.")
    return stem[:60] or "uploaded"


class JourneyFiles(widgets.VBox):
    """*Download journey*, *Upload journey*, and where the journeys are kept.

    ``book()`` is the journey the panel shows; ``switch(book)`` hands the panel an uploaded one.
    """

    def __init__(
        self,
        book: Callable[[], JourneyBook[Any, Any]],
        switch: Callable[[JourneyBook[Any, Any]], None],
        messages: MessageArea,
    ) -> None:
        super().__init__()
        self.add_class("lantern-journey-files")
        self.book, self.switch, self.messages = book, switch, messages
        self.download_button = widgets.Button(
            description="Download journey",
            icon="download",
            tooltip="A copy of this journey as a .lantern file, to keep or to open elsewhere",
        )
        self.download_button.add_class("lantern-download")
        self.download_button.on_click(lambda _b: self.download())
        self.upload = widgets.FileUpload(
            accept=SUFFIX, multiple=False, description="Upload journey", icon="upload"
        )
        self.upload.add_class("lantern-upload")
        self.upload.observe(lambda _c: self._uploaded(), names="value")
        self.link = widgets.HTML()
        self.link.add_class("lantern-download-link")
        self.note = widgets.HTML(f"<small>{where_kept()}</small>")
        self.note.add_class("lantern-kept-note")
        self.children = [widgets.HBox([self.download_button, self.upload, self.link]), self.note]

    def download(self) -> bytes:
        """A consistent copy of the journey's file, offered as a link that saves it."""
        with guarded(self.messages):
            book = self.book()
            with tempfile.TemporaryDirectory(prefix="lantern-download-") as scratch:
                data = book.backup(Path(scratch) / f"{book.name}{SUFFIX}").read_bytes()
            name = escape(f"{book.name}{SUFFIX}", quote=True)
            encoded = base64.b64encode(data).decode("ascii")
            self.link.value = (
                f'<a download="{name}" href="data:application/octet-stream;base64,{encoded}" '
                f'class="lantern-save">Save {name}</a>'
            )
            self.messages.success(f"{name} is ready: click Save to keep it ({len(data)} bytes).")
            return data
        return b""

    def _uploaded(self) -> None:
        files = list(self.upload.value)
        if not files:
            return
        with guarded(self.messages):
            found = files[0]
            self.take(str(found["name"]), bytes(found["content"]))
        self.upload.value = ()

    def take(self, name: str, data: bytes) -> JourneyBook[Any, Any]:
        """Check an uploaded journey whole, put it in the journeys folder under a free name
        (never over a journey there), open it and hand it to the panel."""
        if len(data) > MOST_BYTES:
            raise InvalidInput(
                f"{name!r} is {len(data)} bytes: a journey file is at most {MOST_BYTES}"
            )
        current = self.book()
        folder = current.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        # The copy is made in the journeys folder itself: a rename cannot cross file systems
        # (the browser's /tmp and its IndexedDB-backed folder are two, as /tmp may be here).
        with tempfile.TemporaryDirectory(prefix=".upload-", dir=folder) as scratch:
            copy = Path(scratch) / f"upload{SUFFIX}"
            copy.write_bytes(data)
            verify(copy)  # refuses a file that is not a whole journey, in words
            JourneyBook.open(copy, game=current.game.name).close()  # and one of another game
            stem, number = _stem(name), 1
            target = folder / f"{stem}{SUFFIX}"
            while target.exists():
                number += 1
                target = folder / f"{stem}-{number}{SUFFIX}"
            link_new(copy, target)
        book = JourneyBook.open(target, game=current.game.name)
        self.switch(book)
        self.messages.success(f"Journey {book.name!r} opened from {name}: {book.actions} actions.")
        return book
