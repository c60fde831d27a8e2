"""Lantern in the browser: the JupyterLite site of ``make lite``, played by clicks with no network.

The site is served on 127.0.0.1 and every request to any other host fails in the browser (no name
resolves but the loopback's) and fails the test, so what plays here plays offline (``lite_site.py``
says which site and how). For each game, in one test: Run All of its play notebook and a few
actions by clicks; *Download journey*, whose ``.lantern`` file ``JourneyBook`` opens here to the
very state the browser's kernel holds; the page reloaded (Firelights, Embers) or the tab closed and
a new one opened (Voidlight), Run All again, and the journey is where it was, to the same state;
then *Upload journey* of a journey made here, which the panel shows at the state it has here,
played on by clicks to the game's end, and its ending state carried out again and compared.

Each game plays to its end in the browser, cheaply: Firelights and Voidlight upload a journey
made here a few actions before its end (by the game's own sensible player, or a scripted one,
deterministic by seed), and the browser plays those last actions by the clicks a player makes:
the ending the panel shows says why it ended, and it is the very state the same actions reach
here. Embers, the shortest game, plays its night to the end by the panel's first choice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from lite_site import (
    TIMEOUT,
    act,
    browser_state,
    entry,
    log_lines,
    offline,
    open_and_run,
    press,
    site,
)
from playwright.sync_api import expect

from rules.book import JourneyBook
from rules.embers import heuristic
from rules.embers import legal as embers_legal
from rules.firelights import Begin
from rules.firelights.actions import Confront
from rules.firelights.strategy import SensiblePlayer
from rules.firelights.words import IGNITE
from rules.record.journey import Journey
from rules.voidlight import CreateRandom
from rules.voidlight import open_moves as voidlight_moves
from rules.voidlight.actions import Check, RollLight, Save, SkipCost
from rules.voidlight.character import ATTRIBUTES
from widgets.frame.log_view import SHOWN

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
    act(page, panel, name, "button.lantern-act-create")
    for _ in range(2):
        check_vigor(page, panel, name)


def check_vigor(page: Any, panel: Any, name: str) -> None:
    """A Check, and its cost skipped when the check's entry says one is due (the entry is on the
    page once ``act`` returns; the skip button may be drawn later: ``act`` waits for it)."""
    written = act(page, panel, name, "button.lantern-act-check-vigor")
    if "a cost is due" in entry(panel, written).inner_text():
        act(page, panel, name, "button.lantern-act-skip_cost")


def play_embers(page: Any, panel: Any, name: str) -> None:
    panel.locator(".lantern-difficulty select").select_option(label="Recruit")
    act(page, panel, name, "button.lantern-act-begin")
    press(page, panel, panel.locator("button.lantern-act-hero").first)
    act(page, panel, name, "button.lantern-act-end_actions")


class Carried(NamedTuple):
    """A journey made here to be uploaded, a few actions before its end: the book, the actions
    that end it (played on in the browser by clicks) and the state they end at, played here."""

    book: JourneyBook[Any, Any]
    rest: list[Any]
    ended: Any


#: How many of a carried journey's last actions the browser plays, by clicks.
REST = 3


def carried(folder: Path, game: str, seed: int, actions: list[Any], ended: Any) -> Carried:
    """The journey of ``game`` at ``seed`` whose ``actions`` end at ``ended``, kept in a book
    but for its last :data:`REST` actions."""
    assert ended.over, f"the {game} journey at seed {seed} did not end: pick another seed"
    book = JourneyBook.start("carried", game=game, seed=seed, folder=folder)
    for action in actions[:-REST]:
        book.play(action)
    return Carried(book, actions[-REST:], ended)


def made_firelights(folder: Path) -> Carried:
    """The game's own sensible player, seed 4: it lights the sixth beacon with its third Confront
    in a row (two setbacks first), so the browser ends the journey complete by three clicks."""
    player = SensiblePlayer(begin=Begin("Ash", "they/them", forceful=2, patient=1, quick=0))
    journey, actions = Journey.start("firelights", 4), []
    while not journey.state.over:
        actions.append(player.next_action(journey.state))
        journey.play(actions[-1])
    return carried(folder, "firelights", 4, actions, journey.state)


def made_voidlight(folder: Path) -> Carried:
    """Two Checks (their costs skipped), then the Voidlight rolled by hand until it dies and the
    dark asks a Critical Save, made with the best Attribute; at seed 9 the light dies on its third
    roll and the save fails: the browser plays the last two rolls and the save by clicks."""
    journey, actions = Journey.start("voidlight", 9), []

    def play(action: Any) -> None:
        actions.append(action)
        journey.play(action)

    play(CreateRandom("Ash"))
    for _ in range(2):
        play(Check("vigor", who="Ash"))
        if {("skip_cost", "Ash"), ("skip_cost", "")} & set(voidlight_moves(journey.state)):
            play(SkipCost(who="Ash"))
    while journey.state.pending is None:
        play(RollLight())
    sheet = journey.state.crew[0]
    play(Save(max(ATTRIBUTES, key=lambda attribute: getattr(sheet, attribute))))
    return carried(folder, "voidlight", 9, actions, journey.state)


def made_embers(folder: Path) -> Carried:
    options = {"difficulty": "recruit"}
    made = JourneyBook.start("carried", game="embers", seed=9, folder=folder, options=options)
    made.play(embers_legal(made.state)[0])  # Begin
    for _ in range(6):
        made.play(heuristic(made.state))
    return Carried(made, [], None)  # played on by the panel's first choice, to its end


def on_firelights(page: Any, panel: Any, name: str, rest: list[Any]) -> None:
    """The carried journey's last actions, by clicks: Confront, aimed at the beacon to ignite."""
    for action in rest:
        assert isinstance(action, Confront) and action.purpose == "ignite", action
        purpose = panel.locator(".lantern-confront-purpose select")
        purpose.select_option(label=IGNITE)  # the page's options are the words, not the values
        act(page, panel, name, "button.lantern-act-confront")
    expect(panel.locator(".lantern-ending")).to_contain_text(
        "All six beacons burn", timeout=TIMEOUT
    )


def on_voidlight(page: Any, panel: Any, name: str, rest: list[Any]) -> None:
    """The carried journey's last actions, by clicks: the Voidlight rolled, the dark's save."""
    for action in rest:
        if isinstance(action, RollLight):
            act(page, panel, name, "button.lantern-act-roll_light")
        else:
            assert isinstance(action, Save), action
            act(page, panel, name, f"button.lantern-act-save-{action.attribute}")
    expect(panel.locator(".lantern-ending")).to_contain_text(
        "Ash is lost to the dark", timeout=TIMEOUT
    )


def on_embers(page: Any, panel: Any, name: str, rest: list[Any]) -> None:
    """The night played to its end by clicks: the first choice the panel offers, each time, and
    waited for until the page took its row away (each action rebuilds it)."""
    ending = panel.locator(".lantern-ending")
    choices = panel.locator(".lantern-choice-buttons button")
    for _ in range(400):
        expect(choices.first.or_(ending).first).to_be_visible(timeout=TIMEOUT)
        if ending.is_visible():
            break
        press(page, panel, choices.first)
    expect(ending).to_contain_text(re.compile("Dawn breaks|The fire goes out"), timeout=TIMEOUT)


Play = Callable[[Any, Any, str], None]
PlayOn = Callable[[Any, Any, str, list[Any]], None]
GAMES: dict[str, tuple[Play, Callable[[Path], Carried], PlayOn]] = {
    "firelights": (play_firelights, made_firelights, on_firelights),
    "voidlight": (play_voidlight, made_voidlight, on_voidlight),
    "embers": (play_embers, made_embers, on_embers),
}


def download(page: Any, panel: Any, saved: Path) -> JourneyBook[Any, Any]:
    """*Download journey*, saved at ``saved`` and opened here. The link is waited for until it
    holds another file than before the click (a link left from an earlier download holds the
    journey as it stood then)."""
    link = panel.locator("a.lantern-save")
    before = link.get_attribute("href") if link.count() else None
    panel.locator("button.lantern-download:not([disabled])").click()
    expect(link).to_be_attached(timeout=TIMEOUT)
    if before is not None:
        expect(link).not_to_have_attribute("href", before, timeout=TIMEOUT)
    with page.expect_download() as done:
        link.click()
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

    carried = download(page, panel, tmp_path / "from-browser.lantern")
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
    made.book.close()
    with page.expect_file_chooser() as chooser:
        panel.locator(".lantern-upload").click()
    chooser.value.set_files(str(made.book.path))
    messages = panel.locator(".lantern-message-error")
    header = panel.locator(".lantern-header")
    expect(header.filter(has_text="carried").or_(messages).first).to_be_visible(timeout=TIMEOUT)
    assert messages.count() == 0, messages.all_inner_texts()
    here = JourneyBook.open(made.book.path)
    # The carried journey's log drawn (the newest entries only), before any click reads it.
    shown = min(here.actions, SHOWN)
    expect(panel.locator(".lantern-log-entry")).to_have_count(shown, timeout=TIMEOUT)
    expect(entry(panel, here.actions)).to_be_attached(timeout=TIMEOUT)
    assert browser_state(page, name) == here.state
    play_on(page, panel, name, made.rest)
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    ended = download(page, panel, tmp_path / "played-on.lantern")
    assert ended.state == browser_state(page, name) != here.state
    assert ended.state.over and ended.actions > here.actions
    if made.ended is not None:  # the very ending the journey reaches when played here
        assert ended.state == made.ended
    assert offline == [], f"requests to other hosts: {offline[:5]}"
