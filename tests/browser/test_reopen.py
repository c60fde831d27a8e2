"""A game notebook opened after the server restarted: its saved panel output has no widget behind
it any more.

A player who stopped ``make play`` and starts it the next day finds the notebook as saved: the
panel's output names a widget model that no kernel holds. JupyterLab (and Notebook 7, which is
built from it) said "Error displaying widget: model not found" over a blank area. What the panel
would say is shown instead, at once (no grace: a model that is "not found" once the widgets are
restored will not come): "Your journey firelights is saved: Run ▸ Run All Cells to continue where
you left off." The same line is what an exported (nbconvert HTML) notebook shows for the panel.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import nbformat
import pytest
from harness import copy_notebooks, open_notebook, wait_kernel_idle
from lab_servers import JupyterServer
from playwright.sync_api import expect

NOTEBOOK = "play-firelights.ipynb"
LINE = "Your journey firelights is saved: Run ▸ Run All Cells to continue where you left off."

# The moment the widget renderer gives up ("model not found"): is its text shown, and the line?
_AT_THE_ERROR = """() => {
  const error = [...document.querySelectorAll('.jp-OutputArea-output.jupyter-widgets')]
    .find((node) => node.textContent.includes('model not found'));
  const line = document.querySelector('.lantern-fallback');
  if (!error || !line) return null;
  const seen = (node) => node.getClientRects().length > 0
    && getComputedStyle(node).visibility !== 'hidden';
  return {error: seen(error), line: seen(line), text: line.innerText};
}"""


def _saved_after_run_all(page: Any, server: JupyterServer) -> None:
    """Run All, then save the notebook with the panel's output (as a player's save does)."""
    open_notebook(page, server, NOTEBOOK)
    expect(page.locator(".lantern-frame")).to_be_visible()
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    saved = server.root_dir / NOTEBOOK
    page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", polling=100
    )
    outputs = nbformat.read(saved, as_version=4).cells[1].outputs
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


def _expect_the_saved_line(page: Any) -> None:
    found = page.wait_for_function(_AT_THE_ERROR, polling=50, timeout=60_000).json_value()
    assert found == {"error": False, "line": True, "text": LINE}, found
    expect(page.get_by_text("Error displaying widget")).to_be_hidden()


@pytest.fixture
def restarted(tmp_path: Path) -> Any:
    """The notebooks served, and a second server on the same folder started by ``restart()``."""
    root, state = copy_notebooks(tmp_path / "notebooks"), tmp_path / "state"
    state.mkdir()
    servers: list[JupyterServer] = []

    def start() -> JupyterServer:
        if servers:
            servers[-1].stop()  # its kernels shut down; the journey file stays
        servers.append(JupyterServer(root, state).start())
        return servers[-1]

    yield start
    servers[-1].stop()


def test_a_notebook_reopened_after_a_restart_says_the_journey_is_saved(
    page, console_errors, restarted, shot
):
    page.set_viewport_size({"width": 1400, "height": 1000})
    # Notebook 7's page (no file browser; the tests' settings are JupyterLab's) logs these two
    # from its own bundle as it loads; the notebook and its outputs are unaffected.
    console_errors.allow(r"reading 'schema'\)\n\s*at \S*/static/notebook/notebook_core")
    console_errors.allow(r"Command 'filebrowser:open-path' not registered")
    # The widget renderer logs the model it did not find: the state this test opens on purpose.
    console_errors.allow(r"console.error: Error: widget model not found\n\s*at \S*get_model")
    server = restarted()
    _saved_after_run_all(page, server)
    shot(page, "played and saved")
    page.goto("about:blank")  # the page leaves before its server stops, as a player's tab closes
    server = restarted()

    page.goto(server.url(f"/lab/workspaces/t{secrets.token_hex(6)}/tree/{NOTEBOOK}"))
    wait_kernel_idle(page, NOTEBOOK)
    _expect_the_saved_line(page)
    shot(page, "jupyterlab after the restart")

    page.goto(server.url(f"/notebooks/{NOTEBOOK}"))
    _expect_the_saved_line(page)
    shot(page, "notebook 7 after the restart")


def test_the_exported_notebook_shows_the_line_for_the_panel(page, restarted):
    """File ▸ Save and Export Notebook As ▸ HTML: nbconvert shows no widget; the panel's place
    has the saved line once, not the panel's plain-text name as well."""
    from nbconvert import HTMLExporter

    server = restarted()
    _saved_after_run_all(page, server)
    body, _ = HTMLExporter().from_filename(str(server.root_dir / NOTEBOOK))
    assert body.count("Your journey <em>firelights</em> is saved: Run ▸ Run All Cells") == 1
    assert "the game panel (run the notebook to play)" not in body


# Whether the notebook open on `path` has changes not yet saved (its tab's dirty marker).
_DIRTY = """(path) => { const w = [...window.jupyterapp.shell.widgets('main')]
  .find((each) => each.context && each.context.path === path);
  return w && w.context.isReady ? {dirty: w.context.model.dirty,
    tab: !!document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty')} : null; }"""


def test_a_game_notebook_opens_with_no_unsaved_changes(page, jupyter_server):
    """Opening a notebook connects its kernel, and JupyterLab writes the kernel's spec and
    language into the notebook's metadata: where the saved metadata differed (a bare
    ``{"name": "python"}``), the tab showed as unsaved before the player did anything."""
    import json
    import platform

    for name in ("firelights.ipynb", "play-voidlight.ipynb", "embers.ipynb"):
        saved = json.loads((jupyter_server.root_dir / name).read_text(encoding="utf-8"))
        version = saved["metadata"]["language_info"].get("version")
        if version not in (None, platform.python_version()):
            pytest.skip(f"the notebooks are saved for Python {version}; this kernel's Python is "
                        f"{platform.python_version()}, whose version JupyterLab writes in")  # fmt: skip
        open_notebook(page, jupyter_server, name, run_all=False)
        page.wait_for_timeout(1000)  # the kernel's spec and language are written in by now
        assert page.evaluate(_DIRTY, name) == {"dirty": False, "tab": False}, name
