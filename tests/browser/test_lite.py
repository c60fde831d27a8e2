"""Lantern in the browser: the JupyterLite site of ``make lite``, played by clicks with no network.

The site is served on 127.0.0.1 and every request to any other host is refused in the browser
(a Playwright route), so what plays here plays offline. For each game: Run All of its play
notebook, a few actions by clicks, then the page reloaded (Firelights, Embers) or the tab closed
and a new one opened (Voidlight), Run All again, and the journey is where it was. Firelights also
carries its journey out (*Download journey*, opened by ``JourneyBook`` here to the same state)
and in (*Upload journey* of a journey made here, played on there).

Which site: ``lite/_output`` when its inputs (tools/lite.py's fingerprint) are those of this
tree; else, where the lite extra is installed (``make lite`` installs it), the site is built
once for the test run; else these tests skip with a one-line reason. ``make test`` does not
install the lite extra, so there they run only after a ``make lite`` (which takes minutes the
first time: Pyodide and the wheels are downloaded, then kept in lite/.cache).
"""

from __future__ import annotations

import http.server
import importlib.util
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from harness import _RUN_ALL, free_port, wait_kernel_idle
from playwright.sync_api import expect

from rules.book import JourneyBook
from rules.firelights import Ask, Begin, Rest, available
from tools import lite

TIMEOUT = 240_000  # ms: Pyodide's start on a loaded two-core machine took up to a minute


def _site_reason() -> str | None:
    """Why no site can be had (None: one can)."""
    stamp = lite.OUTPUT / lite.STAMP
    if stamp.exists() and stamp.read_text(encoding="utf-8") == lite.inputs():
        return None
    if importlib.util.find_spec("jupyterlite_core") is None:
        return "no up-to-date JupyterLite site: run `make lite` first (it installs the lite extra)"
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
        folder = lite.build()
    except Exception as error:  # a registry out of reach: the build's inputs cannot be had
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
    """Every request to another host than the site's is refused; the list of those tried."""
    tried: list[str] = []

    def route(request: Any) -> None:
        if request.request.url.startswith(site):
            request.continue_()
        else:
            tried.append(request.request.url)
            request.abort()

    page.context.route("**/*", route)
    page.set_default_timeout(TIMEOUT)
    # JupyterLite's service worker cannot register on a plain-HTTP test page in every Chromium.
    console_errors.allow(r"service ?worker|ServiceWorker")
    # The browser asks every site for /favicon.ico; the site's icon is under lab/ (harmless 404).
    console_errors.allow(r"favicon\.ico")
    return tried


def open_and_run(page: Any, site: str, name: str) -> Any:
    """Open ``name`` on the site, Run All, and return the panel once it is shown."""
    page.goto(f"{site}lab/index.html?path={name}")
    wait_kernel_idle(page, name, timeout=TIMEOUT)
    result = page.evaluate(_RUN_ALL, [name, TIMEOUT])
    assert result not in ("timeout", False), f"Run All of {name} gave {result!r}"
    wait_kernel_idle(page, name, timeout=TIMEOUT)
    panel = page.locator(".lantern-frame").first
    expect(panel).to_be_visible(timeout=TIMEOUT)
    return panel


def settle(page: Any, name: str) -> None:
    wait_kernel_idle(page, name, timeout=TIMEOUT)


def log_lines(panel: Any) -> list[str]:
    return [text.strip() for text in panel.locator(".lantern-log-entry").all_inner_texts()]


def click(page: Any, panel: Any, name: str, selector: str) -> None:
    """Click the first enabled button matching ``selector``, then any choice it asks for."""
    button = panel.locator(f"{selector}:not([disabled])").first
    button.click()
    settle(page, name)
    choice = panel.locator(".lantern-choice .lantern-act-choose")
    if choice.count():
        choice.first.click()
        settle(page, name)


def play_firelights(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-name input").fill("Wick")
    panel.locator(".lantern-pronouns input").fill("she/her")
    click(page, panel, name, "button.lantern-act-begin")
    for _ in range(3):
        click(page, panel, name, "button.lantern-act-discover")


def play_voidlight(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-name input").fill("Vex")
    panel.locator(".lantern-pronouns input").fill("she/her")
    click(page, panel, name, "button.lantern-act-create")
    for _ in range(2):
        click(page, panel, name, "button.lantern-act-check-vigor")
        skip = panel.locator("button.lantern-act-skip_cost:not([disabled])")
        if skip.count():  # a failed check's cost is owed: skipped, by a click
            click(page, panel, name, "button.lantern-act-skip_cost")


def play_embers(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-difficulty select").select_option(label="Recruit")
    click(page, panel, name, "button.lantern-act-begin")
    click(page, panel, name, "button.lantern-act-hero")
    click(page, panel, name, "button.lantern-act-end_actions")


PLAYS = {"firelights": play_firelights, "voidlight": play_voidlight, "embers": play_embers}


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_a_game_plays_offline_and_its_journey_survives_a_reload(
    page: Any, site: str, offline: list[str], game: str
) -> None:
    name = f"play-{game}.ipynb"
    panel = open_and_run(page, site, name)
    expect(panel.locator(".lantern-kept-note")).to_contain_text("another address or port")
    PLAYS[game](page, panel, name)
    errors = panel.locator(".lantern-message-error")
    assert errors.count() == 0, errors.all_inner_texts()
    played = log_lines(panel)
    assert len(played) >= 2, played  # Embers: Begin and End actions (a hero chosen is no entry)
    if game == "voidlight":  # closing the tab: a new one in the same browser
        page.close()
        page = page.context.new_page()
        page.set_default_timeout(TIMEOUT)
    else:
        page.reload()
    panel = open_and_run(page, site, name)
    expect(panel.locator(".lantern-log-entry")).to_have_count(len(played))
    assert log_lines(panel) == played
    assert offline == [], f"requests to other hosts: {offline[:5]}"


def test_a_journey_moves_out_of_the_browser_and_back_in_as_a_file(
    page: Any, site: str, offline: list[str], tmp_path: Path
) -> None:
    name = "play-firelights.ipynb"
    panel = open_and_run(page, site, name)
    if panel.locator(".lantern-name input").count():
        play_firelights(page, panel, name)
    shown = log_lines(panel)
    click(page, panel, name, "button.lantern-download")
    with page.expect_download() as download:
        panel.locator("a.lantern-save").click()
    saved = tmp_path / "from-browser.lantern"
    download.value.save_as(saved)
    book = JourneyBook.open(saved)
    assert book.actions == len(shown) and book.game.name == "firelights"
    book.close()

    made = JourneyBook.start("carried", game="firelights", seed=9, folder=tmp_path / "computer")
    made.play(Begin("Ash", "they/them", forceful=2, patient=1, quick=0))
    for _ in range(4):
        made.play(Ask("even") if "ask" in available(made.state) else Rest())
    made.close()
    with page.expect_file_chooser() as chooser:
        panel.locator(".lantern-upload").click()
    chooser.value.set_files(str(made.path))
    settle(page, name)
    expect(panel.locator(".lantern-header")).to_contain_text("carried", timeout=TIMEOUT)
    expect(panel.locator(".lantern-log-entry")).to_have_count(5)
    click(page, panel, name, "button.lantern-act-rest, button.lantern-act-discover")
    expect(panel.locator(".lantern-log-entry")).to_have_count(6)
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    assert offline == [], f"requests to other hosts: {offline[:5]}"
