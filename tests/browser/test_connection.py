"""A panel and its connection to the kernel, on a minimal notebook.

The notebook shows an ipywidgets.Button with the `lantern-frame` class (through ShowsFallback, so
with the fallback output of widgets/frame/connection.py right below it; docs/developer-guide/connection.md says
why) and the frame's CSS in a widget (as the panel ships its CSS), so these
tests do not depend on the game panel:

* a reload while the kernel runs brings the frame back live (ipywidgets' "control comm" asks the
  kernel for every widget's state) when no open widget refers to a closed one;
* one such widget (what the Firelights panel left behind when it closed replaced buttons) makes
  the kernel's answer raise: the page stays on "Loading widget..." until Run All, and the
  fallback line says so instead, after its grace;
* a kernel that dies, restarts or shuts down leaves the frame disconnected: it says so and takes
  no clicks; Run All brings it back;
* an untrusted notebook (saved outputs, signature unknown) shows the fallback line as plain text;
* Voilà says "reload the page" instead of "Run All".
"""

from __future__ import annotations

import os
import re
import signal
import time
from typing import Any

import nbformat
import pytest
from harness import (
    assert_no_tracebacks,
    open_notebook,
    run_in_kernel,
    wait_kernel_idle,
)
from playwright.sync_api import expect

from widgets.frame.connection import GRACE_SECONDS, MESSAGE, VOILA_MESSAGE, fallback_html

FRAME_CELL = """\
import ipywidgets as w
from IPython.display import display
from widgets.frame.connection import (
    FRAME_CLASS, FRAME_CSS, ShowsFallback, broken_widgets, fallback, replace_children
)


class PlayButton(ShowsFallback, w.Button):
    plain_text = "✹ Play"


clicks = w.Label("0")
clicks.add_class("t-clicks")
frame = PlayButton(description="Play")
frame.add_class(FRAME_CLASS)
frame.on_click(lambda _b: setattr(clicks, "value", str(int(clicks.value) + 1)))
display(w.HTML(f"<style>{FRAME_CSS}</style>"), clicks)
frame  # shows the button and its fallback line
"""

# Parts swapped the way the proposal says: nothing open refers to a closed widget.
REPLACE_CELL = """\
choice = w.HBox()
for turn in range(3):
    replace_children(choice, [w.HTML(f"turn {turn}"), w.HBox([w.Button(description="option")])])
assert broken_widgets() == [], broken_widgets()
choice
"""

# What the Firelights panel did on each render: close the old buttons, keep their open box.
BROKEN_CELL = """\
row = w.HBox([w.Button(description="old option")])
row.children[0].close()
assert broken_widgets() == [row]
"""

PID_CELL = "import os\nprint('kernel pid', os.getpid())"

# Counted from the kernel's connection after a reload, when the page starts restoring the
# widgets: long enough for the fallback's grace, the control comm's 4 s timeout and its fallback.
NO_RESTORE_WAIT = 8_000  # ms

# JupyterLab's own messages when the kernel goes away (the tests cause it on purpose).
KERNEL_GONE = [
    r"Connection lost, reconnecting",
    r"WebSocket connection to .* failed",
    r"Kernel .* (dead|restarting|disposed)",
    r"Canceled future for \w+ message before replies were done",
]


@pytest.fixture
def kernel_gone(console_errors: Any) -> None:
    for pattern in KERNEL_GONE:
        console_errors.allow(pattern)


class Frame:
    """The frame, its click counter and its fallback line, on a JupyterLab or Voilà page."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.button = page.locator(".lantern-frame")
        self.clicks = page.locator(".t-clicks")
        self.fallback = page.locator(".lantern-fallback").first

    def click_counts(self, expected: int) -> None:
        self.button.click()
        expect(self.clicks).to_have_text(str(expected))

    def takes_clicks(self) -> bool:
        """Whether a click at the frame's centre lands on the frame."""
        return bool(
            self.button.evaluate(
                """(el) => {
                  const r = el.getBoundingClientRect();
                  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                  return !!hit && el.contains(hit);
                }"""
            )
        )

    def banner(self) -> str:
        """The text shown over the frame ("" when none): its ::before content."""
        content = self.button.evaluate("(el) => getComputedStyle(el, '::before').content")
        return "" if content in ("none", "normal") else content.strip('"')

    def expect_live(self) -> None:
        expect(self.button).to_be_visible()
        expect(self.button).not_to_have_class(re.compile(r"\bjupyter-widgets-disconnected\b"))
        expect(self.fallback).to_be_hidden()
        assert self.banner() == ""
        assert self.takes_clicks()

    def expect_disconnected(self, message: str = MESSAGE) -> None:
        expect(self.button).to_have_class(re.compile(r"\bjupyter-widgets-disconnected\b"))
        assert self.banner() == message
        assert not self.takes_clicks(), "a disconnected frame must not take clicks"
        # The frame itself says it: the fallback line below it stays hidden.
        expect(self.fallback).to_be_hidden()


def save(page: Any) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)


def accept_dialog(page: Any, text: str) -> None:
    dialog = page.locator(".jp-Dialog", has_text=text)
    expect(dialog).to_be_visible()
    dialog.locator(".jp-mod-accept").click()
    expect(dialog).to_have_count(0)


def run_all(page: Any, name: str) -> None:
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    wait_kernel_idle(page, name)


def kernel_pid(page: Any, name: str) -> int:
    return int(run_in_kernel(page, name, "import os; print(os.getpid())"))


@pytest.mark.fresh_page
def test_reload_brings_the_frame_back_live(
    page, jupyter_server, make_notebook, shot, record_property
):
    name = make_notebook("connection-reload", FRAME_CELL, REPLACE_CELL)
    open_notebook(page, jupyter_server, name)
    frame = Frame(page)
    frame.expect_live()
    frame.click_counts(1)
    save(page)
    shot(page, "before-reload")

    started = time.monotonic()
    page.reload()
    expect(frame.button).to_be_visible(timeout=30_000)
    frame.click_counts(2)  # live: the kernel's callback answered
    live = time.monotonic() - started
    record_property("reload_to_live_seconds", round(live, 2))
    print(f"reload to a live frame (click answered): {live:.1f} s")
    frame.expect_live()
    expect(page.get_by_text("Loading widget...")).to_have_count(0)
    shot(page, "after-reload-live")
    assert live < 15, f"reload to live took {live:.1f} s"
    assert_no_tracebacks(page)


@pytest.mark.fresh_page
def test_reload_with_a_closed_child_shows_the_fallback_line(
    page, jupyter_server, make_notebook, shot, console_errors
):
    # The front end logs nothing for it: the kernel's traceback goes to a stream message.
    name = make_notebook("connection-broken", FRAME_CELL, BROKEN_CELL)
    open_notebook(page, jupyter_server, name)
    frame = Frame(page)
    frame.click_counts(1)
    save(page)

    page.reload()
    wait_kernel_idle(page, name)
    restoring = time.monotonic()
    # One for each widget output of the cell (the CSS, the frame, the counter): ipywidgets
    # waits for a restore that never ends.
    placeholders = page.get_by_text("Loading widget...")
    expect(placeholders).to_have_count(3)
    expect(placeholders.first).to_be_visible()
    expect(frame.fallback).to_be_hidden()  # the grace: a healthy restore takes about 2 s
    shot(page, "loading")
    expect(frame.fallback).to_be_visible(timeout=GRACE_SECONDS * 1000 + 5_000)
    expect(frame.fallback).to_have_text(MESSAGE, use_inner_text=True)
    page.wait_for_timeout(max(0.0, NO_RESTORE_WAIT - 1000 * (time.monotonic() - restoring)))
    expect(frame.button).to_have_count(0)  # still not restored
    for placeholder in placeholders.all():  # one line instead of "Loading widget..."
        expect(placeholder).to_be_hidden()
    expect(frame.fallback).to_be_visible()
    shot(page, "fallback")

    run_all(page, name)  # the way back the line gives
    frame.expect_live()
    frame.click_counts(1)
    shot(page, "run-all-live")


def test_restarted_kernel_leaves_the_frame_saying_so(
    page, jupyter_server, make_notebook, kernel_gone, shot
):
    name = make_notebook("connection-restart", FRAME_CELL)
    open_notebook(page, jupyter_server, name)
    frame = Frame(page)
    frame.click_counts(1)

    page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    accept_dialog(page, "Restart Kernel?")
    wait_kernel_idle(page, name)
    frame.expect_disconnected()
    expect(frame.clicks).to_have_text("1")
    shot(page, "restarted")

    run_all(page, name)
    frame.expect_live()
    frame.click_counts(1)  # a new kernel, a new counter
    shot(page, "run-all-live")
    assert_no_tracebacks(page)


# A panel that holds all its parts (as the game panels do): only the panel's own output needs to
# be found again after a restart.
PANEL_CELL = """\
import ipywidgets as w
from widgets.frame.connection import FRAME_CLASS, FRAME_CSS, ShowsFallback


class Panel(ShowsFallback, w.VBox):
    plain_text = "✹ Panel"


clicks = w.Label("0")
clicks.add_class("t-clicks")
play = w.Button(description="Play")
play.add_class("t-play")
play.on_click(lambda _b: setattr(clicks, "value", str(int(clicks.value) + 1)))
panel = Panel([w.HTML(f"<style>{FRAME_CSS}</style>"), play, clicks])
panel.add_class(FRAME_CLASS)
panel
"""


@pytest.mark.fresh_page
def test_reload_after_restart_and_run_all_is_live_though_not_saved_since(
    page, jupyter_server, make_notebook, kernel_gone, shot
):
    """The file still held the old kernel's panel (autosave comes 120 s after the last
    save), so a reload found no such widget and said "disconnected… Run All". The panel's holder
    takes its model id from the cell: Run All in the new kernel remakes the id the file holds."""
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" on a dirty notebook
    name = make_notebook("connection-restart-reload", PANEL_CELL)
    open_notebook(page, jupyter_server, name)
    play, clicks = page.locator(".t-play"), page.locator(".t-clicks")
    fallback = page.locator(".lantern-fallback")
    play.click()
    expect(clicks).to_have_text("1")
    save(page)

    page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    accept_dialog(page, "Restart Kernel?")
    wait_kernel_idle(page, name)
    run_all(page, name)
    play.click()
    expect(clicks).to_have_text("1")  # a new kernel, a new counter
    expect(page.locator(".jp-mod-dirty")).not_to_have_count(0)  # not saved since the restart
    shot(page, "restarted-run-all-unsaved")

    page.reload()
    expect(play).to_be_visible(timeout=30_000)
    play.click()
    expect(clicks).to_have_text("2")  # the new kernel's panel, live
    expect(page.locator(".lantern-frame")).not_to_have_class(
        re.compile(r"\bjupyter-widgets-disconnected\b")
    )
    page.wait_for_timeout(GRACE_SECONDS * 1000 + 500)
    expect(fallback).to_be_hidden()
    shot(page, "reloaded-live")
    assert_no_tracebacks(page)


def test_killed_kernel_leaves_the_frame_saying_so(
    page, jupyter_server, make_notebook, kernel_gone, shot
):
    name = make_notebook("connection-kill", FRAME_CELL)
    open_notebook(page, jupyter_server, name)
    frame = Frame(page)
    frame.click_counts(1)

    os.kill(kernel_pid(page, name), signal.SIGKILL)
    accept_dialog(page, "appears to have died")  # the server restarts it
    frame.expect_disconnected()
    shot(page, "killed")

    page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:shutdown'); }")
    expect(page.locator(".jp-Notebook-ExecutionIndicator")).to_have_attribute(
        "data-status", "unknown"
    )
    frame.expect_disconnected()
    shot(page, "shut-down")


def test_untrusted_saved_outputs_show_the_line_as_text(page, jupyter_server, notebook_dir, shot):
    # Outputs saved elsewhere (no signature here): JupyterLab renders no widget for them and its
    # sanitizer drops the fallback's <style>; the line stays, and only the JupyterLab variant.
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    cell = nbformat.v4.new_code_cell("panel")
    cell.outputs = [
        nbformat.v4.new_output(
            "display_data",
            data={
                "application/vnd.jupyter.widget-view+json": {
                    "model_id": "0" * 32,
                    "version_major": 2,
                    "version_minor": 0,
                },
                "text/plain": "✹ Firelights",
            },
        ),
        nbformat.v4.new_output(
            "display_data", data={"text/html": fallback_html(), "text/plain": MESSAGE}
        ),
    ]
    nb.cells.append(cell)
    path = notebook_dir / "connection-untrusted.ipynb"
    nbformat.write(nb, path)
    try:
        open_notebook(page, jupyter_server, path.name, run_all=False)
        fallback = page.locator(".lantern-fallback")
        expect(fallback).to_be_visible()
        expect(fallback).to_have_text(MESSAGE, use_inner_text=True)
        assert page.evaluate(
            "() => [...window.jupyterapp.shell.currentWidget.content.model.cells]"
            ".map((c) => c.trusted)"
        ) == [False]
        area = page.locator(".jp-OutputArea")
        expect(area.locator("style")).to_have_count(0)  # stripped by the sanitizer
        expect(area).to_contain_text("✹ Firelights")  # the widget's text/plain, not a widget
        shot(page, "untrusted")
    finally:
        path.unlink(missing_ok=True)


def test_voila_says_reload_the_page(page, voila, make_notebook, kernel_gone, shot):
    name = make_notebook(
        "connection-voila", FRAME_CELL, "fallback()  # a panel that is not there", PID_CELL
    )
    server = voila(name)
    page.goto(server.url)
    frame = Frame(page)
    expect(frame.button).to_be_visible(timeout=60_000)
    frame.expect_live()
    frame.click_counts(1)
    lone = page.locator(".lantern-fallback").nth(1)
    expect(lone).to_be_visible(timeout=GRACE_SECONDS * 1000 + 5_000)
    expect(lone).to_have_text(VOILA_MESSAGE, use_inner_text=True)
    shot(page, "live")

    pid = int(page.get_by_text("kernel pid").inner_text().split()[-1])
    os.kill(pid, signal.SIGKILL)
    frame.expect_disconnected(VOILA_MESSAGE)
    shot(page, "killed")
