"""The JupyterLite site of ``make lite`` for the browser tests: built or reused, served on
127.0.0.1, opened with every other host refused, and read back (the kernel's state, the log).

Which site: ``lite/_output`` when it is current (built from this tree by the site's venv as it
stands, ``tools.lite.current``). ``make test`` builds it before pytest starts, beside the install
of ``.venv``, and sets ``LANTERN_LITE_BUILD=1``: with it, a site missing or stale is built once by
the test run through ``make lite`` (under a lock: two workers of one run build it once; the second
finds it current), and the tests skip with a one-line reason where it cannot be built (no npm, a
registry out of reach). Without it, and no current site, they skip and say how to have one.

Import the fixtures into a test module: ``from lite_site import offline, site``.
"""

from __future__ import annotations

import base64
import http.server
import os
import pickle
import re
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from harness import _RUN_ALL, assert_no_tracebacks, run_in_kernel, wait_kernel_idle
from lab_servers import free_port
from playwright.sync_api import expect

from tools import lite

TIMEOUT = 240_000  # ms: Pyodide's start on a loaded two-core machine took up to a minute


#: The environment variable that lets a test run build the site when it is missing or stale.
BUILD = "LANTERN_LITE_BUILD"


def _site_reason() -> str | None:
    """Why no site can be had (None: one can)."""
    if lite.current():
        return None
    if os.environ.get(BUILD) != "1":
        return f"no up-to-date JupyterLite site: run `make lite` first (or set {BUILD}=1)"
    if shutil.which("npm") is None:
        return "npm is missing: the site's Pyodide comes from the npm package"
    return None


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The site's address on 127.0.0.1 (built once when missing or stale)."""
    reason = _site_reason()
    if reason is not None:
        pytest.skip(reason)
    try:
        folder = lite.make()
    except RuntimeError as error:  # a registry out of reach: the build's inputs cannot be had
        pytest.skip(f"the JupyterLite site could not be built: {error}")
    port = free_port()
    handler = partial(lite._Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline(page: Any, site: str, console_errors: Any) -> list[str]:
    """The requests the page made to another host than the site's (a test asserts there were
    none).

    Refused in the browser itself: Chromium runs with ``--host-resolver-rules`` that resolve no
    name but the loopback addresses (``harness.CHROMIUM_ARGS``), so a request to a CDN or an index
    fails as it would with no network. Recorded here, not routed: a Playwright route turns off the
    browser's HTTP cache for the whole context (a reload fetched Pyodide and the wheels again) and
    holds every request until the test process has answered it.
    """
    tried: list[str] = []

    def seen(request: Any) -> None:
        if not request.url.startswith(site):
            tried.append(request.url)

    page.context.on("request", seen)
    page.set_default_timeout(TIMEOUT)
    # JupyterLite's service worker cannot register on a plain-HTTP test page in every Chromium.
    console_errors.allow(r"service ?worker|ServiceWorker")
    # The browser asks every site for /favicon.ico; the site's icon is under lab/ (harmless 404).
    console_errors.allow(r"favicon\.ico")
    return tried


def run_all(page: Any, name: str) -> None:
    """Run All of the open notebook ``name``, and wait until its kernel is idle again."""
    wait_kernel_idle(page, name, timeout=TIMEOUT)
    result = page.evaluate(_RUN_ALL, [name, TIMEOUT])
    if result is False:  # a cell failed: its traceback says why
        assert_no_tracebacks(page)
    assert result not in ("timeout", False), f"Run All of {name} gave {result!r}"
    wait_kernel_idle(page, name, timeout=TIMEOUT)


def open_and_run(page: Any, site: str, name: str) -> Any:
    """Open ``name`` on the site, Run All, and return the panel once it is shown."""
    page.goto(f"{site}lab/index.html?path={name}")
    run_all(page, name)
    panel = page.locator(".lantern-frame").first
    expect(panel).to_be_visible(timeout=TIMEOUT)
    return panel


def settle(page: Any, name: str) -> None:
    """Wait until the kernel of ``name`` is idle. Never after a click: the click's message may
    not have reached the kernel yet (idle still), and the page draws what it did after the
    kernel went idle at times; wait for what the page shows instead (:func:`act`, :func:`press`)."""
    wait_kernel_idle(page, name, timeout=TIMEOUT)


def log_lines(panel: Any) -> list[str]:
    return [text.strip() for text in panel.locator(".lantern-log-entry").all_inner_texts()]


def newest(panel: Any) -> int:
    """The number of the newest entry the log shows (0: none). Read by number, not by count: the
    log shows the newest 30 entries only, so its count stops growing."""
    numbers = panel.locator(".lantern-log-number").all_inner_texts()
    return max((int(text.split("·")[0]) for text in numbers if text[:1].isdigit()), default=0)


def entry(panel: Any, number: int) -> Any:
    """The log entry numbered ``number`` (attached once the page drew it)."""
    number_first = re.compile(rf"^\s*{number} ·")
    return panel.locator(".lantern-log-entry").filter(has_text=number_first)


def act(page: Any, panel: Any, name: str, selector: str) -> int:
    """Click the first enabled button matching ``selector`` (an action that writes to the log)
    and wait until the page shows what it did: its entry, a choice to make, or an error. Each
    choice shown is made (a choice is an action of its own, with an entry), and waited for until
    its row is drawn again and its entry is shown. The page draws these after the kernel went
    idle at times, so the kernel alone is never waited for; and a choice drawn late, after the
    entry, is made at the next call (its button waits for it). Returns the number of the last
    entry written."""
    errors = panel.locator(".lantern-message-error")
    choice = panel.locator(".lantern-choice .lantern-act-choose").first
    button = panel.locator(f"{selector}:not([disabled])").first
    while True:  # a choice left from the last action comes first: the button waits for it
        expect(button.or_(choice).first).to_be_visible(timeout=TIMEOUT)
        if not choice.is_visible():
            break
        _choose(page, panel, choice, newest(panel) + 1)  # the last call showed its entries
    written = newest(panel) + 1
    button.click()
    expect(entry(panel, written).or_(choice).or_(errors).first).to_be_attached(timeout=TIMEOUT)
    while choice.is_visible() and not errors.count():
        written += 1
        _choose(page, panel, choice, written)
    expect(errors).to_have_count(0)
    expect(entry(panel, written)).to_be_attached(timeout=TIMEOUT)
    return written


def press(page: Any, panel: Any, button: Any) -> None:
    """Click ``button`` (a locator) and wait until the page took it away: the rows whose buttons
    change with the state (a choice, the heroes and actions of Embers) are rebuilt on each
    change (``widgets/frame/connection.py``), so a button gone is what it did, drawn. A refusal
    changes nothing (the button stays): its error is waited for as well, and fails here."""
    handle = button.element_handle(timeout=TIMEOUT)
    handle.click()
    page.wait_for_function(_GONE, arg=handle, timeout=TIMEOUT)
    expect(panel.locator(".lantern-message-error")).to_have_count(0)


_GONE = "(button) => !button.isConnected || !!document.querySelector('.lantern-message-error')"


def _choose(page: Any, panel: Any, choice: Any, number: int) -> None:
    """Make ``choice`` (its row is rebuilt when it is made: widgets/frame/choice.py) and wait
    for its entry, numbered ``number``."""
    press(page, panel, choice)
    expect(entry(panel, number)).to_be_attached(timeout=TIMEOUT)


#: Run in the browser's kernel: the newest panel's journey state, pickled (Pyodide's Python and
#: this one read each other's pickles: the same classes, from the same wheel of this tree).
_STATE = """\
import base64 as _b64, pickle as _pickle
from ipywidgets.widgets.widget import _instances as _widgets
from widgets.frame.base import GameFrame as _Frame
_frames = [w for w in list(_widgets.values()) if isinstance(w, _Frame)]
print(_b64.b64encode(_pickle.dumps(_frames[-1].journey.state)).decode())
"""


def browser_state(page: Any, name: str) -> Any:
    """The state of the journey the panel of ``name`` shows, read from the browser's kernel."""
    text = run_in_kernel(page, name, _STATE).strip()
    assert text, "the browser's kernel printed no state"
    return pickle.loads(base64.b64decode(text))  # our own kernel's, in this test
