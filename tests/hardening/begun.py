"""Journeys begun for the bad-value catalogue (test_catalogue_ranges.py,
test_catalogue_free_text.py, test_catalogue_panel_inputs.py): each case starts from one of these
and plays or types the one bad value."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardening_helpers import Case

from rules.book import JourneyBook
from rules.embers import heuristic
from rules.firelights import Begin, Search
from rules.voidlight import Create

#: A value of 10 million characters: refused, and quoted in the error only in part.
HUGE = "x" * 10_000_000


def fresh(folder: Path, game: str) -> JourneyBook[Any, Any]:
    """A journey of ``game`` just started, nothing played (seed 5)."""
    return JourneyBook.start(game, game=game, seed=5, folder=folder)


def book(folder: Path, game: str) -> JourneyBook[Any, Any]:
    """An open journey of ``game`` begun (Voidlight: Vex with 30 Credits; Embers: setup)."""
    opened = fresh(folder, game)
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


def starting_with(folder: Path, game: str, action: Callable[[], Any]) -> Callable[[], object]:
    """The action built and played first, on a journey of ``game`` just started."""
    opened = fresh(folder, game)
    return lambda: opened.play(action())


def noting(folder: Path, game: str, text: str) -> Callable[[], object]:
    opened = book(folder, game)
    return lambda: opened.note(text)


def quoted_at_length(cases: list[Case]) -> list[str]:
    """The ids of the cases that refuse a 10 MB value (``10-mb`` in the id) with a message of
    300 characters or more: a refused value is quoted only in part, so the message is a line."""
    huge = [bad for bad in cases if "10-mb" in bad.id]
    assert huge, "no case here refuses a 10 MB value"
    return [bad.id for bad in huge if len(bad.message) >= 300]


def treasured(folder: Path) -> JourneyBook[Any, Any]:
    """A Firelights journey holding 2 treasures (a Search that rolled 6, 6)."""
    opened = book(folder, "firelights")
    opened.play(Search("forceful"), [["9H", "KS"], [6, 6]])
    assert opened.state.treasures == 2
    return opened
