"""The JupyterLite site's other pages: hostile text stays inert there too, and the odds
explorer's page says which of its parts need the full install, with no traceback.

Why the hostile-text test runs here as well: the site sanitizes with the pure-Python fallback
(``nh3`` has no browser wheel), so the one policy must hold in both places, checked by the same
payloads and the same checks as JupyterLab's test (``test_payloads_never_run.py``). Its notebook
is written into the site's browser storage through JupyterLite's contents service, and the
stranger's journey file is made in the browser's kernel (SQLite cannot run on that storage).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from harness import _WATCH_KERNEL_ERRORS, REPO, assert_no_tracebacks
from lite_site import TIMEOUT, offline, run_all, settle, site
from playwright.sync_api import expect
from test_payloads_never_run import CELL, CONTROL, NOTE_PAYLOAD, SETUP, runs_inert, stranger_cell

from tools import lite

__all__ = ["offline", "site"]  # the fixtures this module uses, imported from lite_site

#: The stranger's journey, made in the browser's kernel in a memory folder, before the player's
#: own journey opens (``%%journal`` writes in the journey opened last).
SHARED = Path("/tmp/shared")
STRANGER = f"""\
from pathlib import Path

from rules.book import JourneyBook
from rules.firelights import Begin

SHARED = Path({str(SHARED)!r})
SHARED.mkdir(exist_ok=True)
if not (SHARED / "stranger.lantern").exists():
    stranger = JourneyBook.start("stranger", game="firelights", seed=1, folder=SHARED)
    stranger.play(Begin("Ash", "they/them", 2, 1, 0), [["KS"]])
    stranger.note({NOTE_PAYLOAD!r})
    stranger.close()
"""

# The notebook saved into the site's browser storage, then opened in the page already loaded (a
# second page load would start JupyterLite again for nothing).
_SAVE_AND_OPEN = """async ([path, content]) => {
  const app = window.jupyterapp;
  await app.started;
  await app.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content});
  await app.commands.execute('docmanager:open', {path});
}"""


def lite_notebook(cells: list[str]) -> dict[str, Any]:
    """A notebook for the site: its install cell first, then ``cells``, with the play
    notebooks' metadata (their kernel)."""
    metadata = json.loads((REPO / "notebooks" / "play-firelights.ipynb").read_text())["metadata"]
    sources = [lite.install_cell(), *cells]
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": metadata,
        "cells": [lite.code_cell(f"cell-{index}", source) for index, source in enumerate(sources)],
    }


def test_hostile_text_never_runs_on_the_site(
    page: Any, site: str, offline: list[str], console_errors: Any, shot: Any
) -> None:
    # The payloads' and the control's images point at "x": the server answers 404.
    console_errors.allow(r"Failed to load resource: the server responded with a status of 404")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    name = "hostile.ipynb"
    page.goto(f"{site}lab/index.html")
    page.wait_for_function("() => !!window.jupyterapp", timeout=TIMEOUT)
    cells = [STRANGER + SETUP, CELL, stranger_cell(SHARED / "stranger.lantern")]
    content = lite_notebook([*cells, f"display(HTML({CONTROL!r}))"])
    page.evaluate(_SAVE_AND_OPEN, [name, content])
    settle(page, name)
    page.evaluate(_WATCH_KERNEL_ERRORS, name)
    run_all(page, name)
    runs_inert(page, name, dialogs, shot, settle)
    assert offline == [], f"requests to other hosts: {offline[:5]}"


def test_the_odds_explorer_says_what_needs_the_full_install(
    page: Any, site: str, offline: list[str]
) -> None:
    name = lite.ODDS
    page.goto(f"{site}lab/index.html?path={name}")
    settle(page, name)
    page.evaluate(_WATCH_KERNEL_ERRORS, name)
    run_all(page, name)
    words = page.locator(".jp-MarkdownOutput")
    expect(words.filter(has_text="need the full install").first).to_be_visible()
    expect(words.filter(has_text="a chart, drawn with matplotlib").first).to_be_attached()
    expect(words.filter(has_text="a table, made with pandas").first).to_be_attached()
    # What does run here: exact odds from the rules (Light at +0 from a full deck, 484/1989).
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="Light 484/1989")).to_have_count(1)
    assert_no_tracebacks(page)
    assert offline == [], f"requests to other hosts: {offline[:5]}"
