"""The GM's table: a crew of three built by clicks, one sheet open at a time, every
control about a character acting for the one whose sheet is open (its result and log line name
them), and the dark's saves stepped through as a queue. No browser: clicks and typed dice."""

from __future__ import annotations

from typing import Any

from rules.record.journey import Journey
from widgets.frame.connection import broken_widgets
from widgets.voidlight import VoidlightPanel


def created(**options: Any) -> VoidlightPanel:
    """Vex (Vigor 2, Operate 1, Insight 1, Diplomacy 1), created by points, Credits 30."""
    journey = Journey.start("voidlight", seed=5, options=options or {"timer": "scenes"})
    panel = VoidlightPanel(journey)
    panel.name_input.value = "Vex"
    panel.table_input.value = "3"
    panel.create_button.click()
    return panel


def join(panel: VoidlightPanel, name: str, table: str, **scores: int) -> None:
    """Join by points (``scores`` given) or at random, the dice typed at the table."""
    panel.crew.join_name.value = name
    panel.crew.join_how.value = "points" if scores else "random"
    for attribute, value in scores.items():
        panel.crew.join_points[attribute].value = value
    panel.table_input.value = table
    panel.crew.join_button.click()
    assert not panel.messages.is_error, panel.messages.text


def crew_of_three(**options: Any) -> VoidlightPanel:
    """Vex; Kai (Operate 2) and Rook (Vigor 2, Insight 2), by points."""
    panel = created(**options)
    join(panel, "Kai", "4", vigor=1, operate=2, insight=1, diplomacy=1)
    join(panel, "Rook", "2", vigor=2, operate=0, insight=2, diplomacy=1)
    return panel


def check(panel: VoidlightPanel, attribute: str, table: str) -> None:
    panel.table_input.value = table
    panel.checks.check_buttons[attribute].click()


def roster_names(panel: VoidlightPanel) -> list[str]:
    return [row.children[0].description.removeprefix("▸ ") for row in panel.crew.roster.children]


def test_a_crew_of_one_shows_no_roster_and_records_no_who() -> None:
    """Solo looks and plays as it did: no roster, no leave button, a record without ``who``."""
    panel = created()
    assert panel.roster_section.layout.display == "none"
    assert panel.crew.leave_row.layout.display == "none"
    assert not panel.crew.join_button.disabled  # a crew grows from here
    check(panel, "vigor", "5 6")
    assert "who" not in panel.journey.entries[-1].action
    assert panel.journey.last.mechanics().startswith("Check: Vigor 2")
    assert "<b>Check</b>" in panel.report.value


def test_the_gm_builds_a_crew_of_three_by_clicks_and_each_new_sheet_opens() -> None:
    panel = created()
    join(panel, "Kai", "4", vigor=1, operate=2, insight=1, diplomacy=1)
    assert panel.roster_section.layout.display == ""
    assert panel.who() == "Kai" and "Kai" in panel.sheet.value
    assert panel.crew.join_name.value == ""  # the form is ready for the next
    join(panel, "Rook", "")  # at random: Lantern rolls the Attributes and the Credits
    rook = panel.state.member("Rook")
    assert sum(rook.scores) >= 3 and panel.journey.entries[-1].action["at_random"] is True
    assert roster_names(panel) == ["Vex", "Kai", "Rook"]
    assert panel.who() == "Rook" and "act for <b>Rook</b>" in panel.crew.roster_note.value
    assert panel.crew.leave_button.description == "Rook leaves the expedition"
    assert "crew of 3: <b>3</b> standing" in panel.header.value
    assert broken_widgets() == []


def test_a_name_on_the_roster_opens_their_sheet_and_the_checks_act_for_them() -> None:
    panel = crew_of_three()
    rolls = {"Vex": "5 6", "Kai": "6 1", "Rook": "2 3"}
    outcomes = {"Vex": "success", "Kai": "partial", "Rook": "failure"}
    for row in panel.crew.roster.children:
        name = row.children[0].description.removeprefix("▸ ")
        row.children[0].click()
        assert panel.who() == name and f">{name}<" in panel.sheet.value
        assert row.children[0].description == f"▸ {name}"
        assert panel.checks.check_buttons["operate"].description.endswith(
            str(panel.state.member(name).operate)
        )
        if panel.checks.cost_due.value:  # Rook's failure is owed before the next: skip it
            panel.checks.skip_button.click()
        check(panel, "vigor" if name != "Kai" else "operate", rolls[name])
        report = panel.journey.last
        assert report.who == name and report.outcome == outcomes[name]
        assert panel.journey.entries[-1].action["who"] == name
        assert f"<b>{name}: Check</b>" in panel.report.value
        assert report.mechanics().startswith(f"{name}: Check: ")
    log = [line.text for line in panel._log(panel.journey)]
    for name, outcome in outcomes.items():
        assert any(text.startswith(f"{name}: Check: ") and outcome in text for text in log), log
    # Rook's cost is said as Rook's, beside the cost controls, only on Rook's sheet
    assert "the cost of Rook&#x27;s Vigor check" in panel.checks.cost_due.value
    panel.crew.roster.children[0].children[0].click()
    assert panel.checks.cost_due.value == "" and not panel.checks.check_buttons["vigor"].disabled


def test_every_control_about_a_character_acts_for_the_open_sheet() -> None:
    """Gear, harm, rests, advancement, Push, the cost, a Fortune Roll by Attribute and the
    Battery: each action names the open sheet's character; the pools and oracle name no one."""
    panel = crew_of_three()
    panel.open_sheet("Kai")
    gear = panel.gear
    gear.item_name.value = "Battery"
    gear.buttons["take"].click()
    gear.damage.value = 3
    gear.buttons["damage"].click()
    gear.condition_name.value = "Bleeding"
    gear.buttons["condition"].click()
    gear.credits.value = -10
    gear.buttons["credits"].click()
    panel.table_input.value = "2"
    gear.buttons["short_rest"].click()
    gear.advance_attribute.value = "insight"
    gear.buttons["advance"].click()
    check(panel, "operate", "5 1")
    panel.table_input.value = "2"  # still 1 Hit: partial, a cost due
    panel.checks.push_button.click()
    panel.checks.cost_pick.value = 32  # the Voidlight drains by 2: a Battery to slot
    panel.checks.cost_pick_button.click()
    panel.light_bar.swap_button.click()
    panel.solo.fortune_attribute.value = "operate"
    panel.table_input.value = "6 6"
    panel.solo.buttons["fortune"].click()
    assert not panel.messages.is_error, panel.messages.text
    kai = panel.state.member("Kai")
    # Hit Points: 10 - 3 damage + 2 rested + 2 advanced
    assert (kai.hp, kai.max_hp, kai.insight, kai.credits) == (11, 12, 2, 30)
    assert [c.name for c in kai.conditions] == ["Bleeding", "Fatigued"] and kai.items == ()
    assert panel.state.light.dice == 6
    whos = [entry.action.get("who") for entry in panel.journey.entries[3:]]
    assert whos == ["Kai"] * 11, whos
    assert panel.state.member("Vex").hp == 10 and panel.state.member("Vex").items == ()
    # the crew's tools name no one
    panel.solo.pool_name.value = "Drones"
    panel.solo.buttons["encounter"].click()
    panel.solo.buttons["inspire"].click()
    assert all("who" not in entry.action for entry in panel.journey.entries[-2:])


def test_a_refusal_names_the_character_it_is_about() -> None:
    panel = crew_of_three()
    panel.open_sheet("Vex")
    panel.light_bar.swap_button.click()  # disabled, and a click still says why in a sentence
    assert panel.messages.is_error and "you carry no Battery" in panel.messages.text
    assert "Traceback" not in panel.messages.text


def empty_the_light(panel: VoidlightPanel) -> None:
    """Vex fails a Vigor check and takes cost 36: the battery drains completely."""
    panel.open_sheet("Vex")
    check(panel, "vigor", "1 2")
    panel.checks.cost_pick.value = 36
    panel.checks.cost_pick_button.click()


def save(panel: VoidlightPanel, attribute: str, table: str) -> None:
    panel.table_input.value = table
    panel.checks.save_buttons[attribute].click()
    assert not panel.messages.is_error, panel.messages.text


def test_the_darks_saves_come_as_a_queue_the_gm_steps_through() -> None:
    panel = crew_of_three()
    panel.open_sheet("Kai")
    empty_the_light(panel)
    checks = panel.checks
    # Vex first: their sheet open, their scores and odds, the rest of the queue listed
    assert checks.save_box.layout.display == "" and panel.who() == "Vex"
    assert "Vex: In the dark" in checks.save_due.value
    assert "then: Kai, Rook" in checks.save_queue.value
    assert checks.save_buttons["vigor"].description == "Save with Vigor 2"
    assert "Vigor 2: " in checks.save_odds.value and "Endure 56%" in checks.save_odds.value
    save(panel, "vigor", "5 1")
    assert panel.journey.last.mechanics().startswith("Vex: Critical Save")
    # Kai next, Rook waiting
    assert panel.who() == "Kai" and "Kai: In the dark" in checks.save_due.value
    assert "then: Rook" in checks.save_queue.value
    assert checks.save_buttons["operate"].description == "Save with Operate 2"
    save(panel, "operate", "1 2")  # lost to the dark
    assert panel.who() == "Rook" and checks.save_queue.value == ""
    save(panel, "vigor", "6 3")
    assert checks.save_box.layout.display == "none" and panel.state.pending is None
    statuses = [row.children[1].value for row in panel.crew.roster.children]
    assert ">lost<" in statuses[1] and ">standing<" in statuses[0]
    log = [line.text for line in panel._log(panel.journey)][-3:]
    assert [text.split(":")[0] for text in log] == ["Vex", "Kai", "Rook"], log
    # the lost stay on the roster; their controls say why not
    panel.crew.roster.children[1].children[0].click()
    assert panel.checks.check_buttons["vigor"].disabled
    assert "Kai is lost to the dark" in panel.checks.check_buttons["vigor"].tooltip


def test_a_choice_asked_of_one_opens_their_sheet_and_is_answered_for_them() -> None:
    """Rook's slots are full when a condition comes: Rook is asked which item to drop."""
    panel = crew_of_three()
    panel.open_sheet("Rook")
    for index in range(10):
        panel.gear.item_name.value = f"Crate {index}"
        panel.gear.buttons["take"].click()
    panel.open_sheet("Vex")
    panel.open_sheet("Rook")
    panel.gear.condition_name.value = "Frozen"
    panel.gear.buttons["condition"].click()
    assert panel.state.pending is not None and panel.state.pending.who == "Rook"
    panel.open_sheet("Vex")  # the GM looks elsewhere; the choice stays Rook's
    buttons = panel.choice_buttons
    assert buttons and "Rook:" in panel.choice.children[0].value
    buttons[0].click()
    assert not panel.messages.is_error, panel.messages.text
    rook = panel.state.member("Rook")
    assert "Frozen" in [c.name for c in rook.conditions] and len(rook.items) == 9


def test_a_character_who_leaves_is_marked_left_on_the_roster() -> None:
    panel = crew_of_three()
    panel.open_sheet("Kai")
    panel.crew.leave_button.click()
    assert panel.state.names == ("Vex", "Rook")
    assert panel.journey.last.mechanics().startswith("Kai: Leave the crew: Kai leaves")
    assert roster_names(panel) == ["Vex", "Rook", "Kai"]
    kai = panel.crew.roster.children[2]
    assert kai.children[0].disabled and ">left<" in kai.children[1].value
    assert panel.who() == "Vex"  # the open sheet left with them: the first's opens
    panel.open_sheet("Rook")
    panel.crew.leave_button.click()  # a crew of one again: solo's table
    assert panel.roster_section.layout.display == "none" and panel.who() == ""


def test_group_play_shows_the_gm_the_countdown_hidden_from_the_seats() -> None:
    """'using a timer hidden from the players': the GM's table shows it, and says so."""
    panel = created(play="group")
    countdown = panel.timer.countdown.value
    assert "10:00" in countdown and "hidden from the players' seats" in countdown
    solo = created(timer="interval")
    assert "20:00" in solo.timer.countdown.value
    assert "seats" not in solo.timer.countdown.value


def test_the_whole_crew_lost_ends_the_expedition_naming_them() -> None:
    panel = crew_of_three()
    empty_the_light(panel)
    save(panel, "vigor", "1 2")
    save(panel, "operate", "1 2")
    save(panel, "vigor", "1 2")
    assert panel.state.over
    assert "The whole crew is lost to the dark: Vex, Kai, Rook." in panel.ending.value


def test_looking_back_shows_the_crew_as_it_stood() -> None:
    """Before Kai joined, the table was solo's: no roster, Vex's sheet; back to now, the crew."""
    panel = crew_of_three()
    panel.open_sheet("Rook")
    lines = panel._log(panel.journey)
    panel.look_back(lines[0])  # Vex created, alone
    assert not panel.messages.is_error, panel.messages.text
    assert panel.roster_section.layout.display == "none" and ">Vex<" in panel.sheet.value
    panel.look_back(lines[1])  # Kai joined: Rook's sheet is not there yet, the first's shows
    assert roster_names(panel) == ["Vex", "Kai"] and ">Vex<" in panel.sheet.value
    panel.back_to_now()
    assert roster_names(panel) == ["Vex", "Kai", "Rook"] and ">Rook<" in panel.sheet.value
