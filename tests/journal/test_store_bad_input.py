"""Bad input, nothing lost: a file Lantern cannot open is refused by name and left byte-identical.

Why: "A journey from a newer schema version, a truncated or corrupted file, a file of another
game, a file that is not SQLite: a clear error that names what is wrong, and the file is left
exactly as it was." Each case checks the exact error class, that the message names the file and
the problem, that the file's SHA-256 is unchanged, and that no -wal/-shm/-journal file appeared.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from journal_helpers import digest, listing, played, step

from rules.book import JourneyBook, journey_path
from rules.book.store.database import (
    SCHEMA_VERSION,
    CorruptJourney,
    JourneyExists,
    JourneyFileError,
    JourneyNotFound,
    NewerJourney,
    NotAJourney,
    Row,
    Store,
    WrongGame,
    inspect,
)
from rules.errors import IllegalAction, InvalidInput
from rules.record.games import GAMES


def a_journey(actions: int = 200) -> Path:
    """A closed journey file of ``actions`` actions (several pages), in the test's folder."""
    book = played("wick", actions)
    path = book.path
    book.close()
    return path


def edit(path: Path, *statements: str) -> None:
    """Change a journey with plain SQLite (as another program or a newer Lantern would)."""
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()
    assert not path.with_name(path.name + "-wal").exists()


def assert_refused_untouched(
    path: Path, error: type[Exception], fragments: list[str], call: Callable[[], object]
) -> None:
    """``call()`` raises exactly ``error`` naming the file and each fragment; nothing changed."""
    before, files = digest(path), listing(path.parent)
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    message = str(caught.value)
    assert repr(str(path)) in message
    for fragment in fragments:
        assert fragment in message
    assert digest(path) == before
    assert listing(path.parent) == files


# --- the cases the sentence above names -------------------------------------------------------


def test_a_journey_from_a_newer_schema_is_refused_by_version(journeys: Path) -> None:
    path = a_journey()
    newer = SCHEMA_VERSION + 1
    edit(
        path,
        f"PRAGMA user_version = {newer}",
        f"INSERT INTO schema_version VALUES ({newer}, 'later')",
    )
    for call in (lambda: JourneyBook.open(path), lambda: JourneyBook.open_or_start("wick")):
        assert_refused_untouched(
            path, NewerJourney, [f"schema version {newer}", "newer Lantern", "upgrade"], call
        )


@pytest.mark.parametrize(
    ("cut", "fragment"),
    [
        (lambda size, page: 5 * page, "its header counts {pages} pages"),
        (lambda size, page: size - page, "its header counts {pages} pages"),
        (lambda size, page: size // 2 + 100, "not a whole number of pages"),
        (lambda size, page: 60, "shorter than SQLite's header"),
    ],
    ids=["whole-pages", "last-page", "mid-page", "mid-header"],
)
def test_a_truncated_journey_is_refused_as_truncated(
    journeys: Path, cut: Callable[[int, int], int], fragment: str
) -> None:
    path = a_journey()
    data = path.read_bytes()
    page = int.from_bytes(data[16:18], "big")
    path.write_bytes(data[: cut(len(data), page)])
    expected = fragment.format(pages=len(data) // page)
    assert_refused_untouched(
        path, CorruptJourney, ["truncated", expected], lambda: JourneyBook.open(path)
    )


@pytest.mark.parametrize("page", [2, 3, -1])
def test_a_journey_with_a_damaged_page_is_refused_as_damaged(journeys: Path, page: int) -> None:
    path = a_journey()
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    start = (page - 1) * page_size if page > 0 else len(data) - page_size
    noise = (bytes(range(7, 256, 3)) * page_size)[: page_size - 16]
    data[start + 8 : start + page_size - 8] = noise
    path.write_bytes(bytes(data))
    assert len(data) % page_size == 0  # damaged, not truncated
    assert_refused_untouched(path, CorruptJourney, ["damaged"], lambda: JourneyBook.open(path))


def test_a_journey_whose_record_was_doctored_is_refused_and_names_the_entry(
    journeys: Path,
) -> None:
    """A sound SQLite file whose outcomes were edited (a card drawn twice) does not replay."""
    path = a_journey(5)
    edit(path, """UPDATE book SET chance = '[["KH","KH"],[1,1]]' WHERE seq = 3""")
    assert_refused_untouched(
        path, CorruptJourney, ["does not replay", "entry 3"], lambda: JourneyBook.open(path)
    )


def test_a_journey_of_another_game_is_refused_by_game(journeys: Path) -> None:
    path = a_journey(3)
    edit(path, "UPDATE journey SET game = 'stardust'")
    assert_refused_untouched(
        path,
        WrongGame,
        ["'stardust' journey, not 'firelights'"],
        lambda: JourneyBook.open(path, game="firelights"),
    )
    assert_refused_untouched(
        path,
        WrongGame,
        # the games registered now: the shipped three, and any a test registered (the guide's)
        ["'stardust'", f"this Lantern plays {sorted(GAMES)}", "'embers', 'firelights'"],
        lambda: inspect(path),
    )


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"# My journey\nWick went north.\n" * 10, "is not a SQLite file"),
        (b"\x89PNG\r\n\x1a\n" + bytes(300), "is not a SQLite file"),
        (b"SQLite", "is not a SQLite file"),
        (b"", "is empty"),
    ],
    ids=["text", "png", "a-prefix-of-the-magic", "empty"],
)
def test_a_file_that_is_not_sqlite_is_refused(
    journeys: Path, content: bytes, fragment: str
) -> None:
    journeys.mkdir()
    path = journeys / "notes.lantern"
    path.write_bytes(content)
    assert_refused_untouched(path, NotAJourney, [fragment], lambda: JourneyBook.open(path))


def test_another_programs_sqlite_database_is_refused(journeys: Path) -> None:
    journeys.mkdir()
    path = journeys / "addresses.lantern"
    edit(path, "CREATE TABLE people (name TEXT)", "INSERT INTO people VALUES ('Wick')")
    assert_refused_untouched(
        path, NotAJourney, ["another program", "application_id 0x00000000"],
        lambda: JourneyBook.open(path),
    )  # fmt: skip


def test_a_folder_is_refused(journeys: Path) -> None:
    path = journeys / "folder.lantern"
    path.mkdir(parents=True)
    with pytest.raises(NotAJourney, match="is a folder"):
        JourneyBook.open(path)


def test_a_missing_journey_is_not_found_and_nothing_is_created(journeys: Path) -> None:
    with pytest.raises(JourneyNotFound) as caught:
        JourneyBook.open("nobody")
    assert repr(str(journeys / "nobody.lantern")) in str(caught.value)
    assert not journeys.exists()


def test_every_file_error_is_an_invalid_input_naming_its_path(journeys: Path) -> None:
    """A panel catches LanternError; scripts may catch the one class they care about."""
    for error in (JourneyNotFound, NotAJourney, CorruptJourney, NewerJourney, WrongGame):
        assert issubclass(error, JourneyFileError)
        assert issubclass(error, InvalidInput)
    assert issubclass(JourneyExists, IllegalAction)
    assert JourneyFileError("x.lantern", "is odd").path == Path("x.lantern")


# --- a journey with a WAL (a kernel died, or it is open elsewhere) ------------------------------


def crashed(path: Path, *statements: str, shm: bool = True) -> Path:
    """A copy of the journey as a killed kernel leaves it: ``statements`` committed into its
    -wal but not yet into the file, its -shm beside it (or not: a player copied only the two)."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_autocheckpoint = 0")
    for statement in statements:
        db.execute(statement)
    db.commit()
    image = path.with_name("crashed.lantern")
    for suffix in ("", "-wal") + (("-shm",) if shm else ()):
        shutil.copyfile(path.with_name(path.name + suffix), image.with_name(image.name + suffix))
    db.close()  # folds the WAL into the original; the image keeps its own apart
    path.unlink()
    return image


def digests(path: Path) -> dict[str, str]:
    """SHA-256 of the journey file and of each sidecar beside it."""
    return {p.name: digest(p) for p in path.parent.iterdir() if p.name.startswith(path.name)}


@pytest.mark.parametrize("shm", [True, False], ids=["wal-and-shm", "wal-only"])
@pytest.mark.parametrize(
    ("statements", "error", "fragments", "calls"),
    [
        (
            ["UPDATE journey SET game = 'stardust'"],
            WrongGame,
            ["'stardust' journey, not 'firelights'"],
            ("inspect", "store", "book"),
        ),
        (
            [f"PRAGMA user_version = {SCHEMA_VERSION + 1}",
             f"INSERT INTO schema_version VALUES ({SCHEMA_VERSION + 1}, 'later')"],
            NewerJourney,
            [f"schema version {SCHEMA_VERSION + 1}", "newer Lantern"],
            ("inspect", "store", "book"),
        ),
        (
            ["""UPDATE book SET chance = '[["KH","KH"],[1,1]]' WHERE seq = 3"""],
            CorruptJourney,
            ["does not replay", "entry 3"],
            ("book",),
        ),
    ],
    ids=["wrong-game", "newer-schema", "does-not-replay"],
)  # fmt: skip
def test_a_refused_journey_with_a_wal_is_left_byte_identical_with_its_sidecars(
    journeys: Path,
    shm: bool,
    statements: list[str],
    error: type[Exception],
    fragments: list[str],
    calls: tuple[str, ...],
) -> None:
    """The refusal is found in the WAL (the file alone looks fine), read from a private copy: the
    file, its -wal and its -shm keep their bytes, and none is deleted or made."""
    image = crashed(a_journey(5), *statements, shm=shm)
    before = digests(image)
    assert f"{image.name}-wal" in before and (f"{image.name}-shm" in before) == shm
    opens = {
        "inspect": lambda: inspect(image, "firelights"),
        "store": lambda: Store.open(image, game="firelights"),
        "book": lambda: JourneyBook.open(image, game="firelights"),
    }
    for name in calls:
        assert_refused_untouched(image, error, fragments, opens[name])
        assert digests(image) == before, name


def test_a_crashed_journey_that_passes_opens_with_the_actions_in_its_wal(journeys: Path) -> None:
    """The other side: actions only the WAL holds are played, and opening folds them in."""
    book = played("wick", 6)
    reader = sqlite3.connect(book.path)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM book").fetchone()  # holds checkpoints back from here
    for _ in range(4):
        step(book)
    record = book.to_json()
    image = book.path.with_name("crashed.lantern")
    for suffix in ("", "-wal", "-shm"):
        source = book.path.with_name(book.path.name + suffix)
        shutil.copyfile(source, image.with_name(image.name + suffix))
    reader.close()
    book.close()
    file_alone = sqlite3.connect(f"{image.resolve().as_uri()}?immutable=1", uri=True)
    assert file_alone.execute("SELECT count(*) FROM book").fetchone() == (6,)
    file_alone.close()
    again = JourneyBook.open(image, game="firelights")
    assert again.to_json() == record and again.actions == 10
    assert again.store.integrity() == ["ok"]
    again.close()
    assert listing(journeys) == [".last-played.json", "crashed.lantern", "wick.lantern"]


# --- starting never overwrites ------------------------------------------------------------------


def test_starting_a_journey_under_a_taken_name_is_refused_and_the_old_one_stays(
    journeys: Path,
) -> None:
    path = a_journey(4)
    before = digest(path)
    with pytest.raises(JourneyExists, match="already exists"):
        JourneyBook.start("wick", seed=99)
    with pytest.raises(JourneyExists):
        Store.create(path, game="firelights", name="wick", seed=1, options={})
    assert digest(path) == before
    assert listing(journeys) == [".last-played.json", "wick.lantern"]


def test_a_bad_seed_or_option_is_refused_before_any_file_is_made(journeys: Path) -> None:
    with pytest.raises(InvalidInput, match="'seven'"):
        JourneyBook.start("wick", seed="seven")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="'fast'"):
        JourneyBook.start("wick", options={"fast": True})
    with pytest.raises(InvalidInput, match="'chess'"):
        JourneyBook.start("wick", game="chess")
    assert not journeys.exists() or listing(journeys) == []


@pytest.mark.parametrize("name", ["", " ", ".hidden", "wick?", "a*b", "x" * 81])
def test_a_journey_name_is_refused_by_name(name: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        journey_path(name)
    assert repr(name) in str(caught.value)


def test_names_and_paths(journeys: Path, tmp_path: Path) -> None:
    """A name lives in the journeys folder; a path is given as a Path (Item 8: a
    name with a slash or the suffix is refused, never taken as a path)."""
    assert journey_path("Wick's first journey") == journeys / "Wick's first journey.lantern"
    assert journey_path("wick", folder=tmp_path) == tmp_path / "wick.lantern"
    assert journey_path(Path("saves/wick.lantern")) == Path("saves/wick.lantern")
    assert journey_path(Path("wick.lantern")) == Path("wick.lantern")
    assert journey_path(tmp_path / "w") == tmp_path / "w"


@pytest.mark.parametrize(
    ("body", "chance", "fragments"),
    [
        ('["ask"]', "[]", ["row 4's action is a JSON object", """got ['ask']"""]),
        ('{"kind":"ask"}', '{"cards":1}', ["row 4's chance is a JSON list", "got {'cards': 1}"]),
        ("{kind: ask", "[]", ["row 4 holds broken JSON", "'{kind: ask'"]),
    ],
    ids=["action-not-an-object", "chance-not-a-list", "broken-json"],
)
def test_a_bad_action_row_is_refused_naming_the_bad_value(
    body: str, chance: str, fragments: list[str]
) -> None:
    with pytest.raises(InvalidInput) as caught:
        Row(4, "action", body, chance).entry()
    for fragment in fragments:
        assert fragment in str(caught.value)
