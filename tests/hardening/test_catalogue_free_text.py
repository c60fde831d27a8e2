"""The bad-input catalogue, free text through the rules' actions and the journal: "huge, empty,
control characters, lone surrogates". Each case is refused with its exact class and message,
and no byte of any file in the journeys folder changes (the journey's -wal and -shm included).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from begun import HUGE, noting, playing, quoted_at_length, starting_with
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.errors import InvalidInput
from rules.firelights import Ask
from rules.voidlight import Create, Fortune, StartEncounter, Take

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


@case(
    "voidlight-name-of-10-mb",
    InvalidInput,
    "Create a character: 'name' is at most 2000 characters, got 10000000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...",
)
def _(folder: Path) -> Callable[[], object]:
    return starting_with(folder, "voidlight", lambda: Create(HUGE, "she/her", 2, 1, 1, 1))


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
    return starting_with(
        folder, "voidlight", lambda: Create("\x1b[2J\x1b[31mVex", "she/her", 2, 1, 1, 1)
    )


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


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_value_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    call = bad.prepare(journeys)
    assert_refused_untouched(journeys, bad.error, bad.message, call)


def test_a_huge_value_is_quoted_only_in_part() -> None:
    """A refused 10 MB value makes a message of a line, not of 10 MB."""
    assert quoted_at_length(CASES) == []
