"""Hostile text never runs in JupyterLab: a ``%%journal`` cell and a note from someone else's
journey file, both holding an ``onerror`` payload, through Run All twice.

Why: "a `%%journal` cell holding `<img src=x onerror=alert(2)>` ran its script on every Run
All. A journey file from someone else replays their notes into your notebook ... one [test] in
the real browser that an `onerror` payload never runs."

The control cell shows the same kind of payload as raw HTML (``IPython.display.HTML``): it does
run, which proves that a notebook's own outputs are trusted here and that the check would see a
payload that runs.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import assert_no_tracebacks, open_notebook, wait_kernel_idle
from playwright.sync_api import expect

from rules.book import JourneyBook
from rules.firelights import Begin

#: Each payload records that it ran (and opens an alert, which the page would show).
RAN = "window.__lanternRan=(window.__lanternRan||[]).concat"
CELL_PAYLOAD = f"<img src=x onerror=\"{RAN}(['cell']);alert(2)\"> The bridge *sways*."
NOTE_PAYLOAD = (
    f"<img src=x onerror=\"{RAN}(['note']);alert(3)\"> "
    f"<svg onload=\"{RAN}(['svg'])\"></svg> [tap me](javascript:{RAN}(['link'])) *Ash* remembers."
)
CONTROL = "<img src=x class='lantern-control' onerror=\"window.__lanternControl=true\">"

SETUP = """\
%load_ext widgets.parts.journal
from pathlib import Path

from IPython.display import HTML, display
from rules.book import JourneyBook
from rules.firelights import Begin
from widgets.parts.journal import JournalEntry

book = JourneyBook.open_or_start("browser-hostile", seed=5)
if not book.entries:
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0), [["5C"]])
"""
CELL = f"%%journal\n{CELL_PAYLOAD}\n"


def stranger_cell(path: Path) -> str:
    return (
        f"stranger = JourneyBook.open(Path({str(path)!r}))\n"
        "display(*[JournalEntry(note, stranger.name) for note in stranger.notes()])\n"
        "stranger.close()\n"
    )


def runs_inert(
    page: Any, name: str, dialogs: list[str], shot: Any, idle: Callable[[Any, str], None]
) -> None:
    """After the notebook's first run and after Run All again: the two entries show their text,
    nothing of a payload ran, and the control did (so a payload that ran would be seen).
    ``idle(page, name)`` waits for the kernel (the JupyterLite site's takes longer)."""
    for run in ("first run", "Run All again"):
        if run != "first run":  # the control's flag cleared: set again, it says the run is drawn
            page.evaluate("() => { window.__lanternControl = false; }")
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            idle(page, name)
        entries = page.locator(".lantern-journal")
        expect(entries).to_have_count(2)
        expect(entries.nth(0).locator("em")).to_have_text("sways")
        expect(entries.nth(1).locator("em")).to_have_text("Ash")
        # Every image has loaded or failed, so every onerror that could fire has fired: a
        # browser marks an image broken (``complete``) in the very task that fires its error
        # event, so no grace time is needed. The control's own flag is waited for as well.
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea img')].length >= 3"
            " && [...document.querySelectorAll('.jp-OutputArea img')].every(i => i.complete)"
            " && window.__lanternControl === true"
        )
        shot(page, run.replace(" ", "-").lower())
        assert page.evaluate("() => window.__lanternControl === true"), "control did not run"
        assert page.evaluate("() => window.__lanternRan || []") == [], run
        assert dialogs == [], run
        # The text stays; what could run is gone.
        assert entries.locator("img").count() == 2
        assert entries.locator("[onerror], [onload], svg").count() == 0
        assert entries.locator("a").count() == 1
        href = entries.locator("a").get_attribute("href")
        assert (href or "#").startswith("#"), href  # mistune's "#harmful-link", or none
    assert_no_tracebacks(page)


@pytest.mark.fresh_page
def test_an_onerror_payload_in_a_journal_cell_or_a_note_never_runs(
    page: Any,
    jupyter_server: Any,
    make_notebook: Any,
    notebook_dir: Path,
    console_errors: Any,
    shot: Any,
) -> None:
    # The payloads' and the control's images point at "x": the server answers 404.
    console_errors.allow(r"Failed to load resource: the server responded with a status of 404")
    shared = notebook_dir / "shared"
    shared.mkdir(exist_ok=True)
    stranger = JourneyBook.start("stranger", game="firelights", seed=1, folder=shared)
    stranger.play(Begin("Ash", "they/them", 2, 1, 0), [["KS"]])
    stranger.note(NOTE_PAYLOAD)
    stranger.close()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        name = make_notebook(
            "hostile",
            SETUP,
            CELL,
            stranger_cell(shared / "stranger.lantern"),
            f"display(HTML({CONTROL!r}))",
        )
        open_notebook(page, jupyter_server, name)
        runs_inert(page, name, dialogs, shot, wait_kernel_idle)
    finally:
        shutil.rmtree(shared, ignore_errors=True)
