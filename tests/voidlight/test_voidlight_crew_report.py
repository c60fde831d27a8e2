"""In a crew, a report names its character first and its title once, in the Journey
Book's log ("Kai: Check: ...", never "Check: Kai: ..." or "Advancement: Kai: Advancement: ...");
solo reports read as they always did."""

from __future__ import annotations

from voidlight_helpers import begun, play

from rules.voidlight import Advance, Check, Cost, Join, Report


def test_a_crews_log_line_names_the_character_first_and_the_title_once() -> None:
    journey = begun(options={"timer": "scenes"})
    play(journey, Join("Kai", "he/him", 1, 2, 1, 1), [4])
    check = play(journey, Check("operate", who="Kai"), [1, 2])
    assert check.mechanics().startswith("Kai: Check: Operate 2 standard: 1 2: 0 Hits, failure")
    cost = play(journey, Cost(11, who="Kai"), [3])
    assert cost.mechanics() == (
        "Kai: Check cost: cost picked: 11 TAKE 1D-1 DMG; 1D-1 = 3-1: 2 damage (8/10 Hit Points)"
    )
    advance = play(journey, Advance("vigor", who="Vex"))
    assert advance.mechanics() == "Vex: Advancement: max Hit Points 12 (12 now), Vigor 3"
    assert (advance.heading, advance.own_lines) == (
        "Vex: Advancement", ("Advancement: max Hit Points 12 (12 now), Vigor 3",))  # fmt: skip


def test_a_line_about_another_character_keeps_their_name() -> None:
    report = Report("Critical Save", ("Vex: 1 Hit: endure", "Kai: In the dark: save"), who="Vex")
    assert report.mechanics() == "Vex: Critical Save: 1 Hit: endure; Kai: In the dark: save"
    assert report.own_lines == ("1 Hit: endure", "Kai: In the dark: save")


def test_a_solo_report_reads_as_before() -> None:
    journey = begun()
    report = play(journey, Check("vigor"), [5, 3])
    assert report.who == "" and report.heading == "Check" and report.own_lines == report.lines
    assert report.mechanics() == "Check: Vigor 2 standard: 5 3: 1 Hit, partial; " + (
        "a cost is due: roll it or pick it on the table, or skip it"
    )
