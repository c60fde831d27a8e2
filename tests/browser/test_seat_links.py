"""Seat links, as a crew meets them: the GM on JupyterLab invites the players, and three players
open their links in three browser contexts on "another computer" (127.0.0.2, the table server
started as ``make table`` starts it), with no Jupyter token, and play an expedition to its end.

Each seat opens bound to its own character and plays a Check for itself, which every page shows.
Kai opens the link again on a second device: the first page says the seat plays there now, and a
click from it writes nothing.
The GM sets the timer: no seat's DOM nor any widget model its page holds tells the countdown, the
interval or the next roll's minute, then or later. A forged click for a GM-only action, sent
through a seat page's own widget manager (to the id of the GM's "Roll the Voidlight", to a made-up
id, to a button model the page creates), writes nothing. The GM rolls the light dead by hand;
each seat makes its own Critical Save in turn from its own page, and a click the next seat sends
for its save before its turn is refused in the kernel, in a sentence, writing nothing. The whole
crew is lost to the dark: every page shows the ending. A link with a wrong key shows a sentence
and nothing else. Screenshots of the invitation and of a seat page, light and dark, cropped to
the panel (README's with LANTERN_DOC_SCREENSHOTS=1). A page that unloads stops its kernel, so a
reload does not hold a second place at the table.
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
from harness import REPO, open_notebook, run_in_kernel, save_panel
from playwright.sync_api import expect
from seat_pages import (
    assert_no_secrets,
    click_own,
    forge_click,
    forge_new_button,
    journey_head,
)
from test_firelights import (
    DARK_THEME,
    DOC_SCREENSHOTS,
    LIGHT_THEME,
    WINDOW,
    doc_screenshots_wanted,
    set_theme,
)
from test_gm_and_seat import FOLLOWED_MS, create_crew
from test_voidlight import Table, _sixes

ADDRESS = "127.0.0.2"
#: The seat page's window for its pictures: the panel as wide as it is in JupyterLab's notebook at
#: 1400×1000 (a seat page has no file browser beside it), so that the picture reads at the docs'
#: page width.
SEAT_SHOT = {"width": 1000, "height": 900}
START_TIMEOUT = 120.0  # seconds to start; not a timed assertion
PAGE_TIMEOUT = 90_000  # ms for a seat page's kernel to start and render
SETTINGS = re.compile(r"^Lantern table settings: ", re.MULTILINE)
#: The GM's controls a seat page must hold no model of (absent, not hidden).
GM_ONLY = ("Roll the Voidlight", "Undo", "Set the timer", "Start the timer", "Join the crew",
           "Invite players", "Free seat", "Write to journal", "New journey", "High beam")  # fmt: skip


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
    """Four screens: browser contexts of their own (no storage shared, no token): the three
    players', and a second device of one of them."""
    contexts = [
        browser.new_context(**{**browser_context_args, "viewport": WINDOW}) for _ in range(4)
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


def everyone_sees(tables: list[Table], line: str) -> None:
    """Every page's log shows ``line``: each seat has followed the last write (a click on a seat
    that has not seen it is refused, by design: "someone else played first")."""
    for table in tables:
        expect(table.panel.locator(".lantern-log-lines")).to_contain_text(line, timeout=FOLLOWED_MS)


def shoot(page: Any, panel: Any, shot: Any, name: str, within: Any = None) -> None:
    """The panel in view, for this run, and for the README when asked."""
    save_panel(page, panel, shot.directory / f"{name}.png", within)
    if doc_screenshots_wanted():
        save_panel(page, panel, DOC_SCREENSHOTS / f"voidlight-{name}.png", within)


def _ones(save_button: Any) -> str:
    """A 1 for each die the save rolls: no Hit, so the save fails."""
    return _sixes(save_button).replace("6", "1")


def test_three_players_play_an_expedition_to_its_end_from_their_links(
    page, screens, jupyter_server, gm_notebook, table_server, shot, tmp_path
):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, gm_notebook)
    run_in_kernel(
        page, gm_notebook,
        'panel.use(JourneyBook.start("crew-links", game="voidlight", options={"play": "group"}))',
    )  # fmt: skip
    journey = jupyter_server.journeys / "crew-links.lantern"
    gm = Table(page)
    create_crew(gm)

    # 1. The invitation: one link per character, to the table on 127.0.0.2, with no token.
    gm.panel.locator(".lantern-invite-toggle").click()
    links = invitation_links(gm)
    assert list(links) == ["Vex", "Kai", "Rook"]
    for url in links.values():
        assert url.startswith(f"http://{ADDRESS}:{table_server}/?journey=crew-links&")
        assert "token" not in url
    invite = gm.panel.locator(".lantern-invite")
    invite.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    notebook_area = page.locator(".jp-NotebookPanel-notebook")
    shoot(page, invite, shot, "invite", notebook_area)
    set_theme(page, DARK_THEME)
    shoot(page, invite, shot, "invite-dark", notebook_area)
    set_theme(page, LIGHT_THEME)

    # 2. Three players open their links: each seat is bound to its own character.
    seats = {}
    *laptops, phone = screens
    for screen, name in zip(laptops, links, strict=True):
        screen.goto(links[name], timeout=PAGE_TIMEOUT)
        seat = Table(screen)
        expect(seat.panel.locator(".lantern-seat-note")).to_contain_text(
            f"You play {name}", timeout=PAGE_TIMEOUT
        )
        expect(seat.sheet).to_contain_text(name)
        seats[name] = seat
    everyone = [gm, *seats.values()]

    # 3. Each plays a Check for itself; every page shows it, the log naming the seat.
    for name, attribute in (("Vex", "vigor"), ("Kai", "operate"), ("Rook", "vigor")):
        seat = seats[name]
        seat.click(f"check-{attribute}", "6 6")
        seat.report_says(f"{name}: Check")
        everyone_sees(everyone, f"{name}, from {name}'s seat: Check: {attribute.title()}")

    # 3b. Kai opens the link again on a second device: the new page plays for Kai, the first
    # says so and plays nothing more (its own button clicked through its widget manager writes
    # nothing: the kernel refuses it, whatever the page sends).
    phone.goto(links["Kai"], timeout=PAGE_TIMEOUT)
    kai_phone = Table(phone)
    expect(kai_phone.panel.locator(".lantern-seat-note")).to_contain_text(
        "You play Kai", timeout=PAGE_TIMEOUT
    )
    old_kai = seats["Kai"]
    expect(old_kai.panel).to_contain_text(
        "Kai's seat was opened on another device or tab", timeout=FOLLOWED_MS
    )
    before = journey_head(journey)
    click_own(old_kai.page, "Roll Operate")
    expect(old_kai.messages).to_contain_text("opened on another device or tab")
    assert journey_head(journey) == before
    seats["Kai"] = kai_phone
    everyone = [gm, *seats.values()]
    kai_phone.click("check-insight", "6")  # a new line in every log: Kai checked Operate before
    kai_phone.report_says("Kai: Check")
    everyone_sees(everyone, "Kai, from Kai's seat: Check: Insight")

    # 4. The GM sets the timer: the seats hear that it was set, and no seat's DOM nor any
    # widget model its page holds tells the countdown, the interval or the next roll's minute.
    gm.panel.locator(".lantern-timer-minutes input").fill("7")
    gm.click("timer")
    gm.report_says("next at minute 7")
    everyone_sees(list(seats.values()), "the GM sets the Voidlight's timer")
    for seat in seats.values():
        held = assert_no_secrets(seat.page)
        labels = [m["description"] for m in held if m["name"].endswith("ButtonModel")]
        assert not [label for label in labels if label.startswith(GM_ONLY)], labels
        assert not [m for m in held if m["name"] == "ToggleButtonModel"]  # no Advice, no invite

    # 5. Forged clicks for a GM-only action from Kai's page, through its widget manager: to the
    # model id of the GM's own "Roll the Voidlight" (held in the GM's kernel, not this one), to a
    # made-up id, and to a button model the page creates in its kernel. Nothing is written.
    before = journey_head(journey)
    roll = run_in_kernel(page, gm_notebook, "print(panel.light_bar.roll_button.model_id)")
    kai = seats["Kai"]
    forge_click(kai.page, roll.strip())
    forge_click(kai.page, "f0e1d2c3b4a5968778695a4b3c2d1e0f")
    forge_new_button(kai.page, "Roll the Voidlight")
    assert journey_head(journey) == before
    expect(kai.light).to_contain_text("P6")
    # Its own Save button (shown disabled), clicked while no save is asked: refused in the
    # kernel, in a sentence beside the controls.
    click_own(kai.page, "Save with Operate")
    expect(kai.panel.locator(".lantern-message-error").first).to_be_visible()
    assert journey_head(journey) == before

    # 6. The light dies: the GM, on high beam (3 dice lost a roll at most), rolls it by hand with
    # the dice typed, twice.
    gm.click("beam-high")
    gm.click("roll_light", "1 1 1 1 1 1")
    gm.report_says("3 dice removed")
    gm.click("roll_light", "1 1 1")
    gm.report_says("the Voidlight dies")
    for table in everyone:
        expect(table.light).to_contain_text("the Voidlight is dead", timeout=FOLLOWED_MS)

    # 7. Each seat makes its own Critical Save in turn, from its own page; the next in line
    # cannot make it before their turn (the page's click is refused in the kernel). Every die a
    # 1: each is lost to the dark.
    order = (("Vex", "vigor"), ("Kai", "operate"), ("Rook", "vigor"))
    for turn, (name, attribute) in enumerate(order):
        seat = seats[name]
        expect(seat.button(f"save-{attribute}")).to_be_enabled(timeout=FOLLOWED_MS)
        if name == "Kai":  # the README's seat: Kai's save due; in the dark theme after a reload
            seat.page.set_viewport_size(SEAT_SHOT)
            shoot(seat.page, seat.panel, shot, "seat-link")
            seat.page.goto(links["Kai"] + "&theme=dark", timeout=PAGE_TIMEOUT)
            expect(seat.button("save-operate")).to_be_enabled(timeout=PAGE_TIMEOUT)
            shoot(seat.page, seat.panel, shot, "seat-link-dark")
            seat.page.set_viewport_size(WINDOW)
        if turn + 1 < len(order):
            after, theirs = order[turn + 1]
            before = journey_head(journey)
            expect(seats[after].button(f"save-{theirs}")).to_be_disabled()
            click_own(seats[after].page, f"Save with {theirs.title()}")
            expect(seats[after].messages).to_contain_text(f"it is asked of {name}")
            assert journey_head(journey) == before
        seat.click(f"save-{attribute}", _ones(seat.button(f"save-{attribute}")))
        seat.report_says(f"{name}: Critical Save")
        everyone_sees(everyone, f"{name}, from {name}'s seat: Critical Save")

    # 8. The whole crew is lost to the dark: every page shows the ending; no seat plays on.
    for table in everyone:
        expect(table.panel.locator(".lantern-ending")).to_contain_text(
            "The whole crew is lost to the dark: Vex, Kai, Rook", timeout=FOLLOWED_MS
        )
    for seat in seats.values():
        assert_no_secrets(seat.page)
        expect(seat.panel.locator("button[class*='lantern-act-']:enabled")).to_have_count(0)

    # 9. A link with another character's key: a sentence, and nothing to click.
    rook = seats["Rook"].page
    forged = links["Rook"].replace("character=Rook", "character=Vex")
    rook.goto(forged, timeout=PAGE_TIMEOUT)
    expect(rook.locator("body")).to_contain_text("its key does not match")
    assert rook.locator("button, input, select, .jupyter-widgets").count() == 0

    # 10. The two pages that unloaded (Kai's phone reloaded, Rook's page left for the forged
    # link) stopped their kernels as they went: their places at the table are free again.
    log = tmp_path / "table.log"
    deadline = time.monotonic() + 30
    while log.read_text(errors="replace").count("Kernel shutdown: ") < 2:
        assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
        time.sleep(0.2)
    assert "403 POST /voila/api/shutdown" not in log.read_text(errors="replace")
