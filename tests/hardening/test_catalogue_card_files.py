"""The bad-input catalogue, Embers card files: "missing fields, wrong types, 11 or 13 fire
cards, duplicate heroes, unknown locations, an effect outside the vocabulary" — each a test that
checks the error's class and message and that no file changed. A card file is read through
``load`` and through a journey started on it (refused before a journey file is made).

The table files are in test_catalogue_table_files.py, journey files edited to another possible
value in test_catalogue_edited_journeys.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.book import JourneyBook
from rules.embers.cards import SHIPPED, load
from rules.errors import InvalidInput

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


def card_file(folder: Path, text: str | bytes, name: str = "my-cards.toml") -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def shipped_text() -> str:
    return SHIPPED.read_text(encoding="utf-8")


def replaced(old: str, new: str, count: int = 1) -> str:
    text = shipped_text()
    assert old in text
    return text.replace(old, new, count)


def fire_blocks() -> tuple[str, list[str]]:
    head, *blocks = shipped_text().split("[[fire]]")
    return head, blocks


def starting(path: Path) -> Callable[[], object]:
    """A journey started on the card file: refused before a journey file is made."""
    return lambda: JourneyBook.start("camp", game="embers", options={"cards": str(path)})


def loading(path: Path) -> Callable[[], object]:
    return lambda: load(path)


@case(
    "cards-missing-field",
    InvalidInput,
    "fire card 'Pine Knot', monster: the field 'moves' is missing (a whole number from 0 to 7)",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced(", moves = 2 }", " }")))


@case(
    "cards-health-not-whole",
    InvalidInput,
    "hero 'Defender', level 1 side: 'health' must be a whole number from 1 to 9, got 2.5",
)
def _(folder: Path) -> Callable[[], object]:
    return starting(card_file(folder, replaced("health = 2", "health = 2.5")))


@case(
    "cards-mark-not-true-or-false",
    InvalidInput,
    "fire card 'Pine Knot': 'mark' must be true or false (the '!' mark), got text of 2 characters",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced("mark = false", 'mark = "no"')))


@case(
    "cards-11-fire-cards",
    InvalidInput,
    "<folder>/my-cards.toml: expected 12 [[fire]] tables, got 11",
)
def _(folder: Path) -> Callable[[], object]:
    head, blocks = fire_blocks()
    return loading(card_file(folder, "[[fire]]".join([head, *blocks[:11]])))


@case(
    "cards-13-fire-cards",
    InvalidInput,
    "<folder>/my-cards.toml: expected 12 [[fire]] tables, got 13",
)
def _(folder: Path) -> Callable[[], object]:
    head, blocks = fire_blocks()
    extra = blocks[0].replace('name = "Pine Knot"', 'name = "Yew"')
    return starting(card_file(folder, "[[fire]]".join([head, *blocks, extra])))


@case(
    "cards-duplicate-heroes",
    InvalidInput,
    "<folder>/my-cards.toml: every hero needs its own name, ['Defender'] appear twice",
)
def _(folder: Path) -> Callable[[], object]:
    text = replaced('[[hero]]\nname = "Firetender"', '[[hero]]\nname = "Defender"')
    return loading(card_file(folder, text))


@case(
    "cards-unknown-location",
    InvalidInput,
    "fire card 'Pine Knot': 'location' must be one of N, NE, E, SE, S, SW, W, NW, got text of 5 characters",
)
def _(folder: Path) -> Callable[[], object]:
    return starting(card_file(folder, replaced('location = "N"', 'location = "north"')))


@case(
    "cards-event-outside-the-vocabulary",
    InvalidInput,
    "fire card 'Pine Knot', event: 'kind' must be one of calm, ap, flames, claws, reach, forage, got text of 6 characters",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced('kind = "calm"', 'kind = "meteor"')))


@case(
    "cards-passive-outside-the-vocabulary",
    InvalidInput,
    "hero 'Defender', level 2 side, passive: 'kind' must be one of none, ignore_flames, ignore_claws, extra_ap, reach, got text of 9 characters",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced('kind = "ignore_claws"', 'kind = "invisible"')))


@case(
    "cards-maneuver-outside-the-vocabulary",
    InvalidInput,
    "hero 'Defender', level 1 side: 'maneuver' must be one of step, swap, leap, got text of 8 characters",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced('maneuver = "step"', 'maneuver = "teleport"')))


@case(
    "cards-action-code-not-data",
    InvalidInput,
    "hero 'Defender', level 1 side, action 1: 'effect' must be one of defend, forage, rally, got text of 28 characters",
)
def _(folder: Path) -> Callable[[], object]:
    text = replaced('effect = "defend"', "effect = \"__import__('os').system('x')\"")
    return loading(card_file(folder, text))


@case(
    "cards-not-utf8",
    InvalidInput,
    "the card file '<folder>/my-cards.toml' is not UTF-8 text (byte 3179): save it as UTF-8",
)
def _(folder: Path) -> Callable[[], object]:
    data = replaced("Pine Knot", "Pine Kn\N{LATIN SMALL LETTER O WITH DIAERESIS}t")
    return loading(card_file(folder, data.encode("latin-1", "replace")))


@case(
    "cards-empty-file",
    InvalidInput,
    "<folder>/my-cards.toml: expected 5 [[hero]] tables, got nothing",
)
def _(folder: Path) -> Callable[[], object]:
    return starting(card_file(folder, ""))


@case(
    "cards-path-to-another-programs-secrets",
    InvalidInput,
    "<folder>/my-cards.toml: expected 5 [[hero]] tables, got text of 13 characters",
)
def _(folder: Path) -> Callable[[], object]:
    """A card path pointing at a file of secrets: the error names the file and what it
    expected, never a value of it (it quoted ``got 'TOPSECRET-abc'``)."""
    return starting(card_file(folder, 'hero = "TOPSECRET-abc"\nname = "TOPSECRET-def"\n'))


@case(
    "cards-missing-file",
    InvalidInput,
    "cannot read the card file '<folder>/nowhere.toml': No such file or directory",
)
def _(folder: Path) -> Callable[[], object]:
    folder.mkdir()
    return loading(folder / "nowhere.toml")


@case(
    "cards-a-folder",
    InvalidInput,
    "the card file '<folder>/cards.toml' is not a file (a folder, a device or a pipe): give the "
    "path of a saved file",
)
def _(folder: Path) -> Callable[[], object]:
    (folder / "cards.toml").mkdir(parents=True)
    return starting(folder / "cards.toml")


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_file_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    assert_refused_untouched(journeys, bad.error, bad.message, bad.prepare(journeys))
