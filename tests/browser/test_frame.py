"""The shared game frame in JupyterLab, through the Firelights notebook, by clicks.

A player plays a short journey, starts a second one with the panel's New journey, plays in it,
writes a ``%%journal`` cell below the panel, then restarts the kernel and runs all cells (as they
would the next day): the panel must come back on the second journey as they left it, header,
sheet, map and log, with its journal entry. A Reroll and an Undo show in the log as such. A
panel built on a 20-column map keeps the token in view.

The window is 1400×1000, the size the frame is laid out for. Cards and dice are typed "At the
table" before each click (see test_firelights.py). A screenshot of each step lands in
tests/browser/screenshots/<test>/.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import (
    FIND_PANEL,
    NOTEBOOK_TIMEOUT,
    assert_no_tracebacks,
    new_journey,
    open_notebook,
    wait_kernel_idle,
)
from playwright.sync_api import expect
from test_firelights import (
    NOTEBOOK,
    WINDOW,
    Script,
    Table,
    assert_in_view_together,
    card_code,
    label,
    scroll_panel_top,
)

from rules.book import JourneyBook
from widgets.firelights.world_map import COLUMNS

SECOND = "ember"
JOURNAL_TEXT = "Ember crosses the ford at dawn."

# Insert a code cell holding `text` below the cell that shows the panel, and run it: what a
# player does with the "b" key, typing, and Shift+Enter.
_JOURNAL_CELL_BELOW_PANEL = (
    "async ([path, text]) => {"
    + FIND_PANEL
    + """
  const app = window.jupyterapp;
  const panel = findPanel(path);
  app.shell.activateById(panel.id);
  const notebook = panel.content;
  notebook.activeCellIndex = notebook.widgets.findIndex(
    (cell) => cell.node.querySelector('.lantern-firelights'));
  await app.commands.execute('notebook:insert-cell-below');
  await app.commands.execute('notebook:replace-selection', {text});
  await app.commands.execute('notebook:run-cell');
}"""
)

# Run All is done after a restart when every code cell ran once more, in order (1, 2, 3, ...:
# before the restart the journal cell, run last, broke that order) and the kernel is idle.
_RAN_ALL_AFRESH = (
    "(path) => {"
    + FIND_PANEL
    + """
  const panel = findPanel(path);
  const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const code = panel.content.widgets.filter((cell) => cell.model.type === 'code');
  return code.every((cell, i) => cell.model.executionCount === i + 1);
}"""
)


def restart_and_run_all(page: Any, name: str, timeout: float = NOTEBOOK_TIMEOUT) -> None:
    """Kernel ▸ Restart Kernel and Run All Cells…, accepting the dialog; wait until all ran
    (``timeout`` ms: a notebook that simulates thousands of games needs longer)."""
    page.evaluate(
        "(path) => {"
        + FIND_PANEL
        + """
  window.jupyterapp.shell.activateById(findPanel(path).id);
  // Not awaited: the command waits for the dialog's answer.
  window.jupyterapp.commands.execute('notebook:restart-run-all');
}""",
        name,
    )
    dialog = page.locator(".jp-Dialog")
    expect(dialog).to_contain_text("Restart")
    dialog.locator(".jp-mod-accept").click()
    expect(dialog).to_have_count(0)
    page.wait_for_function(_RAN_ALL_AFRESH, arg=name, timeout=timeout, polling=200)
    wait_kernel_idle(page, name)


def begin(table: Table, name: str, pronouns: str) -> str:
    """Create the Firelight and begin; the start region's card code (drawn by the seed)."""
    table.panel.locator(".lantern-name input").fill(name)
    table.panel.locator(".lantern-pronouns input").fill(pronouns)
    table.click("begin")
    table.report_says(f"{name} ({pronouns}) sets out")
    expect(table.cells).to_have_count(1)
    return card_code(table.cells.inner_text().strip())


def test_a_second_journey_survives_restart_and_run_all(page, jupyter_server, shot):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, NOTEBOOK)
    table = Table(page)
    expect(table.header).to_contain_text("Journey firelights")
    scroll_panel_top(table.panel)

    # A short first journey: Begin, a Discover with Light (both cards join the map).
    start = begin(table, "Wick", "she/her")
    low, high = Script(start)("7H", "8C")
    table.click("discover", f"{low} {high} 6 6")
    table.report_says("6+6 +2 = 14 → Light")
    expect(table.cells).to_have_count(3)
    expect(table.log.locator(".lantern-log-entry")).to_have_count(2)
    table.no_error()
    shot(page, "first-journey")

    # New journey: type a name, click. The header names it; the Firelight is to be created.
    tools = table.panel.locator(".lantern-journal-tools")
    new_journey(page, NOTEBOOK, table.panel, SECOND)
    expect(table.header).to_contain_text(f"Journey {SECOND}")
    expect(table.header).not_to_contain_text("firelights")
    expect(tools.locator(".lantern-messages")).to_contain_text(
        f"A new journey, '{SECOND}', begins; 'firelights' is kept."
    )
    expect(table.panel.locator(".lantern-create")).to_be_visible()
    expect(table.report).to_have_count(0)
    table.no_error()
    shot(page, "second-journey-new")

    # Play in it: Begin, a Discover (Light), a Search (Light: 2 treasures).
    start = begin(table, "Ember", "they/them")
    cards = Script(start)
    low, high = cards("7H", "8C")
    table.click("discover", f"{low} {high} 6 6")
    table.report_says("6+6 +2 = 14 → Light")
    two, three = cards("2C", "3C")
    table.click("search", f"{two} {three} 6 6")
    table.report_says("you find 2 treasures (2 held)")
    expect(table.sheet).to_contain_text("Ember (they/them)")
    expect(table.cells).to_have_count(3)
    expect(table.log.locator(".lantern-log-entry")).to_have_count(3)
    table.no_error()
    assert_in_view_together(
        table.panel, result=table.report, button=table.button("search"), messages=table.messages
    )
    shot(page, "second-journey-played")
    cells_before = table.cell_texts()
    log_before = table.log_lines()
    sheet_before = table.sheet.inner_text()

    # A %%journal cell below the panel: shown, and saved with the second journey.
    page.evaluate(_JOURNAL_CELL_BELOW_PANEL, [NOTEBOOK, f"%%journal\n{JOURNAL_TEXT}"])
    wait_kernel_idle(page, NOTEBOOK)
    journal_cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has_text="%%journal")
    expect(journal_cell).to_have_count(1)
    journal_out = journal_cell.locator(".jp-OutputArea-output")
    expect(journal_out).to_contain_text(JOURNAL_TEXT)
    expect(journal_out).to_contain_text(f"Journey Book of {SECOND}, after action 3")
    journal_cell.scroll_into_view_if_needed()
    shot(page, "journal-cell")
    assert_no_tracebacks(page)

    # The next day: Restart Kernel and Run All. The panel comes back on the second journey.
    restart_and_run_all(page, NOTEBOOK)
    expect(table.panel).to_have_count(1)
    scroll_panel_top(table.panel)
    shot(page, "after-restart-run-all")
    assert_no_tracebacks(page)
    # Everything the player left, checked together so that a failure names all that differs.
    expect(table.header).to_contain_text("Journey ")
    expect(table.log.locator(".lantern-log-entry").first).to_be_attached()
    expect(journal_out).to_contain_text(JOURNAL_TEXT)
    problems = []
    header = table.header.inner_text()
    if f"Journey {SECOND}" not in header:
        problems.append(f"the header reads {header!r}, not the journey {SECOND!r}")
    if table.sheet.inner_text() != sheet_before:
        problems.append(f"the sheet reads {table.sheet.inner_text()!r}, not {sheet_before!r}")
    if table.log_lines() != log_before:
        problems.append(f"the log reads {table.log_lines()!r}, not {log_before!r}")
    if table.cell_texts() != cells_before:
        problems.append(f"the map holds {table.cell_texts()!r}, not {cells_before!r}")
    # Run All ran the %%journal cell again: shown for the second journey, saved there once.
    saved_in = journal_out.inner_text().replace("\xa0", " ")
    if f"Journey Book of {SECOND}" not in saved_in:
        problems.append(f"the %%journal cell now says {saved_in!r}")
    for name, expected in ((SECOND, 1), ("firelights", 0)):
        book = JourneyBook.open(jupyter_server.journeys / f"{name}.lantern")
        try:
            found = [note.text for note in book.notes() if JOURNAL_TEXT in note.text]
        finally:
            book.close()
        if len(found) != expected:
            problems.append(f"the journey {name!r} holds the entry {len(found)} times")
    assert not problems, "after Restart Kernel and Run All:\n- " + "\n- ".join(problems)
    table.no_error()


def test_a_reroll_and_an_undo_show_in_the_log_as_such(page, jupyter_server, shot):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, NOTEBOOK)
    table = Table(page)
    tools = table.panel.locator(".lantern-journal-tools")
    scroll_panel_top(table.panel)
    start = begin(table, "Wick", "she/her")
    low, high = Script(start)("7H", "8C")
    table.click("search", f"{low} {high} 6 6")
    table.report_says("you find 2 treasures (2 held)")
    expect(table.log.locator(".lantern-log-entry")).to_have_count(2)

    # Reroll the Search: the log keeps the first try, marked, under the new one.
    tools.locator(".lantern-journal-reroll").click()
    expect(tools.locator(".lantern-messages")).to_contain_text("Rerolled")
    expect(table.log.locator(".lantern-log-entry")).to_have_count(3)
    lines = table.log_lines()
    assert lines[0].startswith("2 · Search For Treasures"), lines
    assert "rerolled" in lines[1] and f"{label(low)} {label(high)} vs 6+6+2" in lines[1], lines
    table.report_says("Search For Treasures")
    table.no_error()
    shot(page, "rerolled")

    # Undo it: the Search is taken back, with the try it replaced, and the log says so.
    tools.locator(".lantern-journal-undo").click()
    expect(tools.locator(".lantern-messages")).to_contain_text("Undone: Search For Treasures")
    expect(table.sheet).to_contain_text("Treasures: 0")
    expect(tools.locator(".lantern-journal-redo")).to_be_enabled()
    table.no_error()
    assert_no_tracebacks(page)
    shot(page, "undone")
    # Both tries of the Search stay in the log, marked undone (Redo would play them again).
    lines = table.log_lines()
    assert len(lines) == 3 and lines[-1].startswith("1 · Begin the journey"), lines
    assert all(line.startswith("· ↶ undone: Search For Treasures") for line in lines[:2]), lines
    assert f"{label(low)} {label(high)} vs 6+6+2" in lines[1], lines


# A panel whose board always shows a map of 20 regions in a row (the map a long journey grows to),
# the token at x = TOKEN; every click re-renders it, as a click on a real journey does.
TWENTY_COLUMNS = """
from dataclasses import replace
from rules.table.cards import Card
from rules.firelights import Begin, Region, WorldMap
from widgets.firelights import FirelightsPanel

codes = "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H".split()
WIDE = WorldMap(tuple(Region(Card.parse(code), (x, 0)) for x, code in enumerate(codes)), (TOKEN, 0))

class WideMapPanel(FirelightsPanel):
    def render_board(self, state, live):
        super().render_board(replace(state, world=WIDE), live)

panel = WideMapPanel(seed=1)
panel.act(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
panel
"""


def wait_quiet(part: Any, quiet: int = 300, limit: int = 10_000) -> None:
    """Wait until nothing in `part` changed for `quiet` ms: the map's new cards are views of new
    widgets, shown a little after the messages that follow them (the log's, say)."""
    part.evaluate(
        """(el, [quiet, limit]) => new Promise((resolve) => {
  let timer = setTimeout(done, quiet);
  const stop = setTimeout(done, limit);
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
  observer.observe(el, {subtree: true, childList: true, attributes: true, characterData: true});
  function done() { observer.disconnect(); clearTimeout(timer); clearTimeout(stop); resolve(); }
})""",
        [quiet, limit],
    )


def map_here_in_view(table: Table) -> dict[str, Any]:
    """Where the token's card is, against the map's visible box and the window."""
    found: dict[str, Any] = table.panel.locator(".lantern-map").evaluate(
        """(map) => {
  const here = map.querySelector('.lantern-map-here');
  if (!here) return {here: null};
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const cut = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)});
  const inside = (r, b) => r.left >= b.left - 1 && r.top >= b.top - 1
    && r.right <= b.right + 1 && r.bottom <= b.bottom + 1;
  // What of the map shows: its box, cut by every element that clips its overflow (the grid
  // itself, the columns, the notebook's scrolling area), up to the page's body.
  let box = rect(map);
  for (let up = here.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') box = cut(box, rect(up));
  }
  const grid = map.querySelector('.widget-gridbox');
  const h = rect(here);
  const round = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round);
  return {
    here: here.textContent.trim(),
    inMap: inside(h, box),
    inWindow: inside(h, {left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight}),
    // The cards' columns need this many pixels; the map gives them gridWidth.
    cardsWidth: grid.scrollWidth,
    gridWidth: grid.clientWidth,
    hereBox: round(h),
    visibleBox: round(box),
  };
}"""
    )
    return found


@pytest.mark.parametrize("token", [17, 0, 10])
def test_the_map_keeps_the_token_in_view_at_twenty_columns(
    page, jupyter_server, make_notebook, shot, token
):
    page.set_viewport_size(WINDOW)
    name = make_notebook(f"twenty-columns-{token}", TWENTY_COLUMNS.replace("TOKEN", str(token)))
    open_notebook(page, jupyter_server, name)
    table = Table(page)
    expect(table.panel).to_be_visible()
    here = table.panel.locator(".lantern-map-here")
    expect(here).to_have_count(1)
    expect(table.cells).to_have_count(COLUMNS)
    expect(table.panel.locator(".lantern-map-where")).to_contain_text("more")
    scroll_panel_top(table.panel)
    shot(page, f"token-at-{token}")
    found = map_here_in_view(table)
    assert found["inMap"] and found["inWindow"], repr(found)
    problems = []

    # Clicks that do not move the token (Ask the Oracle) re-render the map: it stays on you.
    for click in range(1, 5):
        table.click("ask")
        expect(table.log.locator(".lantern-log-entry")).to_have_count(1 + click)
        wait_quiet(table.panel.locator(".lantern-map"))
        table.no_error()
        after = map_here_in_view(table)
        if not (after["inMap"] and after["inWindow"]):
            shown = [card_code(text) for text in table.cells.all_inner_texts()]
            where = (
                "not among the cards shown"
                if after["here"] is None
                else f"hidden where the map's box cuts the cards off ({after})"
            )
            problems.append(
                f"after Ask #{click} the token's card is {where}: the map shows {shown} "
                f"({table.panel.locator('.lantern-map-where').inner_text()!r})"
            )
            shot(page, f"token-lost-after-ask-{click}")
            break

    # Look further with an arrow, then back to you: the token is in view again.
    away = "west" if token >= 10 else "east"
    arrow = table.panel.locator(f".lantern-map-{away}")
    expect(arrow).to_be_enabled()
    arrow.click()
    expect(table.cells).to_have_count(COLUMNS)
    expect(here).to_have_count(0)  # a window further: the token's card is out of view
    shot(page, f"looked-{away}")
    table.panel.locator(".lantern-map-home").click()
    expect(here).to_have_count(1)
    if not map_here_in_view(table)["inMap"]:
        problems.append("after '◉ To you' the token's card is not in the map's visible box")
    table.no_error()
    assert_no_tracebacks(page)
    # The window's COLUMNS columns fit the map's box: none of its cards is cut at the board's edge.
    if found["cardsWidth"] > found["gridWidth"]:
        problems.append(
            f"the map's {COLUMNS} columns need {found['cardsWidth']} px, its box is {found['gridWidth']}"
            f" px at {WINDOW['width']}×{WINDOW['height']}: the last column is cut off"
        )
    assert not problems, "\n- ".join(["the map at 20 columns:", *problems])
