"""The d66 oracle tables: their keys, their rows against the sources, their licence, and parsing.

RULES-NOTES: "A d66 roll is two d6 read as tens and units: 11..16, 21..26, ..., 61..66, 36 rows,
each with probability 1/36."
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from rules.errors import InvalidInput
from rules.table.chance import Chance, Supplied
from rules.table.dice import D66
from rules.table.tables import TABLE_NAMES, load, load_file, parse

REPO = Path(__file__).resolve().parent.parent
#: Copies of the sources our data files were typed from (tests/sources/README.md says whence).
SOURCES = Path(__file__).resolve().parent / "sources"
REFERENCE = SOURCES / "firelights-d66.csv"
VOIDLIGHT_SEED = SOURCES / "voidlight-tables.txt"

# The d66 keys, written out rather than computed the way rules.table.dice computes them.
KEYS = [11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26, 31, 32, 33, 34, 35, 36]
KEYS += [41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55, 56, 61, 62, 63, 64, 65, 66]

ATTRIBUTION = (
    "This work is based on Firelights, product of Fari RPGs (https://farirpgs.com/), developed and "
    "authored by René-Pier Deshaies-Gélinas, and licensed for our use under the Creative Commons "
    "Attribution 4.0 License (https://creativecommons.org/licenses/by/4.0/)"
)

# The Voidlight seed text's three tables, by the heading above each, and our file for each.
VOIDLIGHT = {
    "Check Costs": ("voidlight-costs", ("cost",)),
    "Theme Tables": ("voidlight-themes", ("theme", "theme_2")),
    "Action Tables": ("voidlight-actions", ("action", "action_2")),
}


def assert_refused(error: type[Exception], fragment: str, call: Callable[[], object]) -> None:
    """``call()`` raises exactly ``error`` (no subclass); the message contains ``fragment``."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert fragment in str(caught.value)


def whitespace_collapsed(text: str) -> str:
    return " ".join(text.split())


def seed_tables(text: str) -> dict[str, dict[int, list[str]]]:
    """The tab-separated "NN<TAB>entry..." rows under each Voidlight table heading."""
    tables: dict[str, dict[int, list[str]]] = {}
    heading = None
    for line in text.splitlines():
        if line.strip() in VOIDLIGHT:
            heading = line.strip()
            tables[heading] = {}
        elif heading and (match := re.fullmatch(r"(\d\d)\t(.+)", line)):
            tables[heading][int(match[1])] = match[2].split("\t")
    return tables


# --- the shipped tables --------------------------------------------------------------------------


def test_the_shipped_tables_are_firelights_and_the_three_voidlight_tables() -> None:
    assert set(TABLE_NAMES) == {
        "firelights-d66",
        "voidlight-costs",
        "voidlight-themes",
        "voidlight-actions",
    }


@pytest.mark.parametrize("name", sorted(TABLE_NAMES))
def test_every_shipped_table_has_exactly_the_36_keys_11_to_66(name: str) -> None:
    """RULES-NOTES: "11..16, 21..26, ..., 61..66, 36 rows": no more, no fewer, in order."""
    table = load(name)
    assert list(table.rows) == KEYS
    for key in KEYS:
        assert all(table.lookup(key)[column].strip() for column in table.columns)


def test_the_firelights_table_is_the_reference_file_row_for_row() -> None:
    """The whole of the published table (tests/sources/firelights-d66.csv), read with csv."""
    with REFERENCE.open(encoding="utf-8", newline="") as file:
        reference = list(csv.DictReader(file))
    assert len(reference) == 36
    table = load("firelights-d66")
    assert table.columns == ("region", "theme", "event", "story")
    for row in reference:
        assert dict(table.lookup(int(row.pop("d66")))) == row


def test_the_firelights_table_spot_checks() -> None:
    table = load("firelights-d66")
    assert dict(table.lookup(11)) == {
        "region": "Grove",
        "theme": "Beauty",
        "event": "Lead",
        "story": "Soldier",
    }
    assert table.entry(66) == "Hollow"
    assert table.entry(34, "story") == "Nomad"


def test_the_firelights_data_file_carries_the_cc_by_attribution() -> None:
    """RULES-NOTES: the attribution "must appear wherever the tables or rule text are used
    (README and the data file)"."""
    assert ATTRIBUTION in whitespace_collapsed(load("firelights-d66").source)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert ATTRIBUTION in whitespace_collapsed(readme)


@pytest.mark.parametrize("heading", list(VOIDLIGHT))
def test_the_voidlight_tables_are_the_seed_texts_tables(heading: str) -> None:
    """Every row of the seed's Check Costs, Theme and Action tables. The costs are kept verbatim;
    the seed prints themes and actions in capitals, our files in title case."""
    tables = seed_tables(VOIDLIGHT_SEED.read_text(encoding="utf-8"))
    name, columns = VOIDLIGHT[heading]
    rows = tables[heading]
    assert list(rows) == KEYS
    table = load(name)
    assert table.columns == columns
    for key, entries in rows.items():
        ours = [table.entry(key, column) for column in columns]
        if name == "voidlight-costs":
            assert ours == entries
        else:
            assert [entry.upper() for entry in ours] == entries
            assert ours == [entry.title() for entry in entries]


def test_the_voidlight_tables_spot_checks() -> None:
    """Costs 11 "TAKE 1D-1 DMG" and 66 "-1 TO ALL ATTRIBUTES FOR 20 MINUTES"; theme 66
    Harvest / Decay; action 11 Sacrifice / Chart."""
    costs, themes, actions = (load(f"voidlight-{n}") for n in ("costs", "themes", "actions"))
    assert costs.entry(11) == "TAKE 1D-1 DMG"
    assert costs.entry(66) == "-1 TO ALL ATTRIBUTES FOR 20 MINUTES"
    assert costs.entry(21) == "ROLL 1D, A HIT STARTS AN ENCOUNTER POOL"  # a quoted comma
    assert (themes.entry(66, "theme"), themes.entry(66, "theme_2")) == ("Harvest", "Decay")
    assert (actions.entry(11, "action"), actions.entry(11, "action_2")) == ("Sacrifice", "Chart")


# --- rolling on a table --------------------------------------------------------------------------


def test_a_supplied_roll_of_34_gives_row_34() -> None:
    table = load("firelights-d66")
    roll, row = table.roll(Supplied([34]))
    assert roll == 34
    assert row == table.rows[34]
    assert row["region"] == "Glacier"


def test_a_seeded_roll_gives_its_row() -> None:
    table = load("voidlight-costs")
    roll, row = table.roll(Chance(seed=12))
    assert roll == Chance(seed=12).resolve(D66())
    assert row == table.rows[roll]


@pytest.mark.parametrize("name", sorted(TABLE_NAMES))
def test_each_row_of_a_table_comes_up_1_time_in_36(name: str) -> None:
    table = load(name)
    rolls = D66().distribution()
    assert set(rolls) == set(table.rows)
    assert all(rolls[key] == Fraction(1, 36) for key in table.rows)
    if name == "firelights-d66":  # 36 distinct regions: each region is 1/36 too
        regions = rolls.map(lambda key: table.entry(key, "region"))
        assert len(regions) == 36
        assert set(regions.values()) == {Fraction(1, 36)}


def test_looking_up_a_roll_that_is_not_d66_is_refused() -> None:
    table = load("firelights-d66")
    assert_refused(InvalidInput, "17", lambda: table.lookup(17))
    assert_refused(InvalidInput, "'colour'", lambda: table.entry(11, "colour"))


def test_an_unknown_table_is_refused_by_name() -> None:
    assert_refused(InvalidInput, "'firelights-d100'", lambda: load("firelights-d100"))


# --- parsing a table file ------------------------------------------------------------------------


def table_text(keys: Sequence[object], header: str = "d66,entry") -> str:
    return "# a comment\n" + header + "\n" + "".join(f"{key},row {key}\n" for key in keys)


def test_a_complete_table_parses_with_its_comment_as_source(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text(table_text(list(reversed(KEYS))), encoding="utf-8")
    table = load_file(path)
    assert table.name == "mine"
    assert list(table.rows) == KEYS
    assert table.entry(45) == "row 45"
    assert table.source == "a comment"


def test_a_table_missing_a_key_is_refused() -> None:
    assert_refused(InvalidInput, "[66]", lambda: parse(table_text(KEYS[:-1]), "t"))


def test_a_table_with_a_duplicate_key_is_refused() -> None:
    assert_refused(InvalidInput, "duplicate key 23", lambda: parse(table_text([*KEYS, 23]), "t"))


@pytest.mark.parametrize("key", ["17", "10", "67", "x", ""])
def test_a_table_with_a_key_that_is_not_d66_is_refused(key: str) -> None:
    assert_refused(InvalidInput, repr(key), lambda: parse(table_text([*KEYS[:-1], key]), "t"))


@pytest.mark.parametrize("header", ["roll,entry", "d66", "entry,d66"])
def test_a_table_with_a_bad_header_is_refused(header: str) -> None:
    assert_refused(
        InvalidInput, repr(header.split(",")), lambda: parse(table_text(KEYS, header), "t")
    )


def test_a_row_with_the_wrong_number_of_fields_is_refused() -> None:
    text = table_text(KEYS).replace("34,row 34", "34,row 34,extra")
    assert_refused(InvalidInput, repr(["34", "row 34", "extra"]), lambda: parse(text, "t"))
