"""The bad-input catalogue, values: "widget values out of range (a pool of 40 dice, an
attribute of 9, a slot index of 11, a negative spend — through the rules' actions and the panels'
inputs), free text (huge, empty, control characters, lone surrogates)". Each case is refused with its exact class and message, and no byte of any file in the
journeys folder changes (the journey's -wal and -shm included).

A panel shows an error instead of raising it: a panel case clicks, then re-raises the exception
the panel's message area kept (``last_exception``), after checking that is the text it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import traitlets
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.book import JourneyBook
from rules.embers import Act, heuristic
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import Ask, Begin, BuyInformation, Search
from rules.voidlight import (
    Create,
    Credits,
    Damage,
    Elapse,
    Fortune,
    GainCondition,
    React,
    SetTimer,
    StartEncounter,
    Take,
    check_odds,
)
from rules.voidlight.checks import pushed_odds

__all__ = ["journeys"]  # the folder fixture, autouse

HUGE = "x" * 10_000_000


CASES: list[Case] = []
case = registry(CASES)


def book(folder: Path, game: str) -> JourneyBook[Any, Any]:
    """An open journey of ``game`` begun (Voidlight: Vex with 30 Credits; Embers: setup)."""
    opened = JourneyBook.start(game, game=game, seed=5, folder=folder)
    if game == "voidlight":
        opened.play(Create("Vex", "she/her", 2, 1, 1, 1), [[3]])
    elif game == "embers":
        opened.play(heuristic(opened.state))
    else:
        opened.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    return opened


def playing(folder: Path, game: str, action: Callable[[], Any]) -> Callable[[], object]:
    """The action built and played on a begun journey of ``game``."""
    opened = book(folder, game)
    return lambda: opened.play(action())


def noting(folder: Path, game: str, text: str) -> Callable[[], object]:
    opened = book(folder, game)
    return lambda: opened.note(text)


# --- values out of range, through the rules' actions ------------------------------------------


@case(
    "voidlight-encounter-pool-of-40-dice",
    InvalidInput,
    "an Encounter Pool has 1 to 6 dice (P2, P4, P6), not 40",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: StartEncounter("Hull noises", 40))


@case(
    "voidlight-encounter-pool-of-0-dice",
    InvalidInput,
    "an Encounter Pool has 1 to 6 dice (P2, P4, P6), not 0",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: StartEncounter("Hull noises", 0))


@case(
    "voidlight-reaction-of-40-dice",
    InvalidInput,
    "a Reaction Roll's dice is a whole number from 0 to 6, not 40",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: React(40))


@case(
    "voidlight-check-odds-of-40-dice",
    InvalidInput,
    "a number of dice is a whole number from 0 to 20, not 40",
)
def _(folder: Path) -> Callable[[], object]:
    return lambda: check_odds(40, "standard")


@case(
    "voidlight-push-odds-of-40-dice",
    InvalidInput,
    "a check rolls at most 20 dice, not 20 Hits and 20 Misses",
)
def _(folder: Path) -> Callable[[], object]:
    return lambda: pushed_odds(20, 20, "standard")


@case(
    "voidlight-push-odds-of-negative-hits",
    InvalidInput,
    "a number of dice is a whole number from 0 to 20, not -1",
)
def _(folder: Path) -> Callable[[], object]:
    return lambda: pushed_odds(-1, 2, "standard")


@case(
    "voidlight-attribute-of-9",
    InvalidInput,
    "Vigor at creation is a whole number from 0 to 3, not 9",
)
def _(folder: Path) -> Callable[[], object]:
    opened = JourneyBook.start("voidlight", game="voidlight", seed=5, folder=folder)
    return lambda: opened.play(Create("Vex", "she/her", 9, 0, 0, 0))


@case(
    "voidlight-attribute-of-minus-1",
    InvalidInput,
    "Diplomacy at creation is a whole number from 0 to 3, not -1",
)
def _(folder: Path) -> Callable[[], object]:
    opened = JourneyBook.start("voidlight", game="voidlight", seed=5, folder=folder)
    return lambda: opened.play(Create("Vex", "she/her", 3, 2, 1, -1))


@case(
    "voidlight-condition-of-11-slots",
    InvalidInput,
    "a condition's slots is a whole number from 1 to 10, not 11",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: GainCondition("Sick", 11))


@case(
    "voidlight-an-11th-slot",
    IllegalAction,
    "no room for 'Crate 11' (normal, 1 slots): 0 of 10 slots are free; drop something first",
)
def _(folder: Path) -> Callable[[], object]:
    opened = book(folder, "voidlight")
    for n in range(10):
        opened.play(Take(f"Crate {n + 1}"))
    return lambda: opened.play(Take("Crate 11"))


@case(
    "voidlight-spend-more-credits-than-held",
    IllegalAction,
    "you hold 30 Credits: you cannot spend 31",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Credits(-31))


@case("voidlight-negative-damage", InvalidInput, "Damage is a whole number from 1 to 999, not -3")
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Damage(-3))


@case(
    "voidlight-negative-minutes",
    InvalidInput,
    "a number of minutes is a whole number from 1 to 1440, not -5",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Elapse(-5))


@case(
    "voidlight-timer-of-0-minutes",
    InvalidInput,
    "the Voidlight timer's interval in minutes is a whole number from 1 to 240, not 0",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: SetTimer("interval", 0))


@case(
    "firelights-approach-of-9",
    InvalidInput,
    "Choose +2, +1 and 0 for the three approaches, one each: you chose forceful=9, patient=1, quick=0",
)
def _(folder: Path) -> Callable[[], object]:
    opened = JourneyBook.start("firelights", game="firelights", seed=5, folder=folder)
    return lambda: opened.play(Begin("Wick", "she/her", forceful=9, patient=1, quick=0))


def treasured(folder: Path) -> JourneyBook[Any, Any]:
    """A Firelights journey holding 2 treasures (a Search that rolled 6, 6)."""
    opened = book(folder, "firelights")
    opened.play(Search("forceful"), [["9H", "KS"], [6, 6]])
    assert opened.state.treasures == 2
    return opened


@case(
    "firelights-negative-spend",
    InvalidInput,
    "spend a whole number of treasures on Buy Information, 1 or more: -1 is not",
)
def _(folder: Path) -> Callable[[], object]:
    opened = treasured(folder)
    return lambda: opened.play(BuyInformation(-1))


@case(
    "embers-a-hero-not-in-the-set",
    IllegalAction,
    "Act(hero='Wizard', action='Guard', target='N') is not allowed now: there is no hero called 'Wizard' (Defender, Firetender, Herbalist, Leader, Scout); allowed now: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "embers", lambda: Act("Wizard", "Guard", "N"))


@case(
    "embers-an-action-the-hero-lacks",
    IllegalAction,
    "Act(hero='Leader', action='Fireball', target='N') is not allowed now: Leader has no action called 'Fireball' (Rally, Hold the Line, Promote, Maneuver); allowed now: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "embers", lambda: Act("Leader", "Fireball", "N"))  # Leader is at N


# --- free text ---------------------------------------------------------------------------------


@case(
    "voidlight-name-of-10-mb",
    InvalidInput,
    "Create a character: 'name' is at most 2000 characters, got 10000000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
)
def _(folder: Path) -> Callable[[], object]:
    opened = JourneyBook.start("voidlight", game="voidlight", seed=5, folder=folder)
    return lambda: opened.play(Create(HUGE, "she/her", 2, 1, 1, 1))


@case(
    "voidlight-question-of-10-mb",
    InvalidInput,
    "Fortune Roll: 'question' is at most 2000 characters, got 10000000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Fortune("even", question=HUGE))


@case(
    "embers-note-of-10-mb",
    InvalidInput,
    "a journal entry is at most 50000 characters, got 10000000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
)
def _(folder: Path) -> Callable[[], object]:
    return noting(folder, "embers", HUGE)


@case("voidlight-item-with-no-name", InvalidInput, "give the item a name (you gave '')")
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Take(""))


@case("voidlight-pool-with-a-blank-name", InvalidInput, "name the Encounter Pool (you gave '   ')")
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: StartEncounter("   ", 4))


@case("embers-empty-note", InvalidInput, "a journal entry is some text, got ' \\n '")
def _(folder: Path) -> Callable[[], object]:
    return noting(folder, "embers", " \n ")


@case(
    "firelights-question-with-a-nul",
    InvalidInput,
    "Ask the Oracle: 'question' holds the control character '\\x00' at 13 (not text: a terminal or another program would act on it): 'Is the bridge\\x00 safe?'",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "firelights", lambda: Ask("even", "Is the bridge\x00 safe?"))


@case(
    "voidlight-name-with-an-escape",
    InvalidInput,
    "Create a character: 'name' holds the control character '\\x1b' at 0 (not text: a terminal or another program would act on it): '\\x1b[2J\\x1b[31mVex'",
)
def _(folder: Path) -> Callable[[], object]:
    opened = JourneyBook.start("voidlight", game="voidlight", seed=5, folder=folder)
    return lambda: opened.play(Create("\x1b[2J\x1b[31mVex", "she/her", 2, 1, 1, 1))


@case(
    "voidlight-item-with-a-c1-control",
    InvalidInput,
    "Take an item: 'item' holds the control character '\\x9b' at 6 (not text: a terminal or another program would act on it): 'Cutter\\x9b31m'",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Take("Cutter\x9b31m"))


@case(
    "embers-note-with-a-bell",
    InvalidInput,
    "a journal entry holds the control character '\\x07' at 8 (not text: a terminal or another program would act on it): 'The fire\\x07 hisses.'",
)
def _(folder: Path) -> Callable[[], object]:
    return noting(folder, "embers", "The fire\x07 hisses.")


@case(
    "voidlight-question-with-a-lone-surrogate",
    InvalidInput,
    "Fortune Roll: 'question' holds a lone surrogate '\\ud83d' at 6 (not a character: a broken copy and paste?): 'Is it \\ud83d safe?'",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Fortune("even", question="Is it \ud83d safe?"))


@case(
    "embers-note-with-a-lone-surrogate",
    InvalidInput,
    "a journal entry holds a lone surrogate '\\udcff' at 4 (not a character: a broken copy and paste?): 'Ash \\udcff falls.'",
)
def _(folder: Path) -> Callable[[], object]:
    return noting(folder, "embers", "Ash \udcff falls.")


# --- the same through the panels' inputs ------------------------------------------------------


def shown(panel: Any, click: Callable[[], object]) -> Callable[[], object]:
    """Click; the error the panel shows is re-raised (after checking it is the one shown)."""

    def call() -> None:
        before = panel.messages.serial
        click()
        if panel.messages.serial != before and panel.messages.kind == "error":
            error = panel.messages.last_exception
            assert panel.messages.text == str(error)
            raise error

    return call


def voidlight_panel(folder: Path, begun: bool = True) -> Any:
    from widgets.voidlight import VoidlightPanel

    if begun:
        return VoidlightPanel(book(folder, "voidlight"))
    return VoidlightPanel(JourneyBook.start("voidlight", game="voidlight", seed=5, folder=folder))


def create(panel: Any, name: str = "Vex", **scores: int) -> Callable[[], object]:
    panel.name_input.value = name
    for attribute, value in scores.items():
        panel.attribute_inputs[attribute].value = value
    return shown(panel, panel.create_button.click)


@case(
    "voidlight-panel-attribute-of-9",
    InvalidInput,
    "spread exactly 5 points over the attributes: vigor=3, operate=1, insight=1, diplomacy=1 is 6",
)
def _(folder: Path) -> Callable[[], object]:
    panel = voidlight_panel(folder, begun=False)
    click = create(panel, vigor=9)  # the box holds 0 to 3: 9 becomes 3, and 3+1+1+1 is 6
    assert panel.attribute_inputs["vigor"].value == 3
    return click


@case(
    "voidlight-panel-name-with-a-nul",
    InvalidInput,
    "Create a character: 'name' holds the control character '\\x00' at 2 (not text: a terminal or another program would act on it): 'Ve\\x00x'",
)
def _(folder: Path) -> Callable[[], object]:
    return create(voidlight_panel(folder, begun=False), "Ve\x00x")


@case(
    "voidlight-panel-name-of-10-mb",
    InvalidInput,
    "Create a character: 'name' is at most 2000 characters, got 10000000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
)
def _(folder: Path) -> Callable[[], object]:
    return create(voidlight_panel(folder, begun=False), HUGE)


@case("voidlight-panel-negative-spend", IllegalAction, "you hold 30 Credits: you cannot spend 1000")
def _(folder: Path) -> Callable[[], object]:
    panel = voidlight_panel(folder)
    panel.gear.credits.value = -1000
    return shown(panel, panel.gear.buttons["credits"].click)


@case("voidlight-panel-pool-of-40-dice", traitlets.TraitError, "Invalid selection: value not found")
def _(folder: Path) -> Callable[[], object]:
    panel = voidlight_panel(folder)  # the pool sizes are a list (P2, P4, P6): 40 is not on it
    return lambda: setattr(panel.solo.pool_size, "value", 40)


@case(
    "firelights-panel-name-with-an-escape",
    InvalidInput,
    "Begin the journey: 'name' holds the control character '\\x1b' at 4 (not text: a terminal or another program would act on it): 'Wick\\x1b]0;pwned\\x07'",
)
def _(folder: Path) -> Callable[[], object]:
    from widgets.firelights import FirelightsPanel

    panel = FirelightsPanel(
        JourneyBook.start("firelights", game="firelights", seed=5, folder=folder)
    )
    panel.name_input.value = "Wick\x1b]0;pwned\x07"
    return shown(panel, panel.begin_button.click)


@case(
    "firelights-panel-slip-of-10-mb",
    InvalidInput,
    "Write on a slip: 'text' is at most 2000 characters, got 10000000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
)
def _(folder: Path) -> Callable[[], object]:
    from widgets.firelights import FirelightsPanel

    panel = FirelightsPanel(book(folder, "firelights"))
    panel.slip_input.value = HUGE
    return shown(panel, panel.slip_button.click)


@case(
    "firelights-panel-negative-spend",
    InvalidInput,
    "spend a whole number of treasures on Buy Information, 1 or more: -3 is not",
)
def _(folder: Path) -> Callable[[], object]:
    from widgets.firelights import FirelightsPanel

    panel = FirelightsPanel(treasured(folder))
    panel.bar.spend_input.value = -3
    return shown(panel, panel.bar.buttons["buy"].click)


@case(
    "embers-panel-card-path-with-a-nul",
    InvalidInput,
    "a card file's path holds no NUL, got 'my-\\x00cards.toml'",
)
def _(folder: Path) -> Callable[[], object]:
    from widgets.embers import EmbersPanel

    panel = EmbersPanel(JourneyBook.start("embers", game="embers", seed=5, folder=folder))
    panel.cards_input.value = "my-\x00cards.toml"
    return shown(panel, panel.begin_button.click)


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_value_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    call = bad.prepare(journeys)
    assert_refused_untouched(journeys, bad.error, bad.message, call)


def test_a_huge_value_is_quoted_only_in_part() -> None:
    """A refused 10 MB value makes a message of a line, not of 10 MB."""
    for bad in CASES:
        if "10-mb" in bad.id:
            assert len(bad.message) < 300, bad.id
