"""One JupyterLab page per test worker: each test's notebook opens in a tab of it.

Why: a JupyterLab page's start is the costliest step of most browser tests. On two cores, a new
page opening a notebook with a panel and running it cost 6.1 s of Chromium's CPU and 2.7 s of
the server's and the kernel's; the same notebook opened in a tab of a page already running
JupyterLab cost 1.4 s and 1.5 s (five of each, ``docs/developer-guide/benchmarks.md``). Forty
tests open a notebook: minutes of the suite's two cores.

What keeps the tests apart on one page:

- the notebook opens alone: every document open on the page is closed first (unsaved, as a
  page that is closed saves nothing), so a test finds its own panel only;
- after each test, the globals the tests set on the page are removed, the test's console
  listeners detached, its notebooks closed before its kernels are deleted, and the window set
  back to the context's size;
- a page a test failed on, navigated away from, or left a dialog open on is closed, and the
  next test starts a new one;
- a test that reloads or navigates its page, or listens for its dialogs, is marked
  ``fresh_page`` and gets a page of its own (conftest.py), as every test did before.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

__all__ = ["FIND_PANEL", "STALE_SESSION_MODELS", "SharedLab", "open_in_tab", "shows_lab_of"]

#: What the page logs, on a shared page, for the notebooks earlier tests closed. Each game panel's
#: kernel has an ipylab front end, whose session model in the page follows JupyterLab's current
#: tab and running sessions and never lets go of them (ipylab 1.1). Once its notebook is closed
#: it has no kernel to tell ("Cannot send"), or no comm at all once its widget manager closed it
#: ("no comm channel", thrown as a bare string, so only where it is logged tells: inside one of
#: JupyterLab's signals, not a Lantern view's handler). Each change of tab logs them; a player who
#: closes a notebook and opens another sees the same lines in the console, and nothing changes on
#: the page.
STALE_SESSION_MODELS = (
    r"Could not send widget sync message Error: Cannot send\n(\s*at .*\n)*?"
    r"\s*at \S+\._(currentChanged|sendSessions|sendCurrent) \(\S*/ipylab/static/",
    r"^console\.error: Syncing error: no comm channel defined \(\S*/static/lab/jlab_core\.",
)

#: A page script's helper: ``findPanel(path)``, the notebook panel open on ``path`` in
#: window.jupyterapp (the servers expose it), or null. Put before a script that calls it.
FIND_PANEL = """
const findPanel = (path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.sessionContext && w.content) return w;
  }
  return null;
};
"""

# The ids of the pages that are shared now (open_notebook opens tabs only in those).
_SHARED: set[int] = set()

# Closes every document and widget in JupyterLab's main area without asking to save.
_CLOSE_ALL = """() => {
  for (const widget of [...window.jupyterapp.shell.widgets('main')]) {
    if (widget.context && widget.context.model) widget.context.model.dirty = false;
    widget.dispose();
  }
}"""

_OPEN = """async (path) => {
  const widget = await window.jupyterapp.commands.execute(
    'docmanager:open', {path, factory: 'Notebook'});
  window.jupyterapp.shell.activateById(widget.id);
}"""

# Whether the page runs JupyterLab (started: a notebook was opened on it) with no dialog open.
_LAB_READY = """() => !!(window.jupyterapp && window.jupyterapp.shell)
  && document.querySelectorAll('.jp-Dialog').length === 0"""

# The tests' own globals on the page (window.__lantern...).
_FORGET = """() => { for (const key of Object.keys(window)) {
  if (key.startsWith('__lantern')) delete window[key]; } }"""


def shows_lab_of(page: Any, base_url: str) -> bool:
    """Whether ``page`` is a shared page showing a JupyterLab of the server at ``base_url`` with
    no dialog open: a notebook can open in a tab of it. (A shared page is on JupyterLab once a
    test opened a notebook on it, and is closed when a test fails on it.)"""
    if id(page) not in _SHARED or not page.url.startswith(f"{base_url}/lab/"):
        return False
    try:
        return bool(page.evaluate(_LAB_READY))
    except Exception:  # a page that crashed or is navigating
        return False


def open_in_tab(page: Any, name: str) -> None:
    """Open the notebook ``name`` alone on the page: the documents open there are closed."""
    page.evaluate(_CLOSE_ALL)
    page.evaluate(_OPEN, name)


class SharedLab:
    """The worker's shared page, made on first use from ``browser`` with pytest-playwright's
    context options, and made again after a test left it unfit."""

    def __init__(self, browser: Any, context_args: dict[str, Any]) -> None:
        self._browser = browser
        self._context_args = context_args
        self._context: Any = None
        self._page: Any = None

    def take(self) -> Any:
        """The shared page, its window at the context's size."""
        if self._page is None or self._page.is_closed():
            self.discard()
            self._context = self._browser.new_context(**self._context_args)
            self._page = self._context.new_page()
            _SHARED.add(id(self._page))
        elif "viewport" in self._context_args:
            self._page.set_viewport_size(self._context_args["viewport"])
        return self._page

    def give_back(self, *, failed: bool, base_url: str | None) -> None:
        """After a test: close its notebooks and forget its globals, or close the page when the
        test failed on it or left it elsewhere than a quiet JupyterLab of ``base_url``."""
        page = self._page
        if page is None:
            return
        if failed or base_url is None or not shows_lab_of(page, base_url):
            self.discard()
            return
        try:
            page.evaluate(_CLOSE_ALL)
            page.evaluate(_FORGET)
        except Exception:
            self.discard()

    def discard(self) -> None:
        """Close the shared page and its context (the next test makes new ones)."""
        if self._page is not None:
            _SHARED.discard(id(self._page))
        if self._context is not None:
            with suppress(Exception):  # a browser already gone at the end of the session
                self._context.close()
        self._context = self._page = None
