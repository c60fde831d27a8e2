"""Loose values and oversized text are a clear InvalidInput naming the
bad value (a short prefix of it) and the limit, and nothing is half-written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import digest, journeys

from rules.book import SEED_ENV, JourneyBook
from rules.book.journal import NOTE_LIMIT
from rules.errors import InvalidInput
from rules.firelights import Ask, Begin, Rest, Slip
from rules.firelights.actions import parse
from rules.record.action import NAME_LIMIT, PRONOUNS_LIMIT, TEXT_LIMIT
from rules.record.journey import short_repr
from rules.table.physical import parse_table_results

__all__ = ["journeys"]  # the folder fixture, autouse

HUGE = 10_000_000


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def _refused(call: Any) -> str:
    with pytest.raises(InvalidInput) as refused:
        call()
    assert type(refused.value) is InvalidInput
    return str(refused.value)


def test_a_retired_option_of_the_wrong_type_is_refused(journeys: Path) -> None:
    message = _refused(lambda: JourneyBook.start("wick", options={"push_on": "no"}))
    assert message == "the retired option 'push_on' was true or false, got 'no'"
    assert _files(journeys) == []


@pytest.mark.parametrize("seed", [2**70, -(2**63) - 1, 2**63])
def test_a_seed_a_journey_file_cannot_hold_is_refused(journeys: Path, seed: int) -> None:
    message = _refused(lambda: JourneyBook.start("wick", seed=seed))
    assert message == f"a seed is a whole number from -2**63 to 2**63 - 1, got {seed!r}"
    assert _files(journeys) == []


def test_a_huge_seed_from_the_environment_is_refused(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SEED_ENV, "99999999999999999999999")
    message = _refused(lambda: JourneyBook.start("wick"))
    assert message == (
        "a seed is a whole number from -2**63 to 2**63 - 1, got 99999999999999999999999"
    )
    assert _files(journeys) == []


def test_the_largest_seeds_still_start() -> None:
    for seed in (2**63 - 1, -(2**63)):
        JourneyBook.start(f"s{seed}", seed=seed).close()


def _book() -> JourneyBook[Any, Any]:
    book = JourneyBook.start("wick", game="firelights", seed=7)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    return book


def test_a_lone_surrogate_in_a_note_is_refused_and_nothing_is_written() -> None:
    book = _book()
    before = digest(book.path)
    message = _refused(lambda: book.note("the bridge \ud800 holds"))
    assert message == (
        "a journal entry holds a lone surrogate '\\ud800' at 11 (not a character: a broken copy "
        "and paste?): 'the bridge \\ud800 holds'"
    )
    assert digest(book.path) == before and book.notes() == []
    book.close()


def test_a_lone_surrogate_in_a_name_is_refused() -> None:
    message = _refused(lambda: Begin("W\udc00ck", "she/her", forceful=2, patient=1, quick=0))
    assert message == (
        "Begin the journey: 'name' holds a lone surrogate '\\udc00' at 1 (not a character: a "
        "broken copy and paste?): 'W\\udc00ck'"
    )
    message = _refused(lambda: parse({"kind": "slip", "text": "\ud83d"}))
    assert message.startswith("Write on a slip: 'text' holds a lone surrogate '\\ud83d' at 0")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\u0664 \u0665", "expected card codes (like 7H, QS, 10D) and die faces (1..6), got '٤'"),
        ("4 \u00b2", "expected card codes (like 7H, QS, 10D) and die faces (1..6), got '²'"),
        ("7H 4 ５", "expected card codes (like 7H, QS, 10D) and die faces (1..6), got '５'"),
    ],
)
def test_at_the_table_takes_only_ascii_die_faces(text: str, message: str) -> None:
    assert _refused(lambda: parse_table_results(text)) == message


@pytest.mark.parametrize(
    ("build", "what", "limit"),
    [
        (lambda n: Begin("x" * n, "she", 2, 1, 0), "Begin the journey: 'name'", NAME_LIMIT),
        (lambda n: Begin("W", "x" * n, 2, 1, 0), "Begin the journey: 'pronouns'", PRONOUNS_LIMIT),
        (lambda n: Slip("x" * n), "Write on a slip: 'text'", TEXT_LIMIT),
        (lambda n: Ask("even", "x" * n), "Ask the Oracle: 'question'", TEXT_LIMIT),
        (lambda n: Rest("x" * n), "Rest: 'entry'", TEXT_LIMIT),
    ],
)
def test_free_text_of_an_action_has_a_limit(build: Any, what: str, limit: int) -> None:
    build(limit)  # at the limit: accepted
    message = _refused(lambda: build(limit + 1))
    quoted = short_repr("x" * (limit + 1), 60)  # a short prefix of the value
    assert message == f"{what} is at most {limit} characters, got {limit + 1}: {quoted}"
    message = _refused(lambda: build(HUGE))
    assert len(message) < 200 and f"at most {limit} characters, got {HUGE}" in message


def test_a_note_has_a_limit_and_a_refused_one_writes_nothing() -> None:
    book = _book()
    book.note("x" * NOTE_LIMIT)
    before = digest(book.path)
    message = _refused(lambda: book.note("y" * HUGE))
    assert message == (
        f"a journal entry is at most {NOTE_LIMIT} characters, got {HUGE}: '{'y' * 56}..."
    )
    assert digest(book.path) == before and len(book.notes()) == 1
    book.close()


def test_a_huge_journey_name_is_quoted_only_in_part(journeys: Path) -> None:
    message = _refused(lambda: JourneyBook.start("x" * HUGE))
    assert len(message) < 300 and message.endswith("got '" + "x" * 116 + "...")
    assert _files(journeys) == []
