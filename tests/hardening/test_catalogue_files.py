"""Issue 12, the bad-input catalogue, files: "journey files (empty, truncated, garbage, another
program's SQLite, wrong game, future version, hand-edited rows and snapshots), Embers card files
(missing fields, wrong types, 11 or 13 fire cards, duplicate heroes, unknown locations, an
effect outside the vocabulary), table files" — each a test that checks the error's class and
message and that no file changed (every byte of every file in the folder, -wal and -shm too).

The Firelights journey cases are in tests/journal/test_store_bad_input.py and
tests/hardening/test_bad_actions.py; these are Voidlight's and Embers' journeys, card files read
through ``load`` and through a journey started on them, and d66 table files.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hardening_helpers import assert_refused_untouched, journeys

from rules.book import JourneyBook
from rules.embers import heuristic
from rules.embers.cards import SHIPPED, load
from rules.errors import InvalidInput
from rules.store import SCHEMA_VERSION, CorruptJourney, NewerJourney, NotAJourney, WrongGame
from rules.tables import load_file
from rules.voidlight import Create, Fortune

__all__ = ["journeys"]  # the folder fixture, autouse


class Case(NamedTuple):
    """One bad input: ``prepare(folder)`` makes the files and returns the call that is refused
    with exactly ``error`` and ``message`` (``<folder>`` standing for the folder)."""

    id: str
    error: type[Exception]
    message: str
    prepare: Callable[[Path], Callable[[], object]]


CASES: list[Case] = []


def case(id: str, error: type[Exception], message: str) -> Callable[[Any], Any]:
    def register(prepare: Callable[[Path], Callable[[], object]]) -> Any:
        CASES.append(Case(id, error, message, prepare))
        return prepare

    return register


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


def edit(path: Path, *statements: str) -> None:
    """Change a journey with plain SQLite, as a player with a database tool would."""
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()


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
    "'<folder>/vex.lantern' is not a SQLite file: it starts with b'\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08\\t\\n\\x0b\\x0c\\r\\x0e\\x0f'",
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
    "'<folder>/vex.lantern' has a damaged row 2: there is no Voidlight action of kind 'teleport': the kinds are advance, beam, check, choose, condition, cost, create, create_random, credits, damage, drop, elapse, encounter, end_encounter, enemy, fortune, hurt_enemy, inspire, long_rest, push, react, roll_encounter, roll_light, save, short_rest, swap_battery, take, timer, treat",
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
    "'<folder>/camp.lantern' does not replay: entry 2 of the record does not replay: Attack(location='NNE', target='Defender') is not allowed now (actions); allowed: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    path = embers(folder)
    edited_row(path, 2, body='{"kind":"attack","location":"NNE","target":"Defender"}')
    return opener(path, "embers")


@case(
    "embers-row-a-hero-not-in-the-set",
    CorruptJourney,
    "'<folder>/camp.lantern' does not replay: entry 2 of the record does not replay: Act(hero='Wizard', action='Guard', target='N') is not allowed now (actions); allowed: End actions, Use an action",
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
    folder.mkdir()
    cards = folder / "my-cards.toml"
    cards.write_bytes(SHIPPED.read_bytes())
    path = embers(folder, options={"cards": str(cards)})
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


# --- Embers card files -----------------------------------------------------------------------


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
    "fire card 'Pine Knot': 'mark' must be true or false (the '!' mark), got 'no'",
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
    "fire card 'Pine Knot': 'location' must be one of N, NE, E, SE, S, SW, W, NW, got 'north'",
)
def _(folder: Path) -> Callable[[], object]:
    return starting(card_file(folder, replaced('location = "N"', 'location = "north"')))


@case(
    "cards-event-outside-the-vocabulary",
    InvalidInput,
    "fire card 'Pine Knot', event: 'kind' must be one of calm, ap, flames, claws, reach, forage, got 'meteor'",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced('kind = "calm"', 'kind = "meteor"')))


@case(
    "cards-passive-outside-the-vocabulary",
    InvalidInput,
    "hero 'Defender', level 2 side, passive: 'kind' must be one of none, ignore_flames, ignore_claws, extra_ap, reach, got 'invisible'",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced('kind = "ignore_claws"', 'kind = "invisible"')))


@case(
    "cards-maneuver-outside-the-vocabulary",
    InvalidInput,
    "hero 'Defender', level 1 side: 'maneuver' must be one of step, swap, leap, got 'teleport'",
)
def _(folder: Path) -> Callable[[], object]:
    return loading(card_file(folder, replaced('maneuver = "step"', 'maneuver = "teleport"')))


@case(
    "cards-action-code-not-data",
    InvalidInput,
    "hero 'Defender', level 1 side, action 1: 'effect' must be one of defend, forage, rally, got \"__import__('os').system('x')\"",
)
def _(folder: Path) -> Callable[[], object]:
    text = replaced('effect = "defend"', "effect = \"__import__('os').system('x')\"")
    return loading(card_file(folder, text))


@case(
    "cards-not-utf8",
    InvalidInput,
    "the card file '<folder>/my-cards.toml' is not UTF-8 text (byte 3180), as TOML is",
)
def _(folder: Path) -> Callable[[], object]:
    data = replaced("Pine Knot", "Pine Kn\N{LATIN SMALL LETTER O WITH DIAERESIS}t")
    return loading(card_file(folder, data.encode("latin-1", "replace")))


@case(
    "cards-empty-file", InvalidInput, "<folder>/my-cards.toml: expected 5 [[hero]] tables, got None"
)
def _(folder: Path) -> Callable[[], object]:
    return starting(card_file(folder, ""))


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
    "cannot read the card file '<folder>/cards.toml': Is a directory",
)
def _(folder: Path) -> Callable[[], object]:
    (folder / "cards.toml").mkdir(parents=True)
    return starting(folder / "cards.toml")


# --- d66 table files ---------------------------------------------------------------------------

KEYS = [10 * tens + ones for tens in range(1, 7) for ones in range(1, 7)]


def table_file(folder: Path, text: str | bytes, header: str = "d66,entry") -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "mine.csv"
    if isinstance(text, str):
        text = (f"# my table\n{header}\n" + text).encode()
    path.write_bytes(text)
    return path


def rows(last: str = "66", cell: str = "a ruin") -> str:
    return "".join(f"{key},{cell if key == 34 else f'row {key}'}\n" for key in KEYS[:-1]) + (
        f"{last},row 66\n"
    )


def reading(path: Path) -> Callable[[], object]:
    return lambda: load_file(path)


@case(
    "table-missing-file",
    InvalidInput,
    "cannot read the table file '<folder>/mine.csv': No such file or directory",
)
def _(folder: Path) -> Callable[[], object]:
    folder.mkdir()
    return reading(folder / "mine.csv")


@case(
    "table-not-utf8",
    InvalidInput,
    "the table file '<folder>/mine.csv' is not UTF-8 text (byte 166): save it as UTF-8 CSV",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, ("d66,entry\n" + rows(cell="caf\xe9")).encode("latin-1")))


@case(
    "table-empty-file",
    InvalidInput,
    "table 'mine': the header must be 'd66,<column>,...', got None",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, b""))


@case(
    "table-key-in-another-script",
    InvalidInput,
    "table 'mine' line 38: the key must be a d66 value 11..66, got '٦٦'",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows("\N{ARABIC-INDIC DIGIT SIX}" * 2)))


@case(
    "table-key-with-an-underscore",
    InvalidInput,
    "table 'mine' line 38: the key must be a d66 value 11..66, got '6_6'",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows("6_6")))


@case(
    "table-key-with-a-space",
    InvalidInput,
    "table 'mine' line 38: the key must be a d66 value 11..66, got ' 66'",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows(" 66")))


@case(
    "table-two-columns-one-name",
    InvalidInput,
    "table 'mine': every column needs a name of its own, got ['d66', 'entry', 'entry']",
)
def _(folder: Path) -> Callable[[], object]:
    text = rows().replace(",row", ",x,row").replace(",a ruin", ",x,a ruin")
    return reading(table_file(folder, text, "d66,entry,entry"))


@case(
    "table-column-without-a-name",
    InvalidInput,
    "table 'mine': every column needs a name of its own, got ['d66', '']",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows(), "d66,"))


@case(
    "table-a-nul-in-an-entry",
    InvalidInput,
    "table 'mine' line 18: an entry holds the control character '\\x00' (not text): 'a ru\\x00in'",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows(cell="a ru\x00in")))


@case(
    "table-an-escape-in-an-entry",
    InvalidInput,
    "table 'mine' line 18: an entry holds the control character '\\x1b' (not text): '\\x1b[2Ja ruin'",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows(cell="\x1b[2Ja ruin")))


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_file_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    call = bad.prepare(journeys)
    assert_refused_untouched(journeys, bad.error, bad.message, call)


def test_a_table_saved_with_a_byte_order_mark_loads(journeys: Path) -> None:
    """A spreadsheet's "UTF-8 CSV" starts with a byte order mark: accepted, as the same table."""
    plain = load_file(table_file(journeys, rows()))
    marked = table_file(journeys, ("\ufeff# my table\nd66,entry\n" + rows()).encode())
    assert load_file(marked) == plain


def test_the_catalogue_covers_each_kind_of_file() -> None:
    kinds = {c.id.split("-")[0] for c in CASES}
    assert kinds == {"voidlight", "embers", "cards", "table"}
    assert len({c.id for c in CASES}) == len(CASES)
