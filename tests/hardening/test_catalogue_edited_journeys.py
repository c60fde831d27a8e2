"""The bad-input catalogue, journey files edited to another possible value: a row before or
after the last snapshot, the snapshot's state or count, the journey's options, the chain of
hashes. Each is refused by opening or by the full check (``rules.book.verify``) with its exact
class and message, and no file changed; an edited snapshot alone is not refused but rebuilt from
the record, with a warning.

Journey files damaged in other ways (empty, truncated, garbage, another program's SQLite, wrong
game, future version) are in test_catalogue_journeys.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hardening_helpers import Case, assert_refused_untouched, edit, journeys, registry

from rules.book import JourneyBook, opening
from rules.book.opening import SnapshotDistrusted
from rules.book.store.database import CorruptJourney
from rules.book.verify import verify
from rules.voidlight import Create, Credits, Fortune

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


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


def verifying(path: Path) -> Callable[[], object]:
    return lambda: verify(path)


@case(
    "journey-row-before-the-snapshot-credits-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 5: it was changed after it was written (it no longer matches the journey's chain of hashes); restore the journey from a backup",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    edit(path, """UPDATE book SET body = replace(body, '"change":5', '"change":6') WHERE seq = 5""")
    return verifying(path)  # opening reads the rows after the snapshot: the full check, all


@case(
    "journey-row-after-the-snapshot-credits-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 19: it was changed after it was written (it no longer matches the journey's chain of hashes); restore the journey from a backup",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    edit(
        path, """UPDATE book SET body = replace(body, '"change":5', '"change":6') WHERE seq = 19"""
    )
    return lambda: JourneyBook.open(path)


@case(
    "journey-snapshot-another-possible-state",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged snapshot (after 16 entries): it was changed after it was stored; opening the journey rebuilds it from the record",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    edit(
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
    edit(path, "UPDATE snapshots SET count = 14 WHERE count = 16")
    return verifying(path)


@case(
    "journey-options-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged journey record: its game, name, seed or options are not the ones the journey began with (options now {'hit_points': 7})",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    edit(path, """UPDATE journey SET options = '{"hit_points": 7}'""")
    return lambda: JourneyBook.open(path)


@case(
    "journey-chain-edited",
    CorruptJourney,
    "'<folder>/vex.lantern' has a damaged row 20: it was changed after it was written (it no longer matches the journey's chain of hashes); restore the journey from a backup",
)
def _(folder: Path) -> Callable[[], object]:
    path = voidlight_journey(folder)
    edit(path, "UPDATE book SET hash = zeroblob(16) WHERE seq = 20")
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
    for change in ("UPDATE snapshots SET state = replace(state, '\"credits\":', "
                 "'\"credits\":1234') WHERE count = 16",
                 "UPDATE snapshots SET count = 14 WHERE count = 16"):  # fmt: skip
        edit(path, change)
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
