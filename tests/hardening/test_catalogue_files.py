"""The bad-input catalogue, card and table files (and journey files edited
to another possible value, refused by opening or by the full check, rules.book.verify): "Embers card files (missing fields,
wrong types, 11 or 13 fire cards, duplicate heroes, unknown locations, an effect outside the
vocabulary), table files" — each a test that checks the error's class and message and that no
file changed. Card files are read through ``load`` and through a journey started on them
(refused before a journey file is made); tables through ``rules.table.tables.load_file``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.book import JourneyBook, opening
from rules.book.opening import SnapshotDistrusted
from rules.book.store.database import CorruptJourney
from rules.book.verify import verify
from rules.embers.cards import SHIPPED, load
from rules.errors import InvalidInput
from rules.table.tables import load_file
from rules.voidlight import Create, Credits, Fortune

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


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
    "the card file '<folder>/my-cards.toml' is not UTF-8 text (byte 3179): save it as UTF-8",
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
    "the card file '<folder>/cards.toml' is not a file (a folder, a device or a pipe): give the "
    "path of a saved file",
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
    "the table file '<folder>/mine.csv' is not UTF-8 text (byte 166): save it as UTF-8",
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


# --- journey files edited to another possible value ---------------------------------

EVERY = 8  # a snapshot every 8 entries: the journey below has two


def voidlight_journey(folder: Path) -> Path:
    """A closed Voidlight journey of 20 entries, credits gained and spent (snapshots after 8
    and 16: rules.book.opening.SNAPSHOT_EVERY is patched while it is played)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(opening, "SNAPSHOT_EVERY", EVERY)
        book = JourneyBook.start("vex", game="voidlight", seed=5, folder=folder)
        book.play(Create("Vex", "she/her", 2, 1, 1, 1))
        for n in range(19):
            book.play(Credits(5) if n % 2 else Fortune("even"))
        book.close()
    return book.path


def sql(path: Path, statement: str, *args: object) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(statement, args)
    db.close()


def verifying(path: Path) -> Callable[[], object]:
    return lambda: verify(path)


@case(
    "journey-row-before-the-snapshot-credits-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 5: it was changed after it was written (it no longer matches the journey's chain of hashes); restore the journey from a backup",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    sql(path, """UPDATE book SET body = replace(body, '"change":5', '"change":6') WHERE seq = 5""")
    return verifying(path)  # opening reads the rows after the snapshot: the full check, all


@case(
    "journey-row-after-the-snapshot-credits-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 19: it was changed after it was written (it no longer matches the journey's chain of hashes); restore the journey from a backup",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    sql(path, """UPDATE book SET body = replace(body, '"change":5', '"change":6') WHERE seq = 19""")
    return lambda: JourneyBook.open(path)


@case(
    "journey-snapshot-another-possible-state",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged snapshot (after 16 entries): it was changed after it was stored; opening the journey rebuilds it from the record",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    sql(
        path,
        "UPDATE snapshots SET state = replace(state, '\"credits\":', '\"credits\":1234') WHERE count = 16",
    )
    return verifying(path)


@case(
    "journey-snapshot-count-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged snapshot (after 14 entries): it was changed after it was stored; opening the journey rebuilds it from the record",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    sql(path, "UPDATE snapshots SET count = 14 WHERE count = 16")
    return verifying(path)


@case(
    "journey-options-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged journey record: its game, name, seed or options are not the ones the journey began with (options now {'hit_points': 7})",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    sql(path, """UPDATE journey SET options = '{"hit_points": 7}'""")
    return lambda: JourneyBook.open(path)


@case(
    "journey-chain-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 20: it was changed after it was written (it no longer matches the journey's chain of hashes); restore the journey from a backup",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    sql(path, "UPDATE book SET hash = ? WHERE seq = 20", bytes(16))
    return lambda: JourneyBook.open(path)


def test_an_edited_snapshot_or_count_opens_rebuilt_from_the_record_with_a_warning(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why: "the snapshot edited to another possible state ... the snapshot's count
    edited": opening rebuilds from the record, with the warning, never the edited state."""
    path = voidlight_journey(journeys)
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)
    with JourneyBook.open(path) as book:
        state = book.state
    for edit in ("UPDATE snapshots SET state = replace(state, '\"credits\":', "
                 "'\"credits\":1234') WHERE count = 16",
                 "UPDATE snapshots SET count = 14 WHERE count = 16"):  # fmt: skip
        sql(path, edit)
        with pytest.warns(SnapshotDistrusted, match="was changed after it was stored"):
            book = JourneyBook.open(path)
        assert book.state == state
        book.close()
        verify(path)  # rebuilt, sealed: whole again


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_file_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    assert_refused_untouched(journeys, bad.error, bad.message, bad.prepare(journeys))


def test_a_table_saved_with_a_byte_order_mark_loads(journeys: Path) -> None:
    """A spreadsheet's "UTF-8 CSV" starts with a byte order mark: accepted, as the same table."""
    plain = load_file(table_file(journeys, rows()))
    marked = table_file(journeys, ("\ufeff# my table\nd66,entry\n" + rows()).encode())
    assert load_file(marked) == plain


def test_the_catalogue_covers_both_kinds_of_file() -> None:
    kinds = {c.id.split("-")[0] for c in CASES}
    assert kinds == {"cards", "table", "journey"}
    assert len({c.id for c in CASES}) == len(CASES)
