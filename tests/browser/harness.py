"""Helpers behind tests/browser/conftest.py: notebook driving, checks, screenshots. Beside them:
the servers they drive (lab_servers.py), the worker's shared JupyterLab page (lab_page.py), the
page console's checks (page_console.py) and what a stuck Run All reports (stuck.py).

The recipe they follow is in docs/developer-guide/testing.md. Game tests use the fixtures in
conftest.py and import `open_notebook` and `assert_no_tracebacks` from here.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import nbformat
from lab_page import FIND_PANEL, open_in_tab, shows_lab_of
from lab_servers import JupyterServer
from playwright.sync_api import expect
from stuck import stuck_report

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SCREENSHOTS = HERE / "screenshots"

# The real binary first: the Debian wrapper /usr/bin/chromium prints a harmless
# "[: ...: unexpected operator" at each launch.
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # needed as root
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # Without these Chromium keeps trying to reach the outside.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Offline by design, on any machine: only the local servers resolve (127.0.0.2 stands for
    # another computer on the GM's network: the table server of tests/browser/test_seat_links.py).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2",
]

# ms, for the kernel to start and for run-all to finish: a guard against a hang, not a speed
# (a Run All of the Voidlight notebook took over 60 s once, late in a whole run on two cores)
NOTEBOOK_TIMEOUT = 120_000
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def find_chromium() -> Path | None:
    """Debian's Chromium, or the file named by $LANTERN_CHROMIUM; None when it is not there."""
    override = os.environ.get("LANTERN_CHROMIUM")
    candidates = (override,) if override else CHROMIUM_CANDIDATES
    for candidate in candidates:
        path = Path(candidate)
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None


def chromium_missing_reason() -> str:
    """The one-line reason the browser tests skip."""
    where = os.environ.get("LANTERN_CHROMIUM") or " or ".join(CHROMIUM_CANDIDATES)
    return f"no Chromium at {where}: run `make browser-deps` as root (apt-get install chromium)"


# --- notebooks ---------------------------------------------------------------------------------


def write_notebook(directory: Path, name: str, cells: Iterable[str]) -> str:
    """Write code cells (a string starting with "%%md\\n" is a Markdown cell) as `name`.

    Returns the notebook's path relative to `directory`, as the servers want it.
    """
    if not name.endswith(".ipynb"):
        name += ".ipynb"
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNELSPEC)  # no "Select kernel" dialog
    nb.metadata["language_info"] = {"name": "python"}
    for source in cells:
        if source.startswith("%%md\n"):
            nb.cells.append(nbformat.v4.new_markdown_cell(source.removeprefix("%%md\n")))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(source))
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return name


def copy_notebooks(destination: Path) -> Path:
    """Copy the repository's notebooks/ (checkpoints left out) into `destination`."""
    source = REPO / "notebooks"
    if source.is_dir():
        shutil.copytree(
            source,
            destination,
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "journeys"),
        )
    else:
        destination.mkdir(parents=True)
    return destination


# --- driving JupyterLab ------------------------------------------------------------------------

_KERNEL_IDLE = (
    "(path) => {"
    + FIND_PANEL
    + """
  const panel = findPanel(path);
  if (!panel || !panel.context.isReady) return false;
  const session = panel.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === 'idle');
}"""
)

_WATCH_KERNEL_ERRORS = (
    "(path) => {"
    + FIND_PANEL
    + """
  // Kernel 'error' messages, also those from widget callbacks (which JupyterLab sends to the
  // log console, not to a cell): assert_no_tracebacks reports them.
  window.__lanternKernelErrors = window.__lanternKernelErrors || [];
  findPanel(path).sessionContext.iopubMessage.connect((_, msg) => {
    if (msg.header.msg_type === 'error') {
      const c = msg.content;
      window.__lanternKernelErrors.push(`${c.ename}: ${c.evalue}\\n` + c.traceback.join('\\n'));
    }
  });
}"""
)

_RUN_ALL = (
    "async ([path, timeout]) => {"
    + FIND_PANEL
    + """
  const app = window.jupyterapp;
  app.shell.activateById(findPanel(path).id);  // the command acts on the current notebook
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeout));
  return await Promise.race([app.commands.execute('notebook:run-all-cells'), timer]);
}"""
)


def run_all_open(page: Any, name: str, timeout: float) -> Any:
    """Run all cells of the notebook ``name`` open on the page (JupyterLab's or Notebook 7's):
    the command's answer (False: a cell stopped at an error), or "timeout" after ``timeout`` ms."""
    return page.evaluate(_RUN_ALL, [name, timeout])


def open_notebook(page: Any, server: JupyterServer, name: str, *, run_all: bool = True) -> None:
    """Open `name` (relative to server.root_dir) alone on the page and run it: in a tab of the
    worker's shared JupyterLab page (lab_page.py), else in a fresh JupyterLab workspace.

    Waits for the kernel to be idle, starts collecting kernel errors for assert_no_tracebacks,
    then (unless run_all=False) runs all cells as :func:`run_all_cells` does.
    """
    if shows_lab_of(page, server.base_url):  # the worker's shared page (lab_page.py)
        open_in_tab(page, name)
    else:
        workspace = "t" + secrets.token_hex(6)
        page.goto(server.url(f"/lab/workspaces/{workspace}/tree/{quote(name)}"))
    wait_kernel_idle(page, name)
    page.evaluate(_WATCH_KERNEL_ERRORS, name)
    if run_all:
        run_all_cells(page, server, name)


def run_all_cells(page: Any, server: JupyterServer, name: str) -> None:
    """Run all cells of ``name`` (open, its kernel idle) with 'notebook:run-all-cells', then wait
    for idle again and for every panel to have come into view (see wait_panels_settled). Raises
    AssertionError if a cell failed (with the tracebacks found), or if the command did not end
    within NOTEBOOK_TIMEOUT (with where the page, the kernels and the server stood)."""
    result = run_all_open(page, name, NOTEBOOK_TIMEOUT)
    if result == "timeout":
        raise AssertionError(
            f"run all cells of {name} took over {NOTEBOOK_TIMEOUT / 1000:.0f} s\n"
            + stuck_report(page, name, server)
        )
    wait_kernel_idle(page, name)
    if result is False:
        assert_no_tracebacks(page)
        raise AssertionError(f"run all cells of {name} stopped at an error")
    wait_panels_settled(page)


# Every panel on the page has run its after-Run-All script (it scrolled, or left the page as it
# was), and every page script a panel shows has run to its end (its output node marked done).
# Only a game panel has page scripts: a bare frame of the frame's own tests is left out.
_PANELS_SETTLED = """() => [...document.querySelectorAll('.lantern-frame')].filter(
  (panel) => panel.querySelector('.lantern-page-script')).every(
  (panel) => panel.dataset.lanternIntoView && !panel.dataset.lanternScrolling
    && [...panel.querySelectorAll('.lantern-page-script .jp-OutputArea-output')].every(
      (output) => output.dataset.lanternDone))"""

# Two animation frames: a page script just received has started (it marks its panel at work).
_TWO_FRAMES = """() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""


def wait_panels_settled(page: Any, timeout: float = 30_000) -> None:
    """Wait until every Lantern panel on the page has come into view after Run All (or left the
    window where the player has it) and none is scrolling its result into view: a panel scrolls
    the page a moment after the kernel went quiet (widgets/frame/page_script.py), and a test
    that measures where things are, or clicks, must not race it."""
    page.evaluate(_TWO_FRAMES)
    page.wait_for_function(_PANELS_SETTLED, timeout=timeout, polling=50)


# How many page scripts a panel has run to their end (widgets/frame/page_script.py counts them).
SCRIPTS_RUN = "(panel) => Number(panel.dataset.lanternScriptsRun || 0)"


def wait_script_after(page: Any, panel: Any, before: int, timeout: float = 15_000) -> bool:
    """Wait until ``panel`` has run a page script more than the ``before`` it had counted (read
    with :data:`SCRIPTS_RUN` before a click), then for every panel to settle. A click that told
    something asks for its result to be shown whole, and the page runs that script after it has
    drawn the widgets' updates, which may be after the kernel went idle. False when no script
    came within ``timeout`` (a click that told nothing asks for none)."""
    try:
        page.wait_for_function(
            f"(panel) => ({SCRIPTS_RUN})(panel) > {before}",
            arg=panel.element_handle(),
            polling=50,
            timeout=timeout,
        )
    except Exception as error:  # Playwright's TimeoutError: no script was asked for
        if "Timeout" not in type(error).__name__:
            raise
        return False
    finally:
        wait_panels_settled(page)
    return True


_RUN_IN_KERNEL = (
    "async ([path, code]) => {"
    + FIND_PANEL
    + """
  const kernel = findPanel(path).sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
  await future.done;
  return out;
}"""
)


def run_in_kernel(page: Any, name: str, code: str) -> str:
    """Run `code` in the kernel of the open notebook `name` (no cell); return its stdout."""
    return str(page.evaluate(_RUN_IN_KERNEL, [name, code]))


def wait_kernel_idle(page: Any, name: str, timeout: float = NOTEBOOK_TIMEOUT) -> None:
    """Wait until the kernel of the open notebook `name` is idle."""
    page.wait_for_function(_KERNEL_IDLE, arg=name, timeout=timeout, polling=100)


# Counts, on the page, the widget messages sent to the kernel of the notebook `path` and notes
# each message the kernel has finished handling: its 'idle' status, which the page handles after
# every update the handling sent back (JupyterLab handles a kernel's messages one at a time, in
# the order they came). Installed once per page and kernel.
_WATCH_HANDLED = (
    "(path) => {"
    + FIND_PANEL
    + """
  const kernel = findPanel(path).sessionContext.session.kernel;
  const watch = window.__lanternHandled;
  if (watch && watch.kernel === kernel.id) return watch.sent.length;
  const fresh = {kernel: kernel.id, sent: [], done: new Set()};
  kernel.anyMessage.connect((_, {msg, direction}) => {
    if (direction === 'send' && msg.header.msg_type === 'comm_msg') fresh.sent.push(msg.header.msg_id);
  });
  kernel.iopubMessage.connect((_, msg) => {
    if (msg.header.msg_type === 'status' && msg.content.execution_state === 'idle'
        && msg.parent_header && msg.parent_header.msg_id) fresh.done.add(msg.parent_header.msg_id);
  });
  window.__lanternHandled = fresh;
  return 0;
}"""
)

_ALL_HANDLED = """(since) => { const watch = window.__lanternHandled;
  return watch.sent.length > since && watch.sent.slice(since).every((id) => watch.done.has(id)); }"""


def click_handled(page: Any, name: str, target: Any, timeout: float = NOTEBOOK_TIMEOUT) -> None:
    """Click ``target`` (a widget's button in the open notebook ``name``) and wait until the
    kernel has handled every widget message the click sent and the page has drawn what it sent
    back (then two animation frames for the views).

    Why not the kernel's status: JupyterLab sends widget messages on a subshell of their own
    (ipykernel 7), which the kernel handles beside the cells, and a kernel that still reads idle
    just after a click may not have seen it yet; the status of the click's own messages says when
    they were handled. Raises when the click sent no widget message within ``timeout``."""
    since = page.evaluate(_WATCH_HANDLED, name)
    target.click()
    page.wait_for_function(_ALL_HANDLED, arg=since, timeout=timeout, polling=20)
    page.evaluate(_TWO_FRAMES)


def new_journey(page: Any, name: str, panel: Any, journey: str) -> None:
    """Start a new journey called ``journey`` with the panel's New journey (in the open notebook
    ``name``), waited for until its header names it. The click is waited for until the page has
    drawn all it sent back: the creation form is drawn anew for the new journey, and what a test
    types or picks in the old one (a loaded machine) would be lost."""
    tools = panel.locator(".lantern-journal-tools")
    tools.locator(".lantern-journal-new-name input").fill(journey)
    click_handled(page, name, tools.locator(".lantern-journal-new"))
    expect(panel.locator(".lantern-header")).to_contain_text(journey)


def type_at_table(panel: Any, text: str, tries: int = 3) -> None:
    """Type ``text`` into the panel's "At the table" box and, when it reads as cards or dice,
    wait until the kernel has read it (the line under the box says "Ready for your next action").

    Why: the typed text travels to the kernel in a widget message of its own, apart from the
    click; a click sent at once could be handled first, and Lantern then rolled its own dice and
    left the typed ones in the box. A box redrawn while it was typed into (a loaded machine)
    loses the text: it is typed again, up to ``tries`` times."""
    from playwright.sync_api import expect

    from rules.errors import InvalidInput
    from rules.table.physical import parse_table_results

    box = panel.locator(".lantern-table-results input")
    try:
        parse_table_results(text)
    except InvalidInput:  # text the rules refuse: the click says so, nothing to wait for
        box.fill(text)
        return
    ready = panel.locator(".lantern-table-note .lantern-table-ready")
    for tried in range(1, tries + 1):
        box.fill(text)
        try:
            expect(ready).to_be_visible(timeout=10_000)
            return
        except AssertionError:
            if tried == tries:
                raise


# --- checks ------------------------------------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# A Python exception's last line ("ValueError: ...") or a traceback header.
_PYTHON_ERROR = re.compile(r"Traceback \(most recent call last\)|^\s*\w*(Error|Exception):", re.M)


def assert_no_tracebacks(page: Any) -> None:
    """Fail if the page shows a Python traceback (JupyterLab or Voila) or the kernel sent one.

    Looks at stderr outputs containing "Traceback", any output area with a Python exception
    line, Voila's "There was an error when executing cell", and kernel 'error' messages
    collected since open_notebook (these include exceptions in widget callbacks).
    """
    found: list[str] = []
    stderr = page.locator('.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]')
    found += [t for t in stderr.all_inner_texts() if "Traceback" in t]
    found += [
        t
        for t in page.locator(".jp-OutputArea-output").all_inner_texts()
        if _PYTHON_ERROR.search(t)
    ]
    found += [
        t
        for t in page.locator("body").all_inner_texts()
        if "There was an error when executing cell" in t
    ]
    found += page.evaluate("() => window.__lanternKernelErrors || []")
    if found:
        unique = list(dict.fromkeys(_ANSI.sub("", text).strip() for text in found))
        raise AssertionError("Python traceback on the page:\n\n" + "\n\n".join(unique)[:4000])


class Shooter:
    """Numbered screenshots of one test in tests/browser/screenshots/<test-name>/."""

    def __init__(self, test_name: str) -> None:
        self.directory = SCREENSHOTS / test_name
        shutil.rmtree(self.directory, ignore_errors=True)  # no stale shots from a past run
        self.count = 0

    def __call__(self, page: Any, name: str) -> Path:
        """Save `page` as <nn>-<name>.png and return the path."""
        self.count += 1
        self.directory.mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^\w.-]+", "-", name)
        path = self.directory / f"{self.count:02d}-{slug}.png"
        page.screenshot(path=str(path))
        return path


def save_panel(page: Any, panel: Any, path: Path, within: Any = None) -> None:
    """A screenshot of the window cropped to the part of ``panel`` in view (and inside
    ``within``, a scrolling area, when given): no button left looking pressed or hovered. The
    docs' pictures are made so: a panel, or the part of it a caption speaks of, without the
    browser window around it, so that it reads at the docs' page width."""
    panel.wait_for(state="visible")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    size = page.viewport_size
    boxes = [panel.bounding_box(), {"x": 0, "y": 0, **size}]
    if within is not None:
        boxes.append(within.bounding_box())
    left = max(b["x"] for b in boxes)
    top = max(b["y"] for b in boxes)
    right = min(b["x"] + b["width"] for b in boxes)
    bottom = min(b["y"] + b["height"] for b in boxes)
    clip = {"x": left, "y": top, "width": right - left, "height": bottom - top}
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), clip=clip, animations="disabled")


def screenshot_dir_name(node_name: str) -> str:
    """A folder name for a test: 'test_x[chromium-a b]' -> 'test_x-a-b'."""
    name = re.sub(r"\[chromium-?|-chromium(?=\])", "[", node_name)
    return re.sub(r"[^\w.-]+", "-", name).strip("-")
