"""Lantern in the browser: the JupyterLite site of ``make lite``, played by clicks with no network.

The site is served on 127.0.0.1 and every request to any other host is refused in the browser
(a Playwright route), so what plays here plays offline (``lite_site.py`` says which site). For
each game, in one test: Run All of its play notebook and a few actions by clicks; *Download
journey*, whose ``.lantern`` file ``JourneyBook`` opens here to the very state the browser's
kernel holds; the page reloaded (Firelights, Embers) or the tab closed and a new one opened
(Voidlight), Run All again, and the journey is where it was, to the same state; then *Upload
journey* of a journey made here, which the panel shows at the state it has here and plays on.
Embers, the shortest game, is then played to its end by clicks, and its ending state carried
out again and compared.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lite_site import (
    TIMEOUT,
    act,
    browser_state,
    click,
    log_lines,
    offline,
    open_and_run,
    settle,
    site,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from rules.book import JourneyBook
from rules.embers import heuristic
from rules.embers import legal as embers_legal
from rules.firelights import Ask, Begin, Rest, available
from rules.voidlight import CreateRandom
from rules.voidlight import open_moves as voidlight_moves
from rules.voidlight.actions import Check, SkipCost

__all__ = ["offline", "site"]  # the fixtures this module uses, imported from lite_site


def play_firelights(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-name input").fill("Wick")
    panel.locator(".lantern-pronouns input").fill("she/her")
    act(page, panel, name, "button.lantern-act-begin")
    for _ in range(3):
        act(page, panel, name, "button.lantern-act-discover")


def play_voidlight(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-name input").fill("Vex")
    panel.locator(".lantern-pronouns input").fill("she/her")
    click(page, panel, name, "button.lantern-act-create")
    for _ in range(2):
        check_vigor(page, panel, name)


def check_vigor(page: Any, panel: Any, name: str) -> None:
    click(page, panel, name, "button.lantern-act-check-vigor")
    skip = panel.locator("button.lantern-act-skip_cost:not([disabled])")
    if skip.count():  # a failed check's cost is owed: skipped, by a click
        click(page, panel, name, "button.lantern-act-skip_cost")


def play_embers(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-difficulty select").select_option(label="Recruit")
    click(page, panel, name, "button.lantern-act-begin")
    click(page, panel, name, "button.lantern-act-hero")
    click(page, panel, name, "button.lantern-act-end_actions")


def made_firelights(folder: Path) -> JourneyBook[Any, Any]:
    made = JourneyBook.start("carried", game="firelights", seed=9, folder=folder)
    made.play(Begin("Ash", "they/them", forceful=2, patient=1, quick=0))
    for _ in range(4):
        made.play(Ask("even") if "ask" in available(made.state) else Rest())
    return made


def made_voidlight(folder: Path) -> JourneyBook[Any, Any]:
    made = JourneyBook.start("carried", game="voidlight", seed=9, folder=folder)
    made.play(CreateRandom("Ash"))
    for _ in range(2):
        made.play(Check("vigor", who="Ash"))
        if {("skip_cost", "Ash"), ("skip_cost", "")} & set(voidlight_moves(made.state)):
            made.play(SkipCost(who="Ash"))
    return made


def made_embers(folder: Path) -> JourneyBook[Any, Any]:
    options = {"difficulty": "recruit"}
    made = JourneyBook.start("carried", game="embers", seed=9, folder=folder, options=options)
    made.play(embers_legal(made.state)[0])  # Begin
    for _ in range(6):
        made.play(heuristic(made.state))
    return made


def on_firelights(page: Any, panel: Any, name: str) -> None:
    act(page, panel, name, "button.lantern-act-rest, button.lantern-act-discover")


def on_voidlight(page: Any, panel: Any, name: str) -> None:
    check_vigor(page, panel, name)


def on_embers(page: Any, panel: Any, name: str) -> None:
    """The night played to its end by clicks: the first choice the panel offers, each time."""
    ending = panel.locator(".lantern-ending")
    choices = panel.locator(".lantern-choice-buttons button")
    for _ in range(400):
        expect(choices.first.or_(ending)).to_be_visible()
        if ending.is_visible():
            break
        try:
            choices.first.click(timeout=5000)
        except PlaywrightTimeout:
            continue  # the last click ended the night: its ending is on its way
        settle(page, name)
    expect(ending).to_contain_text(re.compile("Dawn breaks|The fire goes out"))


Play = Callable[[Any, Any, str], None]
GAMES: dict[str, tuple[Play, Callable[[Path], JourneyBook[Any, Any]], Play]] = {
    "firelights": (play_firelights, made_firelights, on_firelights),
    "voidlight": (play_voidlight, made_voidlight, on_voidlight),
    "embers": (play_embers, made_embers, on_embers),
}


def download(page: Any, panel: Any, name: str, saved: Path) -> JourneyBook[Any, Any]:
    """*Download journey*, saved at ``saved`` and opened here."""
    click(page, panel, name, "button.lantern-download")
    with page.expect_download() as done:
        panel.locator("a.lantern-save").click()
    done.value.save_as(saved)
    return JourneyBook.open(saved)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_plays_offline_keeps_its_journey_and_carries_it_as_a_file(
    page: Any, site: str, offline: list[str], tmp_path: Path, game: str
) -> None:
    play, made_here, play_on = GAMES[game]
    name = f"play-{game}.ipynb"
    panel = open_and_run(page, site, name)
    expect(panel.locator(".lantern-kept-note")).to_contain_text("another address or port")
    play(page, panel, name)
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    played = log_lines(panel)
    assert len(played) >= 2, played  # Embers: Begin and End actions (a hero chosen is no entry)
    state = browser_state(page, name)

    carried = download(page, panel, name, tmp_path / "from-browser.lantern")
    assert carried.game.name == game and carried.state == state
    carried.close()

    if game == "voidlight":  # closing the tab: a new one in the same browser
        page.close()
        page = page.context.new_page()
    else:
        page.reload()
    panel = open_and_run(page, site, name)
    expect(panel.locator(".lantern-log-entry")).to_have_count(len(played))
    assert log_lines(panel) == played
    assert browser_state(page, name) == state

    made = made_here(tmp_path / "computer")
    made.close()
    with page.expect_file_chooser() as chooser:
        panel.locator(".lantern-upload").click()
    chooser.value.set_files(str(made.path))
    settle(page, name)
    messages = panel.locator(".lantern-message-error")
    header = panel.locator(".lantern-header")
    expect(header.filter(has_text="carried").or_(messages).first).to_be_visible(timeout=TIMEOUT)
    assert messages.count() == 0, messages.all_inner_texts()
    here = JourneyBook.open(made.path)
    assert browser_state(page, name) == here.state
    entries = panel.locator(".lantern-log-entry").count()
    play_on(page, panel, name)
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    # Waited for: the kernel idle is not yet the page drawn (a count read at once raced it).
    expect(panel.locator(".lantern-log-entry")).not_to_have_count(entries, timeout=TIMEOUT)
    assert panel.locator(".lantern-log-entry").count() > entries
    ended = download(page, panel, name, tmp_path / "played-on.lantern")
    assert ended.state == browser_state(page, name) != here.state
    assert ended.actions > here.actions
    assert offline == [], f"requests to other hosts: {offline[:5]}"
