"""The one place where a panel runs script in its page: a few constant lines that scroll.

Why script at all: a panel sometimes has to move the window, and nothing in ipywidgets scrolls a
notebook (a view's ``focus`` message focuses an element only where the view makes one focusable;
a panel's boxes have none). So the panel holds an output area of its own, no higher than nothing,
and shows in it one of the scripts below; ``element`` is that output's node in JupyterLab's,
Notebook 7's and Voilà's renderers, so a script finds its own panel and no other.

The scripts are constants of this module: no text of a player's or a file's is ever part of one,
and the kernel only ever says which of them to run. Each one is cleared from the output soon after
(:data:`CLEAR_AFTER`), so that a page showing the panel again later (a reload, a reopened tab)
does not run it a second time; only the watch stays until the panel has come into view once.

- ``watch``: shown with the panel. Marks the panel (``data-lantern-played``) at the player's
  first pointer, key or wheel in the notebook: from then on the page is theirs, and the panel
  never scrolls them back.
- ``into-view``: after *Run All* (:mod:`widgets.frame.into_view`). Scrolls the panel's top into
  view, only in a notebook (JupyterLab, Notebook 7; not Voilà, whose page is the panel), only when
  the panel's header is out of view, and only when the player has not yet touched the page.
- ``result-whole``: after a click that told something. When the result box (the dock: result,
  what is due, the message) is not wholly inside the visible part of the window, scrolls the least
  that shows it whole (``block: 'nearest'``); when it is whole, nothing moves. For :data:`KEEP`
  seconds after, when the panel's own layout moves the result (Advice's rows come after the
  click's render, and a result docked below them moved down with them), it is shown whole again;
  a scroll of the player's (the window moved, the result did not move in the page) ends that.

Each marks the panel while it works (``data-lantern-scrolling``) and its own output node once it
is done (``data-lantern-done``), counting them on the panel (``data-lantern-scripts-run``);
``into-view`` says what it did (``data-lantern-into-view``:
``scrolled`` or ``left``). The browser tests wait on these before they measure or click.
"""

from __future__ import annotations

import asyncio

import ipywidgets as widgets

from widgets.frame import into_view
from widgets.frame.into_view import IntoView

__all__ = ["CLEAR_AFTER", "KEEP", "SCRIPTS", "PageScripts"]

#: How long a script stays in its output before it is cleared (seconds).
CLEAR_AFTER = 3.0
#: How long ``result-whole`` keeps the result in view while the panel's layout still moves it
#: (seconds): Advice's rows come after the click's own render, above a result docked below them.
KEEP = 3.0

# Shared by the scripts: find this output's panel once the output is in the page (a renderer may
# run a script before its node is attached), then wait for the panel's boxes to stop moving (the
# page builds a moved box's views on the next frames: the panel and its dock in the same place
# on two frames running), then `act(panel)`. `seen(el)`: whether
# `el` lies wholly inside the window and every box around it that scrolls.
_COMMON = """
var node = element, tries = 0, last = null;
function seen(el) {
  var box = el.getBoundingClientRect(), top = 0, bottom = window.innerHeight;
  for (var up = el.parentElement; up; up = up.parentElement) {
    var style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflowY) && up.scrollHeight > up.clientHeight) {
      var r = up.getBoundingClientRect();
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
    }
  }
  return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1;
}
function look() {
  var panel = node.closest ? node.closest('.lantern-frame') : null;
  if (!panel) {
    if (++tries < 120) { requestAnimationFrame(look); } else { node.dataset.lanternDone = '1'; }
    return;
  }
  panel.dataset.lanternScrolling = '1';
  var dock = panel.querySelector('.lantern-dock');
  var now = JSON.stringify([panel.getBoundingClientRect(), dock && dock.getBoundingClientRect()]);
  if (now !== last && ++tries < 120) { last = now; requestAnimationFrame(look); return; }
  try { act(panel); } finally {
    delete panel.dataset.lanternScrolling; node.dataset.lanternDone = '1';
    panel.dataset.lanternScriptsRun = String(Number(panel.dataset.lanternScriptsRun || 0) + 1);
  }
}
requestAnimationFrame(look);
"""

_WATCH = """
function act(panel) {
  if (panel.dataset.lanternWatched) { return; }
  panel.dataset.lanternWatched = '1';
  var notebook = panel.closest('.jp-NotebookPanel') || document;
  function played() { panel.dataset.lanternPlayed = '1'; }
  ['pointerdown', 'keydown', 'wheel', 'touchstart'].forEach(function (kind) {
    notebook.addEventListener(kind, played, {capture: true, once: true, passive: true});
  });
}
"""

_INTO_VIEW = """
function act(panel) {
  var header = panel.querySelector('.lantern-header') || panel, did = 'left';
  if (!panel.dataset.lanternPlayed && panel.closest('.jp-NotebookPanel') && !seen(header)) {
    panel.scrollIntoView({block: 'start'});
    did = 'scrolled';
  }
  panel.dataset.lanternIntoView = did;
}
"""

_RESULT_WHOLE = """
function act(panel) {
  var dock = panel.querySelector('.lantern-dock');
  if (!dock) { return; }
  function show() {
    if (dock.getBoundingClientRect().height > 0 && !seen(dock)) {
      dock.scrollIntoView({block: 'nearest'});
    }
  }
  show();
  var scroller = null;
  for (var up = dock.parentElement; up && !scroller; up = up.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(up).overflowY) && up.scrollHeight > up.clientHeight) {
      scroller = up;
    }
  }
  function scrolled() { return scroller ? scroller.scrollTop : window.scrollY; }
  function place() { return dock.getBoundingClientRect().top + scrolled(); }
  var at = place(), top = scrolled(), until = Date.now() + KEEP_MS;
  function keep() {
    if (Date.now() > until || !dock.isConnected) { return; }
    var moved = Math.abs(place() - at) > 0.5;
    if (!moved && Math.abs(scrolled() - top) > 0.5) { return; }
    if (moved) { show(); at = place(); }
    top = scrolled();
    requestAnimationFrame(keep);
  }
  requestAnimationFrame(keep);
}
""".replace("KEEP_MS", str(int(KEEP * 1000)))


def _script(act: str) -> str:
    return "(function () {" + act + _COMMON + "})();"


#: The scripts a panel may run, by name (see the module's docstring).
SCRIPTS: dict[str, str] = {
    "watch": _script(_WATCH),
    "into-view": _script(_INTO_VIEW),
    "result-whole": _script(_RESULT_WHOLE),
}


class PageScripts:
    """``panel``'s output for its page scripts (``output`` goes into the panel); it brings the
    panel into view after *Run All* (:class:`~widgets.frame.into_view.IntoView`)."""

    def __init__(self, panel: widgets.DOMWidget) -> None:
        self.output = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
        self.output.add_class("lantern-page-script")
        self._count = 0
        self._timer: asyncio.TimerHandle | None = None
        self.show("watch", clear=False)
        self.into_view = IntoView(panel, lambda: self.show("into-view"))

    def show(self, name: str, *, clear: bool = True) -> None:
        """Run the script ``name`` in every page that shows the panel now (and, ``clear`` False,
        in any that shows it until the next script)."""
        self._count += 1  # a script shown again is a new output, which the page runs again
        self.output.outputs = (
            {
                "output_type": "display_data",
                "data": {"application/javascript": SCRIPTS[name]},
                "metadata": {"lantern-script": self._count},
            },
        )
        self._cancel()
        if clear:
            self._timer = into_view.later(CLEAR_AFTER, self._clear)

    @property
    def asked(self) -> int:
        """How many scripts the panel has asked its pages to run so far: a browser test reads it
        before and after a click to know, from the kernel itself, whether the click asked for one
        (the page's own count, ``data-lantern-scripts-run``, only says when one has run)."""
        return self._count

    def shown(self) -> list[str]:
        """The names of the scripts in the output now."""
        by_text = {text: name for name, text in SCRIPTS.items()}
        return [by_text[o["data"]["application/javascript"]] for o in self.output.outputs]

    def _clear(self) -> None:
        self._timer = None
        self.output.outputs = ()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def stop(self) -> None:
        """Ask for nothing more (the panel is closing or was replaced)."""
        self.into_view.stop()
        self._cancel()
