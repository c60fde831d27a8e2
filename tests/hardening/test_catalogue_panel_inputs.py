"""The bad-input catalogue, values through the panels' inputs: an attribute of 9, a pool of 40
dice, a negative spend, names and slips with control characters or of 10 MB, a card path with a
NUL. Each case is refused with its exact class and message, and no byte of any file in the
journeys folder changes (the journey's -wal and -shm included).

A panel shows an error instead of raising it: a case clicks, then re-raises the exception the
panel's message area kept (``last_exception``), after checking that is the text it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import traitlets
from begun import HUGE, book, fresh, quoted_at_length, treasured
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.errors import IllegalAction, InvalidInput

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


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
    return VoidlightPanel(fresh(folder, "voidlight"))


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

    panel = FirelightsPanel(fresh(folder, "firelights"))
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

    panel = EmbersPanel(fresh(folder, "embers"))
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
    assert quoted_at_length(CASES) == []
