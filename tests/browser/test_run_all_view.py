"""After Run All, the panel is in view, not the last cell of the Journey Book below it.

A game notebook is the panel first and the player's journal after it. JupyterLab follows Run All
down to the last cell, so a player with a long journal found the window far below the panel they
came to play with. Once the kernel is quiet after Run All, the panel scrolls its top into view
(:mod:`widgets.frame.into_view`), once: after that the player's own scrolling is theirs.
"""

from __future__ import annotations

from typing import Any

from harness import open_notebook
from playwright.sync_api import expect
from test_firelights import WINDOW

PANEL = "from widgets.firelights import FirelightsPanel\nFirelightsPanel(seed=11)"
# A journal long enough that its last cell is several windows below the panel.
JOURNAL = [
    f"%%md\n## Day {day}\n\n" + "We walked on through the dark and wrote it down.\n\n" * 12
    for day in range(1, 13)
]

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


def test_run_all_leaves_the_panel_in_view(page: Any, jupyter_server: Any, make_notebook) -> None:
    page.set_viewport_size(WINDOW)
    name = make_notebook("long-journal", PANEL, *JOURNAL, "print('the last cell ran')")
    open_notebook(page, jupyter_server, name)
    ran = page.locator(".jp-OutputArea-output", has_text="the last cell ran")
    expect(ran).to_have_count(1)
    page.wait_for_function(_HEADER_SEEN, polling=100, timeout=30_000)
    # Once only: the player scrolls down to write, and the panel does not pull them back up.
    page.locator(".jp-MarkdownCell").last.scroll_into_view_if_needed()
    expect(page.locator(".lantern-into-view .jp-OutputArea-output")).to_have_count(0)  # cleared
    assert not page.evaluate(_HEADER_SEEN), "the panel pulled the window back up"
