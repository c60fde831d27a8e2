"""The bad-input catalogue, d66 table files (read through ``rules.table.tables.load_file``):
a missing or non-UTF-8 file, keys that only look like d66 values, columns without a name of their
own, control characters and entries over the limits — each a test that checks the error's class
and message and that no file changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.errors import InvalidInput
from rules.table.tables import load_file

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


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


@case(
    "table-an-entry-over-the-text-limit",
    InvalidInput,
    "table 'mine' line 18: an entry is at most 2000 characters, got 2001",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows(cell="r" * 2001)))


@case(
    "table-an-entry-over-the-csv-modules-limit",
    InvalidInput,
    "table 'mine' line 18: an entry is at most 2000 characters, got one of over 131,072",
)
def _(folder: Path) -> Callable[[], object]:
    """Over 131,072 characters the csv module itself refused (a raw ``_csv.Error``)."""
    return reading(table_file(folder, rows(cell="r" * 131_073)))


@case(
    "table-a-header-over-the-csv-modules-limit",
    InvalidInput,
    "table 'mine' line 2: an entry is at most 2000 characters, got one of over 131,072",
)
def _(folder: Path) -> Callable[[], object]:
    return reading(table_file(folder, rows(), "d66," + "c" * 131_073))


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
