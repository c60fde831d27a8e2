"""Invite players: the GM's panel gives each character's seat link, and a seat never holds one.

The user guide ("Playing Voidlight as a crew", docs/play/crew.md): "the GM's panel offers *Invite players*: a link for
each character of the crew, once `make table` runs; until then it says what to run".
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import ipywidgets as widgets
import pytest

from rules.book import FOLDER_ENV, JourneyBook
from rules.book.seat_keys import check_key, forget_table, parse_link, read_secret, write_table
from rules.voidlight import Create, Join
from widgets.frame.base import descendants
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.invite import InviteBar
from widgets.voidlight.seat import VoidlightSeat

BASE = "http://127.0.0.2:8890/"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "journeys"
    monkeypatch.setenv(FOLDER_ENV, str(where))
    return where


def gm(crew: tuple[str, ...] = ("Vex", "Kai")) -> VoidlightPanel:
    book = JourneyBook.start("wreck", game="voidlight", seed=5, options={"timer": "scenes"})
    book.play(Create(crew[0], "she/her", 2, 1, 1, 1))
    for name in crew[1:]:
        book.play(Join(name, "they/them", vigor=1, operate=2, insight=1, diplomacy=1))
    return VoidlightPanel(book)


def links(panel: VoidlightPanel) -> dict[str, str]:
    html = panel.invite.links.value
    found = {}
    for item in html.split("<li>")[1:]:
        name = item.split("<b>", 1)[1].split("</b>", 1)[0]
        found[name] = item.split('href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    return found


def test_the_invitation_is_shut_until_the_gm_opens_it(folder: Path) -> None:
    panel = gm()
    write_table(BASE, folder)
    assert panel.invite.links.value == "" and panel.invite.toggle.description == "Invite players"
    panel.invite.toggle.value = True
    assert list(links(panel)) == ["Vex", "Kai"]
    panel.invite.toggle.value = False
    assert panel.invite.links.value == ""


def test_each_character_gets_a_link_to_the_running_table_with_their_key(folder: Path) -> None:
    panel = gm()
    write_table(BASE, folder)
    panel.invite.toggle.value = True
    secret = read_secret(folder)
    for name, url in links(panel).items():
        assert url.startswith(BASE + "?")
        seat = parse_link(urlsplit(url).query)
        assert (seat.journey, seat.character) == ("wreck", name)
        assert check_key("wreck", name, seat.key, secret)


def test_a_character_who_joins_gets_a_link_at_once(folder: Path) -> None:
    panel = gm()
    write_table(BASE, folder)
    panel.invite.toggle.value = True
    panel.act(Join("Rook", "they/them", vigor=2, operate=0, insight=2, diplomacy=1), table=False)
    assert list(links(panel)) == ["Vex", "Kai", "Rook"]


def test_without_a_table_it_says_what_to_run_and_looks_again(folder: Path) -> None:
    panel = gm()
    panel.invite.toggle.value = True
    assert "make table HOST=" in panel.invite.links.value and "<li>" not in panel.invite.links.value
    assert panel.invite.again.layout.display == ""
    write_table(BASE, folder)
    panel.invite.again.click()
    assert list(links(panel)) == ["Vex", "Kai"] and panel.invite.again.layout.display == "none"
    forget_table(folder)
    panel.invite.again.click()
    assert "make table HOST=" in panel.invite.links.value


def test_a_table_that_stopped_without_a_word_is_not_believed(folder: Path) -> None:
    panel = gm()
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    write_table(BASE, folder, pid=int(ended.stdout))
    panel.invite.toggle.value = True
    assert "make table HOST=" in panel.invite.links.value


def test_a_secret_others_can_read_is_said_not_used(folder: Path) -> None:
    panel = gm()
    write_table(BASE, folder)
    read_secret(folder)
    (folder / ".seat-secret").chmod(0o644)
    panel.invite.toggle.value = True
    assert "others on this computer could read it" in panel.invite.links.value
    assert "<li>" not in panel.invite.links.value


def test_a_seat_builds_no_invitation(folder: Path) -> None:
    panel = gm()
    write_table(BASE, folder)
    panel.invite.toggle.value = True
    seat = VoidlightSeat(JourneyBook.open(panel.journey.path), claim="Kai")
    try:
        assert getattr(seat, "invite", None) is None
        for each in descendants(seat):
            assert not isinstance(each, widgets.ToggleButton) or "Invite" not in each.description
            if isinstance(each, widgets.HTML):
                assert "key=" not in each.value
    finally:
        seat.close()
        panel.close()


def test_a_journey_kept_in_memory_has_no_links() -> None:
    bar = InviteBar(lambda: None)
    bar.toggle.value = True
    assert "Only a journey kept in a file can be shared" in bar.links.value
