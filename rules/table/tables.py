"""d66 oracle tables, loaded from the CSV files in ``rules/data`` (their one home).

A table file has comment lines starting with ``#`` (source and licence), a header ``d66,<column>,
...``, and exactly the 36 rows 11..66. A table may have several columns (Firelights: region,
theme, event, story); a lookup returns the whole row, and one column is a key away.

>>> regions = load("firelights-d66")
>>> regions.lookup(11)["region"]
'Grove'
>>> sorted(TABLE_NAMES)[:2]
['firelights-d66', 'voidlight-actions']
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.errors import TEXT_LIMIT, InvalidInput, read_text, short_repr
from rules.table.chance import Source
from rules.table.dice import D66, D66_VALUES, d66_value

__all__ = ["TABLE_NAMES", "D66Table", "load", "load_file", "parse"]

# The Reference shows no value (``hide-value``): it would be a path on the machine that built it.
#: The folder of the shipped tables and card sets (``rules/data``).
#:
#: :meta hide-value:
DATA = resources.files("rules") / "data"
#: Characters no table entry holds: C0 controls but tab, DEL and C1 controls (a NUL, an escape).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: The names of the shipped tables (``rules/data/<name>.csv``), as :func:`load` takes them.
TABLE_NAMES = frozenset(
    entry.name.removesuffix(".csv") for entry in DATA.iterdir() if entry.name.endswith(".csv")
)


@dataclass(frozen=True)
class D66Table:
    """A d66 table: ``rows[roll]`` maps each column name to its entry."""

    #: The table's name, as a game asks for it.
    name: str
    #: Its columns' names, in order.
    columns: tuple[str, ...]
    #: Each roll (11 to 66) and its entry in each column.
    rows: Mapping[int, Mapping[str, str]]
    #: Where the table was read from (a file), for an error to name.
    source: str = ""

    def lookup(self, roll: int) -> Mapping[str, str]:
        """The row for a d66 ``roll`` (11..66)."""
        return self.rows[d66_value(roll)]

    def entry(self, roll: int, column: str | None = None) -> str:
        """One entry: the named column, or the first one."""
        column = column or self.columns[0]
        if column not in self.columns:
            raise InvalidInput(
                f"table {self.name!r} has columns {list(self.columns)}, got {column!r}"
            )
        return self.lookup(roll)[column]

    def roll(self, chance: Source) -> tuple[int, Mapping[str, str]]:
        """Roll d66 through ``chance``; the roll and its row."""
        value = chance.resolve(D66())
        return value, self.lookup(value)


def parse(text: str, name: str) -> D66Table:
    """A table from the text of a CSV file; errors name the file and the bad key."""
    source = "\n".join(
        line.lstrip("# ").rstrip() for line in text.splitlines() if line.startswith("#")
    )
    lines = ("" if line.startswith("#") else line for line in text.splitlines())
    reader = csv.reader(io.StringIO("\n".join(lines)))  # blank lines kept: errors name the line
    records = _records(reader, name)
    header = next(records, None)
    if not header or header[0] != "d66" or len(header) < 2:
        raise InvalidInput(
            f"table {name!r}: the header must be 'd66,<column>,...', got {short_repr(header)}"
        )
    columns = tuple(header[1:])
    if "" in columns or len(set(columns)) != len(columns):  # a lookup goes by column name
        raise InvalidInput(
            f"table {name!r}: every column needs a name of its own, got {short_repr(header)}"
        )
    rows: dict[int, Mapping[str, str]] = {}
    for record in records:
        number = reader.line_num
        if len(record) != len(header):
            raise InvalidInput(
                f"table {name!r} line {number}: expected {len(header)} fields, got {short_repr(record)}"
            )
        try:  # two ASCII digits: int() would take ' 34', '3_4' and other scripts' digits
            if not (record[0].isascii() and record[0].isdigit()):
                raise ValueError(record[0])
            key = d66_value(int(record[0]))
        except (ValueError, InvalidInput):
            raise InvalidInput(
                f"table {name!r} line {number}: the key must be a d66 value 11..66, "
                f"got {short_repr(record[0], 40)}"
            ) from None
        for cell in record[1:]:
            if len(cell) > TEXT_LIMIT:  # the limit of every player's text
                raise InvalidInput(
                    f"table {name!r} line {number}: an entry is at most {TEXT_LIMIT} characters, "
                    f"got {len(cell)}"
                )
            if found := _CONTROL.search(cell):
                raise InvalidInput(
                    f"table {name!r} line {number}: an entry holds the control character "
                    f"{found.group()!r} (not text): {short_repr(cell, 60)}"
                )
        if key in rows:
            raise InvalidInput(f"table {name!r}: duplicate key {key!r}")
        rows[key] = MappingProxyType(dict(zip(columns, record[1:], strict=True)))
    missing = [key for key in D66_VALUES if key not in rows]
    if missing:
        raise InvalidInput(f"table {name!r}: missing keys {missing!r}; a d66 table has 11..66")
    return D66Table(name, columns, MappingProxyType(dict(sorted(rows.items()))), source)


def _records(reader: Any, name: str) -> Iterator[list[str]]:
    """The reader's records but blank lines; what the csv module cannot read (an entry over its
    own limit of 131,072 characters) is an :class:`InvalidInput` naming the line."""
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            line = reader.line_num
            if "field larger than field limit" in str(error):
                raise InvalidInput(
                    f"table {name!r} line {line}: an entry is at most {TEXT_LIMIT} characters, "
                    f"got one of over {csv.field_size_limit():,}"
                ) from None
            raise InvalidInput(f"table {name!r} line {line}: not CSV text ({error})") from None
        if record:
            yield record


@cache
def load(name: str) -> D66Table:
    """A shipped table by name (see :data:`TABLE_NAMES`)."""
    if name not in TABLE_NAMES:
        raise InvalidInput(f"no table named {name!r}; the tables are {sorted(TABLE_NAMES)}")
    return parse((DATA / f"{name}.csv").read_text(encoding="utf-8"), name)


def load_file(path: str | Path) -> D66Table:
    """A table from a CSV file of the player's own, in the same format (UTF-8; the byte order
    mark a spreadsheet may write first is allowed)."""
    text = read_text(path, "table file", encoding="utf-8-sig")
    return parse(text, Path(path).stem)
