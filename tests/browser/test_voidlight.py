"""Voidlight as a player meets it: notebooks/voidlight.ipynb in JupyterLab, played by clicking.

Every die is typed into "At the table" (``lantern-table-results``) before the click, so each
outcome is known; a cost is picked from the table. The live timer runs for real on the kernel's
loop, with an expedition minute set to a fraction of a second from the kernel (the only line of
code: the player's timer counts real minutes). Screenshots of each step land in
tests/browser/screenshots/<test>/, at 1400×1000, light and dark (with LANTERN_DOC_SCREENSHOTS=1
also the docs', in docs/screenshots/, cropped to the panel).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import (
    REPO,
    assert_no_tracebacks,
    open_notebook,
    run_in_kernel,
    type_at_table,
    wait_kernel_idle,
)
from playwright.sync_api import expect
from test_firelights import (
    DARK_THEME,
    LIGHT_THEME,
    WINDOW,
    save_for_docs,
    save_window,
    set_theme,
)

GAME = "voidlight.ipynb"


class Table:
    """The Voidlight panel on the page, driven by clicks and typing only."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.panel = page.locator(".lantern-voidlight")
        self.report = self.panel.locator(".lantern-report-view")
        self.sheet = self.panel.locator(".lantern-sheet-view")
        self.light = self.panel.locator(".lantern-light-view")
        self.messages = self.panel.locator(".lantern-dock > .lantern-messages")
        self.table_box = self.panel.locator(".lantern-table-results input")

    def button(self, kind: str) -> Any:
        return self.panel.locator(f"button.lantern-act-{kind}")

    def click(self, kind: str, table: str = "") -> None:
        if table:
            type_at_table(self.panel, table)
            expect(self.table_box).to_have_value(table)
        button = self.button(kind)
        expect(button).to_be_enabled()
        button.click()
        if table:
            expect(self.table_box).to_have_value("")

    def position(self, label: str) -> None:
        self.panel.locator(f".lantern-position button:has-text('{label}')").click()

    def empty_the_light(self, notebook: str) -> Any:
        """Empty the light by the live timer and pause it as the dark's saves come: high beam, a
        roll every minute, a minute of 0.5 s from the kernel (the next round of the dark, 5
        minutes on, is 2 s away: time to pause). Returns the save box."""
        self.click("beam-high")
        self.panel.locator(".lantern-timer-minutes input").fill("1")
        self.click("timer")
        run_in_kernel(self.page, notebook, "panel.timer.minute_seconds = 0.5")
        self.click("timer-toggle")
        save_box = self.panel.locator(".lantern-save-box")
        expect(save_box).to_be_visible(timeout=30_000)
        self.click("timer-toggle")  # pause: the table steps through the saves
        expect(self.button("timer-toggle")).to_contain_text("Resume")
        expect(self.light).to_contain_text("the Voidlight is dead")
        return save_box

    def report_says(self, text: str) -> None:
        try:
            expect(self.report).to_contain_text(text)
        except AssertionError as error:
            raise AssertionError(
                f"{error}\nThe panel's message: {self.messages.inner_text()!r}"
            ) from None


@pytest.fixture
def notebook(notebook_dir: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The repository's voidlight.ipynb (no outputs) under a name of this test's own: the served
    copy may have been saved with outputs by an earlier test (Write to journal saves it), which
    JupyterLab reports as "widget model not found" before Run All."""
    name = f"{request.node.originalname.removeprefix('test_')[:40]}.ipynb"
    shutil.copy(REPO / "notebooks" / GAME, notebook_dir / name)
    yield name
    (notebook_dir / name).unlink(missing_ok=True)


@pytest.fixture
def light_theme_after(page: Any) -> Iterator[None]:
    yield
    set_theme(page, LIGHT_THEME)


def test_an_expedition_by_clicking(page, jupyter_server, notebook, shot, light_theme_after):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, notebook)
    table = Table(page)
    expect(table.panel).to_be_visible()
    expect(table.panel.locator(".lantern-create")).to_contain_text("House rules")
    table.panel.locator(".lantern-name input").fill("Vex")
    table.panel.locator(".lantern-pronouns input").fill("she/her")
    table.click("create")  # the Credits die comes from the notebook's seed
    expect(table.sheet).to_contain_text("Vex")
    expect(table.sheet).to_contain_text("Hit Points 10/10")
    expect(table.panel.locator(".lantern-slot-empty")).to_have_count(10)
    shot(page, "created")

    # Checks in two Positions: Good reads 4 as a Hit, Bad only 6.
    table.position("Good (4+)")
    expect(table.panel).to_contain_text("Vigor 2 (good)")
    table.click("check-vigor", "4 4")
    table.report_says("success")
    table.position("Bad (6 only)")
    table.click("check-vigor", "5 2")
    table.report_says("failure")
    # Push: its odds, then the reroll and a Fatigued condition.
    expect(table.panel).to_contain_text("If you push")
    table.click("push", "6 1")
    table.report_says("Fatigued")
    expect(table.panel.locator(".lantern-slot-condition")).to_have_count(1)
    # A cost, picked: TAKE 1D-1 DMG, its die typed.
    table.panel.locator(".lantern-cost-pick select").select_option(label="11 TAKE 1D-1 DMG")
    table.click("cost-pick", "4")
    expect(table.sheet).to_contain_text("7/10")
    shot(page, "checked")

    # The beam switch moves the Position (a house rule, named).
    table.click("beam-high")
    expect(table.light).to_contain_text("high beam")
    expect(table.panel.locator(".lantern-house").first).to_be_visible()
    table.position("Standard (5+)")
    expect(table.panel).to_contain_text("Vigor 2 (good)")

    # An Encounter Pool, by name, with its dice.
    table.panel.locator(".lantern-pool-name input").fill("Drones")
    table.click("encounter")
    encounter = table.panel.locator(".lantern-encounters-view")
    expect(encounter).to_contain_text("Drones")
    expect(encounter.locator(".lantern-encounter-die")).to_have_count(4)

    # The live timer: an expedition minute of 0.05 s, so the roll comes in one second.
    run_in_kernel(page, notebook, "panel.timer.minute_seconds = 0.05")
    table.click("timer-toggle")
    table.report_says("Voidlight Pool rolls")
    table.click("timer-toggle")  # pause
    expect(table.button("timer-toggle")).to_contain_text("Resume")

    # Write to journal: the last action's mechanics, into the book and as a cell below.
    table.panel.locator(".lantern-journal-write").click()
    expect(page.locator(".jp-RenderedMarkdown", has_text="Voidlight Pool rolls")).to_have_count(1)
    kinds = run_in_kernel(page, notebook, "print([note.kind for note in book.notes()])")
    assert "mechanics" in kinds, kinds
    table.panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    save_window(page, shot.directory / "light.png")
    save_for_docs(page, table.panel, "voidlight-panel.png")
    set_theme(page, DARK_THEME)
    save_window(page, shot.directory / "dark.png")
    save_for_docs(page, table.panel, "voidlight-dark.png")
    table.button("inspire").scroll_into_view_if_needed()
    save_window(page, shot.directory / "dark-tools.png")
    expect(table.panel.locator(".lantern-message-error")).to_have_count(0)
    assert_no_tracebacks(page)


def test_voila_plays_voidlight(page, voila, shot):
    """`make voila GAME=voidlight`: a title, the panel, how to play; no code."""
    page.set_viewport_size(WINDOW)
    server = voila("play-voidlight.ipynb")
    page.goto(server.url)
    table = Table(page)
    expect(table.panel).to_be_visible(timeout=60_000)
    expect(page.locator("h1")).to_contain_text("Voidlight")
    expect(page.locator("h2", has_text="How to play")).to_be_visible()
    expect(page.locator(".jp-CodeCell .jp-InputArea, .cm-editor")).to_have_count(0)
    shown = page.locator("body").inner_text()
    for text in ("import", "JourneyBook", "VoidlightPanel(", "Run All", "%%journal"):
        assert text not in shown, text
    table.panel.locator(".lantern-name input").fill("Ash")
    table.click("create_random")
    expect(table.sheet).to_contain_text("Ash")
    table.click("check-operate")
    expect(table.report).to_contain_text("Operate")
    save_window(page, shot.directory / "voila.png")
    assert_no_tracebacks(page)


def test_run_all_again_replaces_the_panel_and_its_timer(page, jupyter_server, notebook, shot):
    """A second Run All closes the first panel (its timer task with it): one live panel, no
    error, and the new panel's timer comes back paused at the journey's minute."""
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, notebook)
    table = Table(page)
    table.panel.locator(".lantern-name input").fill("Vex")
    table.click("create")
    run_in_kernel(page, notebook, "panel.timer.minute_seconds = 0.05\nfirst = panel")
    table.click("timer-toggle")
    table.report_says("Voidlight Pool rolls")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_kernel_idle(page, notebook)
    out = run_in_kernel(
        page,
        notebook,
        "import gc\nfrom widgets.voidlight import LiveTimer\n"
        "timers = [t for t in gc.get_objects() if isinstance(t, LiveTimer)]\n"
        "assert first is not panel and first.timer._stopped and first.timer._task is None\n"
        "print(sum(t.running for t in timers), panel.timer.running, panel.state.clock.minute)",
    )
    running, current, minute = out.split()
    assert (running, current) == ("0", "False") and int(minute) >= 20, out
    expect(Table(page).button("timer-toggle")).to_contain_text("Start the timer")
    assert_no_tracebacks(page)


def _rows_apart(first: Any, second: Any) -> float:
    """How far apart two controls' middles are, up and down, in pixels."""
    a, b = first.bounding_box(), second.bounding_box()
    assert a is not None and b is not None
    return abs((a["y"] + a["height"] / 2) - (b["y"] + b["height"] / 2))


def test_what_is_due_is_said_where_it_is_taken(
    page, jupyter_server, notebook, shot, light_theme_after
):
    """Voidlight: what is due, is said: a cost due beside the cost controls and a
    second Check refused in a sentence; a 15-minute timer; between scenes, no Start; the Long
    Rest's attribute on the Long Rest's row."""
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, notebook)
    table = Table(page)
    table.panel.locator(".lantern-name input").fill("Vex")
    table.click("create")
    expect(table.sheet).to_contain_text("Vex")

    # A failed Check: the cost is due, said beside the controls that take it.
    table.click("check-vigor", "2 3")
    table.report_says("failure")
    due = table.panel.locator(".lantern-due-view")
    expect(due).to_contain_text("Due: the cost of your Vigor check (failure, 0 Hits)")
    expect(table.button("skip_cost")).to_be_visible()
    assert _rows_apart(due, table.button("cost")) < 60
    due.scroll_into_view_if_needed()
    shot(page, "cost-due")
    # Another Check is refused in a sentence naming the cost, and plays nothing (the dice
    # typed stay for the next try).
    table.table_box.fill("6")
    table.button("check-insight").click()
    refusal = table.panel.locator(".lantern-messages", has_text="still due")
    expect(refusal).to_contain_text(
        "the cost of your Vigor check is still due: take it, or skip it"
    )
    expect(refusal).to_be_in_viewport()
    expect(table.report).not_to_contain_text("Insight")
    shot(page, "second-check-refused")
    table.click("skip_cost")
    table.report_says("Skip the cost")
    expect(due).to_have_text("")
    table.click("check-insight", "6")
    table.report_says("Insight")

    # Any interval: a 15-minute timer.
    minutes = table.panel.locator(".lantern-timer-minutes input")
    minutes.fill("15")
    table.click("timer")
    table.report_says("every 15 minutes")
    countdown = table.panel.locator(".lantern-countdown-view")
    expect(countdown).to_contain_text("15:00")
    expect(table.button("timer-toggle")).to_contain_text("Start the timer")
    countdown.scroll_into_view_if_needed()
    shot(page, "timer-15")

    # Between scenes: said in plain words, and no Start.
    table.panel.locator(".lantern-timer-mode select").select_option(label="between scenes, by hand")
    table.click("timer")
    table.report_says("between scenes")
    idle = countdown.locator(".lantern-timer-idle")
    expect(idle).to_contain_text("Roll the Voidlight by hand")
    expect(countdown.locator(".lantern-countdown")).to_have_count(0)
    expect(table.button("timer-toggle")).to_be_hidden()
    size = idle.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    body = table.sheet.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size <= body, (size, body)
    shot(page, "between-scenes")

    # The Long Rest's attribute sits on the Long Rest's row, not the Short Rest's.
    long_rest, short_rest = table.button("long_rest"), table.button("short_rest")
    restore = table.panel.locator(".lantern-rest-attribute")
    long_rest.scroll_into_view_if_needed()
    assert _rows_apart(restore, long_rest) < 10
    assert _rows_apart(restore, short_rest) > 20
    save_window(page, shot.directory / "rest-light.png")
    set_theme(page, DARK_THEME)
    save_window(page, shot.directory / "rest-dark.png")
    due.scroll_into_view_if_needed()
    save_window(page, shot.directory / "checks-dark.png")
    expect(table.panel.locator(".lantern-message-error")).to_have_count(0)
    assert_no_tracebacks(page)


def test_the_gm_plays_a_crew_of_three(page, jupyter_server, notebook, shot, light_theme_after):
    """The GM's table: three characters created at the table, a check for each from
    their own sheet (the report and the log name them), the light emptied by the live timer on a
    1-minute interval (an expedition minute made short from the kernel), and the dark's saves
    stepped through for all three, each naming its character with the rest of the queue listed."""
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, notebook)
    table = Table(page)
    table.panel.locator(".lantern-name input").fill("Vex")
    table.click("create")
    expect(table.sheet).to_contain_text("Vex")
    roster = table.panel.locator(".lantern-roster")
    expect(roster).to_be_hidden()  # a crew of one: solo's table

    # Kai joins by points, Rook at random: each new sheet opens.
    table.panel.locator(".lantern-join-name input").fill("Kai")
    table.panel.locator(".lantern-join-how select").select_option(label="by points")
    table.panel.locator(".lantern-join-points input").nth(1).fill("2")  # Operate 2
    table.panel.locator(".lantern-join-points input").nth(0).fill("1")  # Vigor 1
    table.click("join", "4")
    table.report_says("Kai joins the crew")
    expect(table.sheet).to_contain_text("Kai")
    table.panel.locator(".lantern-join-name input").fill("Rook")
    table.panel.locator(".lantern-join-how select").select_option(label="at random")
    table.click("join")
    table.report_says("Rook joins the crew (3 of 6 at most)")
    expect(roster.locator(".lantern-act-roster-name")).to_have_count(3)
    expect(table.panel.locator(".lantern-header")).to_contain_text("crew of 3")
    shot(page, "crew-of-three")

    # A check for each, from their own sheet: the result and the log name them.
    log = table.panel.locator(".lantern-log-lines")
    for name, attribute, dice in (("Vex", "vigor", "5 6"), ("Kai", "operate", "6 6"),
                                  ("Rook", "diplomacy", "")):  # fmt: skip
        roster.locator(".lantern-act-roster-name", has_text=name).click()
        expect(table.sheet.locator(".lantern-sheet-name")).to_contain_text(name)
        expect(table.panel.locator(".lantern-roster-note")).to_contain_text(f"act for {name}")
        table.click(f"check-{attribute}", dice)
        table.report_says(f"{name}: Check")
        expect(log).to_contain_text(f"{name}: Check: {attribute.title()}")
        if table.button("skip_cost").is_visible():  # Rook's roll is Lantern's: any outcome
            table.click("skip_cost")
    roster.locator(".lantern-act-roster-name", has_text="Kai").click()
    table.panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    save_window(page, shot.directory / "gm-table-light.png")
    save_for_docs(page, table.panel, "voidlight-crew.png")
    set_theme(page, DARK_THEME)
    save_window(page, shot.directory / "gm-table-dark.png")
    save_for_docs(page, table.panel, "voidlight-crew-dark.png")
    set_theme(page, LIGHT_THEME)

    # The light emptied by the timer, paused as the dark's saves come.
    save_box = table.empty_the_light(notebook)

    # The dark's saves, stepped through: each names its character, its odds, then the rest.
    # Every die typed a 6, so each endures (Rook's Attribute was rolled: its dice are read off
    # the button).
    queue = save_box.locator(".lantern-save-queue")
    for name, later in (("Vex", "then: Kai, Rook"), ("Kai", "then: Rook"), ("Rook", "")):
        expect(save_box).to_contain_text(f"Due: {name}: In the dark")
        expect(save_box.locator(".lantern-odds-line").first).to_contain_text("Endure")
        expect(table.sheet.locator(".lantern-sheet-name")).to_contain_text(name)
        expect(queue).to_have_text(later)
        if name == "Vex":
            save_box.scroll_into_view_if_needed()
            save_window(page, shot.directory / "dark-saves-light.png")
            set_theme(page, DARK_THEME)
            save_window(page, shot.directory / "dark-saves-dark.png")
            set_theme(page, LIGHT_THEME)
        attribute = {"Vex": "vigor", "Kai": "operate", "Rook": "insight"}[name]
        table.click(f"save-{attribute}", _sixes(table.button(f"save-{attribute}")))
        table.report_says(f"{name}: Critical Save")
        expect(log).to_contain_text(f"{name}: Critical Save with {attribute.title()}")
    # The timer ran on while the GM stepped through (it waits only when paused): a round of
    # the dark owed since then comes now, every one of the crew again.
    for _ in range(12):
        if not save_box.is_visible():
            break
        expect(queue).not_to_contain_text("Vex")
        table.click("save-vigor", _sixes(table.button("save-vigor")))
    expect(save_box).to_be_hidden()
    statuses = roster.locator(".lantern-roster-status")
    expect(statuses).to_have_text(["standing", "standing", "standing"])
    save_window(page, shot.directory / "after-the-saves.png")
    expect(table.panel.locator(".lantern-message-error")).to_have_count(0)
    assert_no_tracebacks(page)


def _sixes(save_button: Any) -> str:
    """A 6 for each die a save button rolls ("Save with Insight 1": one; a score of 0 rolls
    one die too)."""
    score = int(save_button.inner_text().rsplit(" ", 1)[1])
    return " ".join(["6"] * max(score, 1))
