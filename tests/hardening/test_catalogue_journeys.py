"""The bad-input catalogue, journey files: "journey files (empty, truncated, garbage,
another program's SQLite, wrong game, future version, hand-edited rows and snapshots)" — each a
test that checks the error's class and message and that no file changed (every byte of every
file in the folder, -wal and -shm too).

The Firelights journey cases are in tests/journal/test_store_bad_input.py and
tests/hardening/test_bad_actions.py; these are Voidlight's and Embers' (their edited snapshots:
test_catalogue_snapshots.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import Case, assert_refused_untouched, edit, journeys, registry

from rules.book import JourneyBook
from rules.book.store.database import (
    SCHEMA_VERSION,
    CorruptJourney,
    NewerJourney,
    NotAJourney,
    WrongGame,
)
from rules.embers import heuristic
from rules.embers.cards import SHIPPED
from rules.voidlight import Create, Fortune

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


# --- journeys of Voidlight and Embers --------------------------------------------------------


def voidlight(folder: Path, name: str = "vex") -> Path:
    """A closed Voidlight journey: a character created, three Oracle questions."""
    book = JourneyBook.start(name, game="voidlight", seed=5, folder=folder)
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    for _ in range(3):
        book.play(Fortune("even"))
    book.close()
    return book.path


def embers(folder: Path, name: str = "camp", options: dict[str, Any] | None = None) -> Path:
    """A closed Embers journey: setup and the heuristic player's first 6 actions."""
    book = JourneyBook.start(name, game="embers", seed=5, folder=folder, options=options)
    for _ in range(7):
        book.play(heuristic(book.state))
    book.close()
    return book.path


def opener(path: Path, game: str) -> Callable[[], object]:
    return lambda: JourneyBook.open(path, game=game)


@case(
    "voidlight-journey-empty",
    NotAJourney,
    "'<folder>/vex.lantern' is empty (0 bytes): not a journey file",
)
def _(folder: Path) -> Callable[[], object]:
    folder.mkdir()
    (folder / "vex.lantern").write_bytes(b"")
    return lambda: JourneyBook.open_or_start("vex", game="voidlight", folder=folder)


@case(
    "embers-journey-truncated",
    CorruptJourney,
    "'<folder>/camp.lantern' is truncated: 8292 bytes is not a whole number of pages",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    data = path.read_bytes()
    assert len(data) > 8292
    path.write_bytes(data[:8292])  # two pages of 4096 and a bit
    return opener(path, "embers")


@case(
    "voidlight-journey-garbage",
    NotAJourney,
    "'<folder>/vex.lantern' is not a SQLite file (it lacks SQLite's header): not a journey",
)
def _(folder: Path) -> Callable[[], object]:
    folder.mkdir()
    path = folder / "vex.lantern"
    path.write_bytes(bytes(range(256)) * 40)
    return opener(path, "voidlight")


@case(
    "embers-journey-another-programs-sqlite",
    NotAJourney,
    "'<folder>/camp.lantern' is a SQLite database of another program (application_id 0x00000000), not a Lantern journey (0x4c414e54)",
)
def _(folder: Path) -> Callable[[], object]:
    folder.mkdir()
    edit(folder / "camp.lantern", "CREATE TABLE scores (who TEXT, points INTEGER)")
    return lambda: JourneyBook.open_or_start("camp", game="embers", folder=folder)


@case(
    "voidlight-journey-opened-as-embers",
    WrongGame,
    "'<folder>/vex.lantern' is a 'voidlight' journey, not 'embers'",
)
def _(folder: Path) -> Callable[[], object]:
    return opener(voidlight(folder), "embers")


@case(
    "embers-journey-opened-as-firelights",
    WrongGame,
    "'<folder>/firelights.lantern' is a 'embers' journey, not 'firelights'",
)
def _(folder: Path) -> Callable[[], object]:
    embers(folder, "firelights")  # the Firelights notebook's one line finds it by its name
    return lambda: JourneyBook.open_or_start(game="firelights", folder=folder)


@case(
    "embers-journey-future-version",
    NewerJourney,
    f"'<folder>/camp.lantern' has journey schema version {SCHEMA_VERSION + 1}, written by a newer "
    f"Lantern; this one reads versions 1 to {SCHEMA_VERSION}: upgrade Lantern to open it",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    newer = SCHEMA_VERSION + 1
    edit(
        path,
        f"PRAGMA user_version = {newer}",
        f"INSERT INTO schema_version VALUES ({newer}, 'later')",
    )
    return opener(path, "embers")


def edited_row(path: Path, seq: int, body: str | None = None, chance: str | None = None) -> None:
    changes = [f"{col} = '{value}'" for col, value in (("body", body), ("chance", chance)) if value]
    edit(path, f"UPDATE book SET {', '.join(changes)} WHERE seq = {seq}")


@case(
    "voidlight-row-attribute-of-9",
    CorruptJourney,
    "'<folder>/vex.lantern' does not replay: entry 1 of the record does not replay: Vigor at creation is a whole number from 0 to 3, not 9",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight(folder)
    body = '{"kind":"create","name":"Vex","pronouns":"","vigor":9,"operate":0,"insight":0,"diplomacy":0}'
    edited_row(path, 1, body=body)
    return opener(path, "voidlight")


@case(
    "voidlight-row-unknown-kind",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 2: there is no Voidlight action of kind 'teleport': the kinds are advance, beam, check, choose, condition, cost, create, create_random, credits, damage, drop, elapse, encounter, end_encounter, enemy, fortune, free_seat, hurt_enemy, inspire, join, leave, long_rest, push, react, roll_encounter, roll_light, save, short_rest, skip_cost, swap_battery, take, take_seat, timer, treat",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight(folder)
    edited_row(path, 2, body='{"kind":"teleport","to":"the bridge"}')
    return opener(path, "voidlight")


@case(
    "voidlight-row-question-not-text",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 3: Fortune Roll: 'question' is a str, got 5",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight(folder)
    edited_row(path, 3, body='{"kind":"fortune","likelihood":"even","question":5}')
    return opener(path, "voidlight")


@case(
    "voidlight-row-a-die-of-7",
    CorruptJourney,
    "'<folder>/vex.lantern' does not replay: entry 2 of the record does not replay: Fortune Roll needs 2 dice; you typed 0 — expected 2 d6 faces, got [7]",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight(folder)
    edited_row(path, 2, chance="[[7]]")
    return opener(path, "voidlight")


@case(
    "embers-row-unknown-location",
    CorruptJourney,
    "'<folder>/camp.lantern' does not replay: entry 2 of the record does not replay: Attack(location='NNE', target='Defender') is not allowed now: monsters attack only once the actions are over; now: the heroes act; allowed now: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    edited_row(path, 2, body='{"kind":"attack","location":"NNE","target":"Defender"}')
    return opener(path, "embers")


@case(
    "embers-row-a-hero-not-in-the-set",
    CorruptJourney,
    "'<folder>/camp.lantern' does not replay: entry 2 of the record does not replay: Act(hero='Wizard', action='Guard', target='N') is not allowed now: there is no hero called 'Wizard' (Defender, Firetender, Herbalist, Leader, Scout); allowed now: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    edited_row(path, 2, body='{"kind":"act","hero":"Wizard","action":"Guard","target":"N"}')
    return opener(path, "embers")


@case(
    "embers-row-a-card-not-in-the-deck",
    CorruptJourney,
    "'<folder>/camp.lantern' does not replay: entry 1 of the record does not replay: expected one of ['Birch Bark', 'Cedar Chip', 'Dead Reed', 'Dry Moss', 'Fern Frond', 'Hemlock', 'Oak Log', 'Old Stump', 'Pine Knot', 'Resin Drop', 'Thorn Twig', 'Wet Branch'], got 'Dragon'",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    edited_row(path, 1, chance='["Dragon"]')
    return opener(path, "embers")


@case(
    "embers-options-unknown-difficulty",
    CorruptJourney,
    "'<folder>/camp.lantern' does not replay: the difficulty is one of recruit, warrior, veteran, not 'nightmare'",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    edit(path, """UPDATE journey SET options = '{"difficulty": "nightmare"}'""")
    return opener(path, "embers")


@case(
    "embers-options-card-file-gone",
    CorruptJourney,
    "'<folder>/camp.lantern' does not replay: cannot read the card file '<folder>/my-cards.toml': No such file or directory",
)
def _(folder: Path) -> Callable[[], object]:
    """A record from before journeys kept their card set names only the file's path."""
    folder.mkdir()
    cards = folder / "my-cards.toml"
    cards.write_bytes(SHIPPED.read_bytes())
    path = embers(folder)
    edit(path, f"UPDATE journey SET options = '{json.dumps({'cards': str(cards)})}'")
    cards.unlink()
    return opener(path, "embers")


@case(
    "voidlight-options-interval-negative",
    CorruptJourney,
    "'<folder>/vex.lantern' does not replay: the 'interval' option (minutes) is a whole number from 1 to 240, not -5",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight(folder)
    edit(path, """UPDATE journey SET options = '{"interval": -5}'""")
    return opener(path, "voidlight")


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_journey_file_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    assert_refused_untouched(journeys, bad.error, bad.message, bad.prepare(journeys))
