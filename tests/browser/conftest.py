"""Fixtures for tests that drive JupyterLab and Voila in Debian's Chromium.

Every test in tests/browser gets the `browser` marker and skips (one-line reason) when Chromium
is missing; $LANTERN_CHROMIUM names another binary (a missing path makes the tests skip).

Fixtures: `jupyter_server` (session), `notebook_dir` (session), `make_notebook`, `voila`,
`shot`, `console_errors`, and `page` (failing the test on console errors: the worker's shared
JupyterLab page for a test that uses `jupyter_server`, see lab_page.py; else pytest-playwright's).
Helpers to import from harness: `open_notebook`, `assert_no_tracebacks`.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from harness import (
    CHROMIUM_ARGS,
    REPO,
    Shooter,
    chromium_missing_reason,
    copy_notebooks,
    find_chromium,
    screenshot_dir_name,
    write_notebook,
)
from lab_page import STALE_SESSION_MODELS, SharedLab
from lab_servers import JupyterServer, VoilaServer
from page_console import ConsoleErrors
from playwright.sync_api import expect

HERE = Path(__file__).resolve().parent
_REPORT = pytest.StashKey[pytest.TestReport]()

#: How long an ``expect`` waits for the page to show what the kernel did. Playwright's 5 s is
#: met with room on a quiet machine; on a loaded 2-core one (two workers, each with a JupyterLab,
#: a Chromium and kernels) a click's answer once took longer. Waiting longer changes nothing a
#: passing test sees: an ``expect`` returns as soon as the page agrees.
EXPECT_TIMEOUT_MS = 15_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)

#: What a failed test prints of each panel it left on the page: a refusal or a result the
#: assertion did not expect is then in the report, where a CI run keeps no screenshot.
_PANEL_TEXT = (".lantern-messages", ".lantern-report-view", ".lantern-table-note")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of this folder `browser`; skip them all when Chromium is missing."""
    ours = [item for item in items if HERE in item.path.parents]
    chromium = find_chromium()
    for item in ours:
        item.add_marker(pytest.mark.browser)
        if chromium is None:
            item.add_marker(pytest.mark.skip(reason=chromium_missing_reason()))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep the test's call report so `page` can screenshot a failure."""
    report = yield
    if report.when == "call":
        item.stash[_REPORT] = report
    return report


# --- browser -----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, on Debian's Chromium (headless unless --headed)."""
    chromium = find_chromium()
    assert chromium is not None, chromium_missing_reason()
    return {
        "headless": True,
        **browser_type_launch_args,
        "executable_path": str(chromium),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window, so screenshots show what a player sees."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def console_errors() -> ConsoleErrors:
    """The page's console errors; call .allow(regex) for a known-harmless one, saying why."""
    return ConsoleErrors()


@pytest.fixture(scope="session")
def _shared_lab(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[SharedLab]:
    """The worker's one JupyterLab page, where the tests' notebooks open in tabs (lab_page.py)."""
    shared = SharedLab(browser, browser_context_args)
    yield shared
    shared.discard()


@pytest.fixture
def page(
    request: pytest.FixtureRequest, console_errors: ConsoleErrors, _shared_lab: SharedLab
) -> Iterator[Any]:
    """A page that fails the test at teardown if it logged errors: for a test that drives
    JupyterLab (it uses `jupyter_server`), the worker's shared JupyterLab page; for the others,
    and for one marked `fresh_page`, a page of its own in a new context, as pytest-playwright's.

    A failed test also leaves tests/browser/screenshots/<test>/failure.png.
    """
    failure = HERE / "screenshots" / screenshot_dir_name(request.node.name) / "failure.png"
    failure.unlink(missing_ok=True)
    shared = "jupyter_server" in request.fixturenames and not request.node.get_closest_marker(
        "fresh_page"
    )
    page = _shared_lab.take() if shared else request.getfixturevalue("context").new_page()
    if shared:
        for pattern in STALE_SESSION_MODELS:
            console_errors.allow(pattern)
    console_errors.attach(page)
    yield page
    report = request.node.stash.get(_REPORT, None)
    failed = report is not None and report.failed
    if failed:
        failure.parent.mkdir(parents=True, exist_ok=True)
        with suppress(Exception):  # best effort: the page may have crashed
            page.screenshot(path=str(failure))
        with suppress(Exception):
            for selector in _PANEL_TEXT:
                for text in page.locator(selector).all_inner_texts():
                    if text.strip():
                        print(f"{selector} on the page at the failure: {text.strip()}")
    if shared:  # closing the test's notebooks is not the test's to answer for
        console_errors.detach(page)
        server: JupyterServer = request.getfixturevalue("jupyter_server")
        _shared_lab.give_back(failed=failed, base_url=server.base_url)
    unexpected = console_errors.unexpected()
    if unexpected:
        if shared:
            _shared_lab.discard()  # a page that logged errors does not go on to the next test
        pytest.fail("browser console errors:\n" + "\n".join(unexpected), pytrace=False)


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Shooter:
    """shot(page, "name") saves tests/browser/screenshots/<test-name>/<nn>-<name>.png."""
    return Shooter(screenshot_dir_name(request.node.name))


# --- servers and notebooks ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def state_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Scratch space for server settings, workspaces, runtime files and logs."""
    return tmp_path_factory.mktemp("lantern-browser")


@pytest.fixture(scope="session")
def notebook_dir(state_dir: Path) -> Path:
    """A temp copy of notebooks/: what JupyterLab and Voila serve (tests may add notebooks)."""
    return copy_notebooks(state_dir / "notebooks")


@pytest.fixture(scope="session")
def jupyter_server(notebook_dir: Path, state_dir: Path) -> Iterator[JupyterServer]:
    """A JupyterLab on notebook_dir: .base_url, .token, .root_dir, .url(path), .delete_sessions().

    Each test that uses it gets its sessions (kernels) deleted afterwards.
    """
    server = JupyterServer(notebook_dir, state_dir).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def _delete_sessions_after_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Delete the JupyterLab sessions after each test (after its notebooks closed): no shared
    kernels."""
    yield
    if "jupyter_server" in request.fixturenames:
        server: JupyterServer = request.getfixturevalue("jupyter_server")
        server.delete_sessions()
    if "notebook_dir" in request.fixturenames:
        restore_notebooks(request.getfixturevalue("notebook_dir"))


def restore_notebooks(served: Path) -> None:
    """Put the repository's notebooks back as committed in the served copy: a test that clicked
    Write to journal saved its notebook with the panel's output, whose widget the next test's
    page would look for ("widget model not found") before its own Run All."""
    for source in (REPO / "notebooks").glob("*.ipynb"):
        target = served / source.name
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)


@pytest.fixture
def make_notebook(notebook_dir: Path) -> Iterator[Callable[..., str]]:
    """make_notebook(name, *cells) writes a notebook into the served copy; returns its name.

    Cells are code; a cell starting with "%%md\\n" is Markdown. Removed after the test.
    """
    made: list[Path] = []

    def make(name: str, *cells: str) -> str:
        written = write_notebook(notebook_dir, name, cells)
        made.append(notebook_dir / written)
        return written

    yield make
    for path in made:
        path.unlink(missing_ok=True)


@pytest.fixture
def voila(
    notebook_dir: Path, state_dir: Path, console_errors: ConsoleErrors
) -> Iterator[Callable[[str], VoilaServer]]:
    """voila(name) serves notebook_dir/name with Voila and returns the server (.url); stopped
    after the test."""
    # Voila's lab template links Font Awesome from cdn.jsdelivr.net; the browser is offline
    # (its bundle carries the fonts too, and the widgets need no icon font).
    console_errors.allow(
        r"Failed to load resource: .*\(https://cdn\.jsdelivr\.net/npm/@fortawesome/"
    )
    # Voila loads every installed lab extension; ipylab's needs JupyterLab's main menu, absent
    # in Voila. Widgets still work; a notebook should build ipylab.JupyterFrontEnd only outside
    # Voila (its model fails to load there: see NOTE_CELL in test_harness.py).
    console_errors.allow(r"Plugin 'ipylab:plugin' failed to activate")
    # Notebook 7 (a test dependency: the second client test_reopen.py opens) installs a
    # JupyterLab extension that Voila loads too and cannot share @jupyterlab/docregistry with;
    # that extension only adds Notebook 7's menu entries, and the page's widgets are unaffected.
    console_errors.allow(r'#RUNTIME-012\nargs: \{"shareKey":"@jupyterlab/docregistry"\}')
    servers: list[VoilaServer] = []

    def start(name: str) -> VoilaServer:
        server = VoilaServer(notebook_dir / name, state_dir)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()
