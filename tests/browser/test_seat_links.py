"""Seat links, as a crew meets them: the GM on JupyterLab invites the players, and three players
open their links in three browser contexts on "another computer" (127.0.0.2, the table server
started as ``make table`` starts it), with no Jupyter token.

Each seat opens bound to its own character; each plays a Check for itself and the GM's panel shows
it; no seat's page holds the countdown or the next roll's minute; a link with a wrong key shows a
sentence and nothing else. Screenshots of the invitation (the GM's panel) and of a seat page,
light and dark (README's with LANTERN_DOC_SCREENSHOTS=1).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import REPO, open_notebook, run_in_kernel
from playwright.sync_api import expect
from test_firelights import (
    DARK_THEME,
    DOC_SCREENSHOTS,
    LIGHT_THEME,
    WINDOW,
    doc_screenshots_wanted,
    save_window,
    set_theme,
)
from test_gm_and_seat import FOLLOWED_MS, create_crew
from test_voidlight import Table

ADDRESS = "127.0.0.2"
START_TIMEOUT = 120.0  # seconds to start; not a timed assertion
PAGE_TIMEOUT = 90_000  # ms for a seat page's kernel to start and render
SETTINGS = re.compile(r"^Lantern table settings: ", re.MULTILINE)


@pytest.fixture
def gm_notebook(notebook_dir: Path) -> Iterator[str]:
    name = "gm-invites.ipynb"
    shutil.copy(REPO / "notebooks" / "voidlight.ipynb", notebook_dir / name)
    yield name
    (notebook_dir / name).unlink(missing_ok=True)


@pytest.fixture
def table_server(tmp_path: Path, jupyter_server: Any) -> Iterator[int]:
    """``python -m tools.serve table --host=127.0.0.2`` on the journeys the GM's kernel plays in
    (the JupyterLab's own folder)."""
    with socket.socket() as sock:
        sock.bind((ADDRESS, 0))
        port = int(sock.getsockname()[1])
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE")}
    env.update(
        PYTHONPATH=os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])]),
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_DATA_DIR=str(tmp_path / "data"),
        LANTERN_JOURNEYS=str(jupyter_server.journeys),
    )
    log = tmp_path / "table.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tools.serve", "table", f"--host={ADDRESS}", f"--port={port}"],
            cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not SETTINGS.search(log.read_text(errors="replace")):
            assert proc.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.2)
        yield port
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(15)


@pytest.fixture
def screens(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[list[Any]]:
    """Three players' screens: browser contexts of their own (no storage shared, no token)."""
    contexts = [
        browser.new_context(**{**browser_context_args, "viewport": WINDOW}) for _ in range(3)
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def invitation_links(gm: Table) -> dict[str, str]:
    links = gm.panel.locator(".lantern-invite-links li")
    expect(links).to_have_count(3)
    found = {}
    for index in range(3):
        item = links.nth(index)
        found[item.locator("b").inner_text()] = item.locator("a").get_attribute("href")
    return found


def test_three_players_sit_at_the_table_from_their_links(
    page, screens, jupyter_server, gm_notebook, table_server, shot
):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, gm_notebook)
    run_in_kernel(
        page, gm_notebook,
        'panel.use(JourneyBook.start("crew-links", game="voidlight", options={"play": "group"}))',
    )  # fmt: skip
    gm = Table(page)
    create_crew(gm)

    # The invitation: one link per character, to the table on 127.0.0.2, with no token.
    gm.panel.locator(".lantern-invite-toggle").click()
    links = invitation_links(gm)
    assert list(links) == ["Vex", "Kai", "Rook"]
    for url in links.values():
        assert url.startswith(f"http://{ADDRESS}:{table_server}/?journey=crew-links&")
        assert "token" not in url
    invite = gm.panel.locator(".lantern-invite")
    invite.scroll_into_view_if_needed()
    save_window(page, shot.directory / "invite-light.png")
    if doc_screenshots_wanted():
        save_window(page, DOC_SCREENSHOTS / "voidlight-invite.png")
    set_theme(page, DARK_THEME)
    save_window(page, shot.directory / "invite-dark.png")
    if doc_screenshots_wanted():
        save_window(page, DOC_SCREENSHOTS / "voidlight-invite-dark.png")
    set_theme(page, LIGHT_THEME)

    # Three players open their links: each seat is bound to its own character.
    seats = {}
    for screen, name in zip(screens, links, strict=True):
        screen.goto(links[name], timeout=PAGE_TIMEOUT)
        seat = Table(screen)
        expect(seat.panel.locator(".lantern-seat-note")).to_contain_text(
            f"You play {name}", timeout=PAGE_TIMEOUT
        )
        expect(seat.sheet).to_contain_text(name)
        seats[name] = seat

    # Each plays a Check for itself; the GM's panel shows it.
    for name, attribute in (("Vex", "vigor"), ("Kai", "operate"), ("Rook", "vigor")):
        seat = seats[name]
        try:
            seat.click(f"check-{attribute}", "6 6")
        except AssertionError:
            save_window(seat.page, shot.directory / f"seat-{name}-failure.png")
            raise
        seat.report_says(f"{name}: Check")
        # The GM's log names the seat that played it, and every other seat follows it before
        # the next plays (a click on a seat that has not seen the last write is refused, by
        # design: "someone else played first").
        played = f"{name}, from {name}'s seat: Check: {attribute.title()}"
        for table in (gm, *seats.values()):
            expect(table.panel.locator(".lantern-log-lines")).to_contain_text(
                played, timeout=FOLLOWED_MS
            )

    # No seat's page holds the countdown or the minute of the next roll.
    for seat in seats.values():
        html = seat.page.content()
        assert "until the Voidlight is rolled" not in html
        assert "next at minute" not in html and "data-seconds" not in html

    kai = seats["Kai"].page
    save_window(kai, shot.directory / "seat-link-light.png")
    if doc_screenshots_wanted():
        save_window(kai, DOC_SCREENSHOTS / "voidlight-seat-link.png")
    kai.goto(links["Kai"] + "&theme=dark", timeout=PAGE_TIMEOUT)
    expect(Table(kai).panel.locator(".lantern-seat-note")).to_contain_text(
        "You play Kai", timeout=PAGE_TIMEOUT
    )
    save_window(kai, shot.directory / "seat-link-dark.png")
    if doc_screenshots_wanted():
        save_window(kai, DOC_SCREENSHOTS / "voidlight-seat-link-dark.png")

    # A link with another character's key: a sentence, and nothing to click.
    rook = seats["Rook"].page
    forged = links["Rook"].replace("character=Rook", "character=Vex")
    rook.goto(forged, timeout=PAGE_TIMEOUT)
    expect(rook.locator("body")).to_contain_text("its key does not match")
    assert rook.locator("button, input, select, .jupyter-widgets").count() == 0
