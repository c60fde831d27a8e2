"""The Journey Book in JupyterLab: a %%journal cell, the "Write to journal" button, Run All again.

Why: "Each panel has a button that writes the last action's mechanics into the journal:
always into the store, and as a new Markdown cell below in JupyterLab (ipylab's commands)", and
"Run All ... continues the same journey at the same state". The journey lives in the served copy
of notebooks/, under journeys/ next to the notebook, and is read back from the test process.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import REPO, assert_no_tracebacks, open_notebook, wait_kernel_idle
from playwright.sync_api import expect

from rules.book import JourneyBook

SETUP = """\
%load_ext widgets.parts.journal
from rules.book import JourneyBook
from rules.firelights import Ask, Begin
from widgets.frame import JourneyControls as JournalTools

book = JourneyBook.open_or_start("browser-journal", seed=5)
if not book.entries:
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0), [["5C"]])
    book.play(Ask("likely", "Is the bridge safe?"), [["2D", "3D"], [4, 4]])
"""
ENTRY = "%%journal\nThe bridge *sways*, but it holds.\n"
TOOLS = "tools = JournalTools(book)\ntools\n"
MECHANICS = "Ask the Oracle +2: 2♦ 3♦ vs 4+4+2 = 10: Light"


def test_a_journal_cell_and_the_write_button_fill_the_book_once(
    page: Any, jupyter_server: Any, make_notebook: Any, notebook_dir: Path, shot: Any
) -> None:
    name = make_notebook("journal", SETUP, ENTRY, TOOLS)
    open_notebook(page, jupyter_server, name)
    expect(page.locator(".jp-OutputArea .lantern-journal em")).to_have_text("sways")
    shot(page, "entry")

    expect(page.locator(".lantern-journal-tools.lantern-journal-lab")).to_be_visible()
    page.locator(".lantern-journal-write").click()
    cells = page.locator(".jp-Notebook .jp-Cell")
    expect(cells).to_have_count(4)
    expect(cells.nth(3).locator(".jp-RenderedMarkdown")).to_contain_text(MECHANICS)
    expect(page.locator(".lantern-journal-fallback pre")).to_have_count(0)
    shot(page, "mechanics-inserted")

    # Run All again: nothing is rolled again, and neither entry is saved twice.
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_kernel_idle(page, name)
    expect(page.locator(".jp-OutputArea .lantern-journal em")).to_have_text("sways")
    assert_no_tracebacks(page)

    book = JourneyBook.open(notebook_dir / "journeys" / "browser-journal.lantern")
    assert len(book.entries) == 2
    assert [(note.kind, note.text) for note in book.notes()] == [
        ("note", "The bridge *sways*, but it holds.\n"),
        ("mechanics", book.last.mechanics()),
    ]
    assert book.notes()[0].key.startswith("cell:")  # JupyterLab told the kernel the cell's id
    book.close()


# --- the journey kept through reloads and restarts --------------------------------------

GAME = "firelights.ipynb"
#: JupyterLab's own messages while a kernel restarts (the tests restart it on purpose).
KERNEL_GONE = [
    r"Connection lost, reconnecting",
    r"WebSocket connection to .* failed",
    r"Kernel .* (dead|restarting|disposed)",
    r"Canceled future for \w+ message before replies were done",
]
# Appends a code cell at the end of the open notebook, makes it active and runs it.
_APPEND_AND_RUN = """async (source) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const notebook = panel.content;
  const at = notebook.model.cells.length;
  notebook.model.sharedModel.insertCell(at, {cell_type: 'code', source});
  notebook.activeCellIndex = at;
  await window.jupyterapp.commands.execute('notebook:run-cell');
}"""


def begin_firelights(page: Any) -> Any:
    """Create the Firelight in the panel (name, pronouns, the default +2/+1/0) and begin."""
    panel = page.locator(".lantern-firelights")
    panel.locator(".lantern-name input").fill("Wick")
    panel.locator(".lantern-pronouns input").fill("she/her")
    panel.locator(".lantern-act-begin").click()
    expect(panel.locator(".lantern-act-ask")).to_be_enabled()
    return panel


def ask(panel: Any, count: int) -> None:
    """Ask the Oracle; the log then holds ``count`` entries."""
    panel.locator(".lantern-act-ask").click()
    expect(panel.locator(".lantern-log-entry")).to_have_count(count)


def save(page: Any) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)


def restart_and_run_all(page: Any, name: str) -> None:
    """Kernel ▸ Restart Kernel and Run All Cells, accepting its dialog."""
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:restart-run-all'); }")
    dialog = page.locator(".jp-Dialog", has_text="Restart")
    dialog.locator(".jp-mod-accept").click()
    expect(dialog).to_have_count(0)
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.content.widgets"
        ".every((c) => c.model.type !== 'code' || c.model.executionCount !== null)",
        timeout=60_000,
    )
    wait_kernel_idle(page, name)


@pytest.fixture
def own_game(notebook_dir: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The repository's firelights.ipynb (no outputs) under a name of this test's own: the served
    copy may have been saved with outputs by an earlier test (Write to journal saves), which
    JupyterLab would report as "widget model not found" before Run All."""
    name = f"{request.node.originalname.removeprefix('test_')[:40]}.ipynb"
    shutil.copy(REPO / "notebooks" / GAME, notebook_dir / name)
    yield name
    (notebook_dir / name).unlink(missing_ok=True)


@pytest.mark.fresh_page
def test_a_reload_after_restart_and_run_all_brings_the_panel_back_and_offers_lost_entries(
    page: Any, jupyter_server: Any, own_game: str, shot: Any, console_errors: Any
) -> None:
    """After Restart Kernel + Run All and some play, a reload showed "The panel is
    disconnected… Run All", and the cells written since the last save were gone (JupyterLab
    autosaves every 120 s, counted from the last save: docs/developer-guide/connection.md). Now the panel comes
    back live whatever was saved, Write to journal saves its cell, and a %%journal entry the
    reload lost is offered back and inserted as a cell that adds nothing to the book."""
    for pattern in KERNEL_GONE:
        console_errors.allow(pattern)
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" on a dirty notebook
    open_notebook(page, jupyter_server, own_game)
    panel = begin_firelights(page)
    ask(panel, 2)
    save(page)  # the file now holds this kernel's panel
    shot(page, "played-and-saved")

    restart_and_run_all(page, own_game)
    panel = page.locator(".lantern-firelights")
    ask(panel, 3)  # Begin, Ask, and this one: the journey continued
    panel.locator(".lantern-journal-write").click()
    mechanics = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown", has_text="Ask the Oracle")
    expect(mechanics).to_have_count(1)
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)  # saved with its cell
    page.evaluate(_APPEND_AND_RUN, "%%journal\nThe beacon on the ridge is *cold*.")
    expect(page.locator(".jp-OutputArea .lantern-journal em")).to_have_text("cold")
    expect(page.locator(".jp-mod-dirty")).not_to_have_count(0)  # not saved yet: a reload loses it
    shot(page, "restarted-played-unsaved")

    page.reload()
    panel = page.locator(".lantern-firelights")
    expect(panel).to_be_visible(timeout=30_000)
    wait_kernel_idle(page, own_game)
    expect(page.locator(".lantern-fallback").first).to_be_hidden()
    ask(panel, 4)  # live: the kernel answered the click
    expect(mechanics).to_have_count(1)  # Write to journal's cell was saved
    expect(page.locator(".lantern-journal em", has_text="cold")).to_have_count(0)  # lost
    offer = panel.locator(".lantern-journal-missing")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text(
        "1 journal entry is in your Journey Book but not in this notebook"
    )
    offer.scroll_into_view_if_needed()
    shot(page, "reloaded-live-offer")

    offer.locator(".lantern-journal-restore").click()
    expect(page.locator(".jp-OutputArea .lantern-journal em")).to_have_text("cold")
    restored = page.locator(".jp-CodeCell", has_text="%%journal key=cell:")
    expect(restored).to_have_count(1)
    expect(offer).to_be_hidden()
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)  # saved with the entry's cell
    shot(page, "entry-inserted")
    assert_no_tracebacks(page)

    book = JourneyBook.open(jupyter_server.journeys / "firelights.lantern")
    try:
        notes = book.notes()  # the inserted cell found its entry: nothing was added
        assert [note.kind for note in notes] == ["mechanics", "note"]
        assert notes[1].text.strip() == "The beacon on the ridge is *cold*."
    finally:
        book.close()


def test_run_all_again_is_silent_and_keeps_the_approach(
    page: Any, jupyter_server: Any, own_game: str, shot: Any
) -> None:
    """Why: "a second Run All prints 'extension is already loaded'; Firelights' approach
    choice resets to Forceful after Run All (keep the last used)"."""
    open_notebook(page, jupyter_server, own_game)
    panel = begin_firelights(page)
    panel.locator(".lantern-approach button", has_text="Quick").click()
    panel.locator(".lantern-act-search").click()
    expect(panel.locator(".lantern-log-entry")).to_have_count(2)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_timeout(500)
    wait_kernel_idle(page, own_game)
    panel = page.locator(".lantern-firelights")
    expect(panel.locator(".lantern-log-entry")).to_have_count(2)
    expect(panel.locator(".lantern-approach button.mod-active")).to_contain_text("Quick")
    expect(page.locator(".jp-OutputArea-output", has_text="already loaded")).to_have_count(0)
    shot(page, "run-all-again")
    assert_no_tracebacks(page)


_CONTRAST = """(el) => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let back = null;
  for (let up = el; up && !back; up = up.parentElement) {
    const c = rgb(getComputedStyle(up).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) back = c.slice(0, 3);
  }
  back = back || [255, 255, 255];
  let opacity = 1;
  for (let up = el; up; up = up.parentElement) opacity *= Number(getComputedStyle(up).opacity);
  const fore = rgb(getComputedStyle(el).color);
  const alpha = (fore.length === 4 ? fore[3] : 1) * opacity;
  const seen = fore.slice(0, 3).map((c, i) => c * alpha + back[i] * (1 - alpha));
  const [a, b] = [lum(seen), lum(back)].sort((x, y) => y - x);
  return {ratio: (a + 0.05) / (b + 0.05), outline: getComputedStyle(el).outlineStyle};
}"""


def test_disabled_buttons_are_readable_in_the_dark_theme_and_still_look_off(
    page: Any, jupyter_server: Any, own_game: str, shot: Any
) -> None:
    """Why: "disabled Roll/action buttons are low-contrast in the dark theme". Readable
    (WCAG 4.5:1) in both themes, and still unlike an enabled button (a dashed outline)."""
    open_notebook(page, jupyter_server, own_game)
    panel = begin_firelights(page)
    disabled = [panel.locator(".lantern-act-flee"), panel.locator(".lantern-journal-redo")]
    enabled = panel.locator(".lantern-act-ask")
    for theme, light in (("JupyterLab Dark", "false"), ("JupyterLab Light", "true")):
        page.evaluate(
            "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
            theme,
        )
        page.wait_for_function("(light) => document.body.dataset.jpThemeLight === light", arg=light)
        page.wait_for_timeout(300)
        for button in disabled:
            expect(button).to_be_disabled()
            seen = button.evaluate(_CONTRAST)
            assert seen["ratio"] >= 4.5, (theme, seen)
            assert seen["outline"] == "dashed", (theme, seen)
        assert enabled.evaluate(_CONTRAST)["outline"] != "dashed"
        shot(page, theme)
