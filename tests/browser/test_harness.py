"""The browser harness itself, on a small generated notebook (no game notebook needed)."""

from __future__ import annotations

import pytest
from harness import REPO, assert_no_tracebacks, open_notebook, run_in_kernel
from playwright.sync_api import expect

BUTTON_CELL = """\
import ipywidgets as w

label = w.Label("not clicked")
label.add_class("lantern-smoke-label")
button = w.Button(description="Smoke")
button.add_class("lantern-smoke")
button.on_click(lambda _: setattr(label, "value", "clicked"))
w.VBox([button, label])
"""

# The recipe's Markdown-cell insertion: the button's click makes its cell active. Voila has no
# ipylab frontend (its model fails to load there, with console errors), so the note is skipped
# there: Voila's kernels have $VOILA_KERNEL_ID.
NOTE_CELL = """\
import os

from ipylab import JupyterFrontEnd

app = None if "VOILA_KERNEL_ID" in os.environ else JupyterFrontEnd()
note = w.Button(description="Add a note")
note.add_class("lantern-smoke-note")


def add_note(_):
    if app is None:
        return
    app.commands.execute("notebook:insert-cell-below")
    app.commands.execute("notebook:change-cell-to-markdown")
    app.commands.execute("notebook:replace-selection", {"text": "**Smoke note** from a button"})
    app.commands.execute("notebook:run-cell")


note.on_click(add_note)
note
"""


@pytest.fixture
def smoke(make_notebook):
    """The smoke notebook, written into the served copy of notebooks/."""
    return make_notebook("smoke", BUTTON_CELL, NOTE_CELL)


def test_lab_buttons_update_a_label_and_add_a_cell_and_kernels_import_this_checkout(
    page, jupyter_server, smoke, shot
):
    # One notebook opened for the three checks of JupyterLab: each opening costs a page load, a
    # kernel and a Run All, seconds of the test run's two cores.
    open_notebook(page, jupyter_server, smoke)
    label = page.locator(".lantern-smoke-label")
    expect(label).to_have_text("not clicked")
    shot(page, "opened")
    page.locator(".lantern-smoke").click()
    expect(label).to_have_text("clicked")
    shot(page, "clicked")

    cells = page.locator(".jp-Notebook .jp-Cell")
    expect(cells).to_have_count(2)
    page.locator(".lantern-smoke-note").click()
    note = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown strong", has_text="Smoke note")
    expect(note).to_be_visible()
    expect(cells).to_have_count(3)
    # Right below the button's cell, that is last.
    expect(cells.nth(2)).to_contain_text("Smoke note from a button")
    shot(page, "note-inserted")
    assert_no_tracebacks(page)

    # The venv's editable install may point at another checkout (a worktree's tests would then
    # drive main's widgets); the harness puts this one first on the kernels' PYTHONPATH.
    where = run_in_kernel(
        page, smoke, "import rules, widgets; print(rules.__file__, widgets.__file__)"
    )
    assert where.split() == [
        str(REPO / "rules" / "__init__.py"),
        str(REPO / "widgets" / "__init__.py"),
    ]


def test_voila_button_updates_label(page, voila, smoke, shot):
    server = voila(smoke)
    page.goto(server.url)
    label = page.locator(".lantern-smoke-label")
    expect(label).to_have_text("not clicked", timeout=60_000)
    shot(page, "opened")
    page.locator(".lantern-smoke").click()
    expect(label).to_have_text("clicked")
    shot(page, "clicked")
    assert_no_tracebacks(page)
