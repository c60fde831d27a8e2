"""Seat keys: a player's link carries a key only the GM's machine can make and check.

The table's rules (the user guide's "Playing Voidlight as a crew", docs/play/crew.md): "each link carries a key: an
HMAC-SHA256 of the journey's name and the character's name under a secret kept beside the
journeys, readable by the GM only"; "a link whose key does not match opens a page that says so
and offers nothing".
"""

from __future__ import annotations

import hashlib
import hmac
import json
import multiprocessing
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rules.book import seat_keys
from rules.book.seat_keys import (
    SeatKeyError,
    SeatLink,
    check_key,
    link,
    parse_link,
    read_secret,
    seat_id,
    seat_key,
    table_url,
)

SECRET = bytes(range(32))


def test_the_secret_is_made_once_with_mode_600_and_kept(tmp_path: Path) -> None:
    made = read_secret(tmp_path)
    path = tmp_path / seat_keys.SECRET
    assert len(made) == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_secret(tmp_path) == made  # the same secret on every read: old links still work
    assert sorted(p.name for p in tmp_path.iterdir()) == [seat_keys.SECRET]  # no temporary left


def _make(folder: str) -> str:
    return read_secret(folder).hex()


def test_processes_starting_at_once_agree_on_one_secret(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        made = pool.map(_make, [str(tmp_path)] * 8)
    assert len(set(made)) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [seat_keys.SECRET]


def test_a_secret_others_can_read_is_refused_in_a_sentence(tmp_path: Path) -> None:
    read_secret(tmp_path)
    (tmp_path / seat_keys.SECRET).chmod(0o644)
    with pytest.raises(SeatKeyError, match=r"has mode 644: others on this computer could read"):
        read_secret(tmp_path)
    (tmp_path / seat_keys.SECRET).chmod(0o640)
    with pytest.raises(SeatKeyError, match=r"chmod 600"):
        read_secret(tmp_path)


def test_a_missing_secret_is_not_made_when_only_checking(tmp_path: Path) -> None:
    with pytest.raises(SeatKeyError, match="there is no seat secret"):
        read_secret(tmp_path, create=False)
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_secret_is_refused(tmp_path: Path) -> None:
    path = tmp_path / seat_keys.SECRET
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    os.write(fd, b"not hex at all\n")
    os.close(fd)
    with pytest.raises(SeatKeyError, match="is damaged"):
        read_secret(tmp_path)


def test_the_key_is_the_hmac_sha256_of_the_journey_and_the_character() -> None:
    message = json.dumps(["lantern seat", "wreck", "Kai"]).encode()
    assert seat_key("wreck", "Kai", SECRET) == hmac.new(SECRET, message, hashlib.sha256).hexdigest()
    assert check_key("wreck", "Kai", seat_key("wreck", "Kai", SECRET), SECRET)


def test_a_key_opens_one_character_of_one_journey_under_one_secret() -> None:
    key = seat_key("wreck", "Kai", SECRET)
    assert not check_key("wreck", "Rook", key, SECRET)
    assert not check_key("wreck-2", "Kai", key, SECRET)
    assert not check_key("wreck", "Kai", key, bytes(32))
    assert not check_key("wreck", "Kai", key[:-1] + ("0" if key[-1] != "0" else "1"), SECRET)
    assert not check_key("wreck", "Kai", key.upper(), SECRET)
    assert not check_key("wreck", "Kai", "", SECRET)
    assert not check_key("wreck", "Kai", "é" * 64, SECRET)  # not even an error


def test_names_that_run_together_make_different_keys() -> None:
    assert seat_key("a b", "c", SECRET) != seat_key("a", "b c", SECRET)
    assert seat_key("a,", "b", SECRET) != seat_key("a", ",b", SECRET)


def test_a_key_needs_both_names() -> None:
    with pytest.raises(SeatKeyError, match="needs a character's name"):
        seat_key("wreck", "", SECRET)
    with pytest.raises(SeatKeyError, match="needs a journey's name"):
        seat_key("", "Kai", SECRET)


def test_the_seat_id_is_stable_distinct_and_not_the_key() -> None:
    ident = seat_id("wreck", "Kai", SECRET)
    key = seat_key("wreck", "Kai", SECRET)
    assert ident == seat_id("wreck", "Kai", SECRET)
    assert ident != seat_id("wreck", "Rook", SECRET)
    assert len(ident) == 20 and ident not in key
    assert ident == hashlib.sha256(f"lantern seat id:{key}".encode()).hexdigest()[:20]


def test_a_link_carries_the_journey_the_character_and_the_key() -> None:
    url = link("http://127.0.0.2:8890/", "The wreck", "Kai & co", SECRET)
    base, query = url.split("?", 1)
    assert base == "http://127.0.0.2:8890/"
    assert parse_link(query) == SeatLink(
        "The wreck", "Kai & co", seat_key("The wreck", "Kai & co", SECRET)
    )
    assert parse_link("?" + query) == parse_link(query)


@pytest.mark.parametrize(
    ("query", "missing"),
    [
        ("", "no journey and no character and no key"),
        ("journey=w&character=Kai", "no key"),
        ("journey=w&character=Kai&key=", "no key"),
        ("journey=w&journey=v&character=Kai&key=k", "no journey"),
    ],
)
def test_a_link_missing_a_part_is_refused_in_a_sentence(query: str, missing: str) -> None:
    with pytest.raises(SeatKeyError, match=f"this seat link has {missing}: ask the GM"):
        parse_link(query)


def test_the_table_file_names_a_running_server_only(tmp_path: Path) -> None:
    assert table_url(tmp_path) is None
    seat_keys.write_table("http://127.0.0.2:8890/", tmp_path)
    assert table_url(tmp_path) == "http://127.0.0.2:8890/"
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    seat_keys.write_table("http://127.0.0.2:8891/", tmp_path, pid=int(gone.stdout))
    assert table_url(tmp_path) is None  # the process that wrote it has ended
    seat_keys.forget_table(tmp_path)  # not this process's file: stays
    assert (tmp_path / seat_keys.TABLE_FILE).exists()
    seat_keys.write_table("http://127.0.0.2:8890/", tmp_path)
    seat_keys.forget_table(tmp_path)
    assert not (tmp_path / seat_keys.TABLE_FILE).exists()
    (tmp_path / seat_keys.TABLE_FILE).write_text('{"url": "http://x/", "pid": 0}')
    assert table_url(tmp_path) is None
    (tmp_path / seat_keys.TABLE_FILE).write_text("not json")
    assert table_url(tmp_path) is None
