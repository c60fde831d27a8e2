"""A journey name is a name, kept in its folder; a path is given explicitly,
as a pathlib.Path. A name with a slash or ending in .lantern is refused and creates nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hardening_helpers import journeys

from rules.book import JourneyBook
from rules.errors import InvalidInput

__all__ = ["journeys"]  # the folder fixture, autouse


def _everything(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize("name", ["../../etc/x", "saves/wick", "wick.lantern", " wick.lantern "])
def test_a_name_that_is_a_path_is_refused(tmp_path: Path, name: str) -> None:
    root = tmp_path / "root" / "journeys"
    root.mkdir(parents=True)
    before = _everything(tmp_path)
    for call in (
        lambda: JourneyBook.start(name, folder=root),
        lambda: JourneyBook.open_or_start(name, folder=root),
        lambda: JourneyBook.open(name, folder=root),
    ):
        with pytest.raises(InvalidInput) as refused:
            call()
        assert type(refused.value) is InvalidInput
        assert str(refused.value) == (
            f"a journey name is a name, not a path: got {name!r}; to open or start the file at "
            "a path, give it as a pathlib.Path"
        )
    assert _everything(tmp_path) == before


def test_a_path_is_given_as_a_path(tmp_path: Path) -> None:
    where = tmp_path / "elsewhere" / "wick.lantern"
    book = JourneyBook.start(where, seed=1)
    assert book.path == where and book.name == "wick"
    book.close()
    JourneyBook.open(where).close()


def test_a_name_is_kept_in_its_folder(tmp_path: Path) -> None:
    book = JourneyBook.start("wick", seed=1, folder=tmp_path)
    assert book.path == tmp_path / "wick.lantern"
    book.close()
