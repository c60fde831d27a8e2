"""After Run All, the panel is in view, not the last cell of the Journey Book below it.

A game notebook is the panel first and the player's journal after it. JupyterLab follows Run All
down to the last cell, so a player with a long journal found the window far below the panel they
came to play with. Once the kernel is quiet after Run All, the panel scrolls its top into view
(widgets/frame/page_script.py), once, and never under a player who has already touched the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import open_notebook, run_all_cells, wait_kernel_idle, wait_panels_settled
from playwright.sync_api import expect
from test_firelights import WINDOW

PANEL = "from widgets.firelights import FirelightsPanel\nFirelightsPanel(seed=11)"
# A journal long enough that its last cell is several windows below the panel.
JOURNAL = [
    f"%%md\n## Day {day}\n\n" + "We walked on through the dark and wrote it down.\n\n" * 12
    for day in range(1, 13)
]
LAST = "print('the last cell ran')"

# Whether the panel's header is inside the notebook's visible part (its scrolling box).
_HEADER_SEEN = """() => {
  const header = document.querySelector('.lantern-frame .lantern-header');
  if (!header) return false;
  const box = header.getBoundingClientRect();
  let top = 0, bottom = window.innerHeight;
  for (let up = header.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll)/.test(style.overflowY) && up.scrollHeight > up.clientHeight) {
      const r = up.getBoundingClientRect();
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
    }
  }
  return box.height > 0 && box.top >= top && box.bottom <= bottom;
}"""

# A cell of the journal that runs until the test has touched the page (it writes the file).
_UNTIL_TOUCHED = (
    "import pathlib, time\n"
    "while not pathlib.Path('touched-journal.go').exists():\n"
    "    time.sleep(0.05)\n"
    "pathlib.Path('touched-journal.go').unlink()"
)

_RUN_ALL_NOW = """() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"""


def test_run_all_leaves_the_panel_in_view(page: Any, jupyter_server: Any, make_notebook) -> None:
    page.set_viewport_size(WINDOW)
    name = make_notebook("long-journal", PANEL, *JOURNAL, LAST)
    open_notebook(page, jupyter_server, name)  # waits for the panel to have come into view
    expect(page.locator(".jp-OutputArea-output", has_text="the last cell ran")).to_have_count(1)
    assert page.locator(".lantern-frame").get_attribute("data-lantern-into-view") == "scrolled"
    assert page.evaluate(_HEADER_SEEN), "the panel's header is out of view after Run All"
    # Once only: the player scrolls down to write, and the panel does not pull them back up.
    expect(page.locator(".lantern-page-script .jp-OutputArea-output")).to_have_count(0)  # cleared
    page.locator(".jp-MarkdownCell").last.scroll_into_view_if_needed()
    wait_kernel_idle(page, name)
    assert not page.evaluate(_HEADER_SEEN), "the panel pulled the window back up"


def test_a_player_who_touched_the_page_is_left_where_they_are(
    page: Any, jupyter_server: Any, make_notebook
) -> None:
    page.set_viewport_size(WINDOW)
    name = make_notebook("touched-journal", PANEL, *JOURNAL, _UNTIL_TOUCHED, LAST)
    open_notebook(page, jupyter_server, name, run_all=False)
    page.evaluate(_RUN_ALL_NOW)
    panel = page.locator(".lantern-frame")
    expect(panel).to_have_attribute("data-lantern-watched", "1", timeout=60_000)
    # The player scrolls with the wheel while the journal's cells still run.
    page.locator(".jp-Notebook").first.hover()
    page.mouse.wheel(0, 600)
    (jupyter_server.root_dir / "touched-journal.go").write_text("")  # the journal runs on
    expect(page.locator(".jp-OutputArea-output", has_text="the last cell ran")).to_have_count(
        1, timeout=60_000
    )
    wait_kernel_idle(page, name)
    wait_panels_settled(page)
    assert panel.get_attribute("data-lantern-played") == "1"
    assert panel.get_attribute("data-lantern-into-view") == "left"


@pytest.mark.fresh_page
def test_run_all_in_notebook_7_leaves_the_panel_in_view(
    page: Any, jupyter_server: Any, make_notebook, console_errors
) -> None:
    """Notebook 7 (``/notebooks/``) is JupyterLab's notebook in a page of its own, which scrolls
    the page rather than a panel: the panel comes into view there too."""
    # Notebook 7's page (no file browser; the tests' settings are JupyterLab's) logs these two
    # from its own bundle as it loads; the notebook and its outputs are unaffected.
    console_errors.allow(r"reading 'schema'\)\n\s*at \S*/static/notebook/notebook_core")
    console_errors.allow(r"Command 'filebrowser:open-path' not registered")
    page.set_viewport_size(WINDOW)
    name = make_notebook("long-journal-7", PANEL, *JOURNAL, LAST)
    page.goto(jupyter_server.url(f"/notebooks/{name}"))
    wait_kernel_idle(page, name)
    run_all_cells(page, jupyter_server, name)
    expect(page.locator(".jp-OutputArea-output", has_text="the last cell ran")).to_have_count(1)
    assert page.locator(".lantern-frame").get_attribute("data-lantern-into-view") == "scrolled"
    assert page.evaluate(_HEADER_SEEN), "the panel's header is out of view after Run All"
