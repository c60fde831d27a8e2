"""A result is shown whole: a click near the window's bottom edge scrolls its result into view.

The result of a click docks under the control clicked (widgets/frame/dock.py). A control near the
bottom of a 1400×1000 window put its result partly below the edge (a player met *Take this cost*'s
at 893–1023 px of a 1000 px window). After a click that told something, the panel scrolls the
least that shows the result box whole (widgets/frame/page_script.py); when it is whole already,
the window does not move. While the panel's own layout still moves the result a moment after
(Advice's rows come after the click's render), it is shown whole again, until the player scrolls.
"""

from __future__ import annotations

from typing import Any

from harness import (
    _TWO_FRAMES,
    SCRIPTS_RUN,
    assert_no_tracebacks,
    open_notebook,
    wait_kernel_idle,
    wait_script_after,
)
from test_firelights import WINDOW
from test_in_view import SETUPS

# Where the dock and the clicked button are against the visible part of the notebook (the
# window cut by its scrolling box), and how far that box is scrolled.
_WHERE = """(panel) => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: r.height}; };
  const dock = panel.querySelector('.lantern-dock');
  let visible = {top: 0, bottom: window.innerHeight}, scrolled = 0;
  for (let up = panel.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflowY) && up.scrollHeight > up.clientHeight) {
      const r = up.getBoundingClientRect();
      visible = {top: Math.max(visible.top, r.top), bottom: Math.min(visible.bottom, r.bottom)};
      scrolled += up.scrollTop;
    }
  }
  const button = panel.querySelector('button.lantern-act-inspire');
  return {dock: box(dock), button: box(button), visible, scrolled};
}"""

# Scroll the notebook (its outermost scrolling box) so that the element's bottom edge is 40 px
# above the visible bottom.
_NEAR_THE_BOTTOM = """(el) => {
  let scroller = null;
  for (let up = el.parentElement; up; up = up.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(up).overflowY) && up.scrollHeight > up.clientHeight)
      scroller = up;
  }
  const bottom = Math.min(window.innerHeight, scroller.getBoundingClientRect().bottom);
  scroller.scrollTop += el.getBoundingClientRect().bottom - (bottom - 40);
}"""


def _click(page: Any, name: str, panel: Any, button: Any) -> None:
    """Click, and wait for the script the click asks for to have run (it may come after the
    kernel is idle: the page renders the widgets' updates, then runs it)."""
    before = panel.evaluate(SCRIPTS_RUN)
    button.click()
    wait_kernel_idle(page, name)
    assert wait_script_after(page, panel, before), "the click asked for no result to be shown"


def _whole(part: dict[str, float], visible: dict[str, float]) -> bool:
    return part["top"] >= visible["top"] - 1 and part["bottom"] <= visible["bottom"] + 1


def _oracle_panel(
    page: Any, jupyter_server: Any, make_notebook: Any, name: str
) -> tuple[str, Any, Any]:
    """A Voidlight panel between notes, its oracle rolled once: the notebook's name, the panel,
    and the oracle's button, under which the next result docks."""
    page.set_viewport_size(WINDOW)
    # Notes above the panel and below it, so that the notebook can scroll any part of the panel
    # to any height of the window.
    notes = "%%md\n## Notes\n\n" + "What happened out there, written down.\n\n" * 30
    name = make_notebook(name, notes, SETUPS["voidlight"], notes)
    open_notebook(page, jupyter_server, name)
    panel = page.locator(".lantern-voidlight")
    # An oracle roll (Take this cost waits for a failed Check): a result the panel always offers.
    oracle = panel.locator("button.lantern-act-inspire")
    _click(page, name, panel, oracle)  # the result leaves the top of the actions for under it
    return name, panel, oracle


def test_a_result_below_the_window_is_scrolled_into_view_whole(
    page: Any, jupyter_server: Any, make_notebook: Any
) -> None:
    name, panel, oracle = _oracle_panel(page, jupyter_server, make_notebook, "result-whole")
    # Near the bottom edge: the next result, under the button, is below the window.
    oracle.evaluate(_NEAR_THE_BOTTOM)
    before = panel.evaluate(_WHERE)
    assert before["visible"]["bottom"] - before["button"]["bottom"] < 60, before
    _click(page, name, panel, oracle)
    after = panel.evaluate(_WHERE)
    assert panel.locator(".lantern-dock .lantern-report-view").inner_text().strip()
    assert _whole(after["dock"], after["visible"]), f"the result is not whole in view: {after}"
    assert _whole(after["button"], after["visible"]), f"the button left the window: {after}"
    assert after["scrolled"] > before["scrolled"]

    # Already whole (the button in the middle of the window): the window does not move.
    oracle.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    before = panel.evaluate(_WHERE)
    _click(page, name, panel, oracle)
    after = panel.evaluate(_WHERE)
    assert _whole(after["dock"], after["visible"]), after
    assert after["scrolled"] == before["scrolled"], f"a whole result moved the window: {after}"
    assert_no_tracebacks(page)


# Something above the result grows by `px` pixels, as Advice's rows do a moment after a click's
# own render: a block put in just before the result box.
_GROW = """(panel, px) => { const filler = document.createElement('div');
  filler.style.height = px + 'px'; panel.querySelector('.lantern-dock').before(filler); }"""

# Whether the result box lies wholly inside the visible part of the notebook.
_DOCK_WHOLE = (
    "(panel) => { const w = ("
    + _WHERE
    + ")(panel); "
    + ("return w.dock.top >= w.visible.top - 1 && w.dock.bottom <= w.visible.bottom + 1; }")
)


def test_a_result_stays_in_view_while_the_panel_grows_above_it_until_the_player_scrolls(
    page: Any, jupyter_server: Any, make_notebook: Any
) -> None:
    name, panel, oracle = _oracle_panel(page, jupyter_server, make_notebook, "result-kept")
    oracle.evaluate(_NEAR_THE_BOTTOM)
    _click(page, name, panel, oracle)  # shown whole: the window scrolled
    handle = panel.element_handle()
    assert panel.evaluate(_DOCK_WHOLE)
    # Within KEEP seconds of the click, the panel grows above the result: it is shown whole again.
    panel.evaluate(_GROW, 300)
    page.wait_for_function(_DOCK_WHOLE, arg=handle, polling="raf", timeout=2_000)
    # The player scrolls a little: the page is theirs, and growth no longer moves the window.
    oracle.evaluate(_NEAR_THE_BOTTOM)
    page.evaluate(_TWO_FRAMES)
    before = panel.evaluate(_WHERE)
    panel.evaluate(_GROW, 300)
    page.evaluate(_TWO_FRAMES)
    page.wait_for_timeout(300)
    after = panel.evaluate(_WHERE)
    assert after["scrolled"] == before["scrolled"], f"the window moved after a scroll: {after}"
    assert not panel.evaluate(_DOCK_WHOLE), f"the result was shown again after a scroll: {after}"
