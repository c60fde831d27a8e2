"""A seat for each player, as a group meets it: the GM's notebook and a player's seat in
two browser contexts (two screens) on one JupyterLab, each notebook in a kernel of its own, one
journey file between them.

The GM creates three characters; the seat sits as Kai (an action in the journey, shown on the
GM's roster); a forged click on a control the seat's page shows disabled writes nothing; the GM's
check for Vex shows on the seat without a click, in one line and the log (never under the seat's
controls), and the seat's check for Kai on the GM's panel, the log naming Kai's seat; the light is emptied by the
GM's timer (an interval of 1 expedition minute made 0.5 s from the kernel) and the dark's saves
come for all three, Kai's made from the seat; the seat never shows the hidden countdown.
Screenshots of the seat at 1400×1000, light and dark (the docs', cropped to the
seat's panel, with LANTERN_DOC_SCREENSHOTS=1).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import REPO, assert_no_tracebacks, open_notebook, run_in_kernel
from playwright.sync_api import expect
from test_firelights import (
    DARK_THEME,
    LIGHT_THEME,
    WINDOW,
    save_for_docs,
    save_window,
    set_theme,
)
from test_voidlight import Table, _sixes

#: What a seat's panel follows within (the seat looks every 0.3 s; the page renders after).
FOLLOWED_MS = 10_000  # a wait, not a target: the follow latency is in bench/follow_six.py


@pytest.fixture
def notebooks(notebook_dir: Path) -> Iterator[tuple[str, str]]:
    """The GM's notebook and a seat's, copied from the repository under names of their own."""
    names = ("gm-table.ipynb", "kai-seat.ipynb")
    for source, name in zip(("voidlight.ipynb", "voidlight-seat.ipynb"), names, strict=True):
        shutil.copy(REPO / "notebooks" / source, notebook_dir / name)
    yield names
    for name in names:
        (notebook_dir / name).unlink(missing_ok=True)


@pytest.fixture
def seat_page(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """A second screen: a browser context of its own (no shared storage with the GM's)."""
    context = browser.new_context(**{**browser_context_args, "viewport": WINDOW})
    page = context.new_page()
    yield page
    context.close()


def create_crew(gm: Table) -> None:
    gm.panel.locator(".lantern-name input").fill("Vex")
    gm.click("create")
    expect(gm.sheet).to_contain_text("Vex")
    for name, vigor, operate in (("Kai", "1", "2"), ("Rook", "2", "1")):  # 5 points each
        gm.panel.locator(".lantern-join-name input").fill(name)
        gm.panel.locator(".lantern-join-how select").select_option(label="by points")
        gm.panel.locator(".lantern-join-points input").nth(1).fill(operate)
        gm.panel.locator(".lantern-join-points input").nth(0).fill(vigor)
        gm.click("join", "4")
        gm.report_says(f"{name} joins the crew")


def test_a_gm_and_a_seat_play_one_expedition(page, seat_page, jupyter_server, notebooks, shot):
    gm_name, seat_name = notebooks
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, gm_name)
    run_in_kernel(
        page, gm_name,
        'panel.use(JourneyBook.start("crew-table", game="voidlight", options={"play": "group"}))',
    )  # fmt: skip
    gm = Table(page)
    create_crew(gm)
    expect(gm.panel.locator(".lantern-header")).to_contain_text("crew of 3")

    # The seat opens the journey played last (the GM's), and sits as Kai.
    open_notebook(seat_page, jupyter_server, seat_name)
    seat = Table(seat_page)  # the seat's panel is a Voidlight panel too
    expect(seat.panel.locator(".lantern-seat-note")).to_contain_text("plays no one")
    run_in_kernel(seat_page, seat_name, 'seat.claim("Kai")')
    expect(seat.sheet).to_contain_text("Kai")
    expect(seat.panel.locator(".lantern-seat-note")).to_contain_text("You play Kai")
    expect(gm.panel.locator(".lantern-roster")).to_contain_text("from a seat", timeout=FOLLOWED_MS)
    # A click the page sends to a control it shows disabled writes nothing (checked in Python).
    rows = run_in_kernel(seat_page, seat_name, "print(len(seat.book.store.rows()))")
    run_in_kernel(
        seat_page, seat_name,
        'seat.checks.push_button._handle_msg({"content": {"data": {"method": "custom", '
        '"content": {"event": "click"}}}, "buffers": []})',
    )  # fmt: skip
    assert run_in_kernel(seat_page, seat_name, "print(len(seat.book.store.rows()))") == rows

    # The GM's check for Vex shows on the seat without a click there.
    roster = gm.panel.locator(".lantern-roster")
    roster.locator(".lantern-act-roster-name", has_text="Vex").click()
    gm.click("check-vigor", "5 6")
    gm.report_says("Vex: Check")
    seat_log = seat.panel.locator(".lantern-log-lines")
    expect(seat_log).to_contain_text("Vex: Check: Vigor", timeout=FOLLOWED_MS)
    expect(seat.panel.locator(".lantern-just-now")).to_contain_text("Vex (GM) — Check")
    expect(seat.report).not_to_contain_text("Vex: Check")

    # The seat's check for Kai shows on the GM's panel.
    seat.click("check-operate", "6 6")
    seat.report_says("Kai: Check")
    expect(gm.panel.locator(".lantern-log-lines")).to_contain_text(
        "Kai, from Kai's seat: Check: Operate", timeout=FOLLOWED_MS
    )
    expect(gm.panel.locator(".lantern-just-now")).to_contain_text("Kai, from Kai's seat — Check")
    expect(gm.report).not_to_contain_text("Kai: Check")
    seat.panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    save_window(seat_page, shot.directory / "seat-light.png")
    set_theme(seat_page, DARK_THEME)
    save_window(seat_page, shot.directory / "seat-dark.png")
    save_for_docs(seat_page, seat.panel, "voidlight-seat-dark.png")
    set_theme(seat_page, LIGHT_THEME)
    save_for_docs(seat_page, seat.panel, "voidlight-seat.png")

    # The light emptied by the GM's timer: the dark's saves come for all three.
    save_box = gm.empty_the_light(gm_name)
    expect(seat.light).to_contain_text("the Voidlight is dead", timeout=FOLLOWED_MS)
    expect(seat.panel.locator(".lantern-seat-note")).to_contain_text("Waiting for Vex")
    expect(seat.button("save-operate")).to_be_disabled()

    gm.click("save-vigor", _sixes(gm.button("save-vigor")))  # Vex, at the GM's
    gm.report_says("Vex: Critical Save")
    expect(seat.panel.locator(".lantern-seat-note")).to_contain_text(
        "You play Kai", timeout=FOLLOWED_MS
    )
    seat.click("save-operate")  # Kai's, at the seat: Lantern rolls (either outcome goes on)
    seat.report_says("Kai: Critical Save")
    expect(save_box).to_contain_text("Due: Rook", timeout=FOLLOWED_MS)
    gm.click("save-insight", _sixes(gm.button("save-insight")))  # Rook, at the GM's
    gm.report_says("Rook: Critical Save")
    expect(seat_log).to_contain_text("Rook: Critical Save", timeout=FOLLOWED_MS)

    # The countdown is the GM's: the seat never shows it, only that it is hidden.
    expect(seat.panel.locator(".lantern-countdown")).to_have_count(0)
    expect(seat.panel.locator(".lantern-seat-countdown")).to_contain_text("on the GM's timer")
    assert "data-seconds" not in seat.panel.inner_html()
    for each in (page, seat_page):
        expect(each.locator(".lantern-message-error")).to_have_count(0)
        assert_no_tracebacks(each)
