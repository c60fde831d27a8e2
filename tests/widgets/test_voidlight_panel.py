"""The Voidlight panel, clicked without a browser: each click plays through the rules and the panel
shows the result. Dice are typed into "At the table" (or picked, for a cost) so every outcome is
known. The live timer is in test_voidlight_timer_panel.py, what is due and where it is said in
test_voidlight_said.py.
"""

from __future__ import annotations

import pytest
from panel_helpers import begun, check

from rules.voidlight import Check, Fortune, Push, check_odds, light_life, odds
from widgets.frame.connection import broken_widgets
from widgets.parts.theme import percent
from widgets.voidlight import VoidlightPanel


def test_create_by_points_shows_the_sheet_credits_and_slots() -> None:
    panel = begun()
    sheet = panel.state.sheet
    assert (sheet.name, sheet.vigor, sheet.hp, sheet.credits) == ("Vex", 2, 10, 30)
    assert "Vex" in panel.sheet.value and "she/her" in panel.sheet.value
    assert "Credits <b" in panel.sheet.value and ">30<" in panel.sheet.value
    assert panel.sheet.value.count("lantern-slot-empty") == 10
    assert panel.create_box not in panel.children
    assert broken_widgets() == []


def test_creation_names_its_house_rules() -> None:
    panel = VoidlightPanel(seed=5)
    note = panel.create_note.value
    assert "House rules" in note and "5 points" in note and "0 to 3" in note
    assert "10 Hit Points" in note and "1D x 10 Credits" in note
    assert "House rule" in panel.random_button.tooltip


def test_points_that_do_not_add_up_show_an_error_and_create_nothing() -> None:
    panel = begun(vigor=3, operate=3, insight=0, diplomacy=0)
    assert panel.messages.is_error and "5" in panel.messages.text
    assert panel.state.character is None and not panel.journey.entries


def test_create_at_random_rolls_the_attributes() -> None:
    panel = VoidlightPanel(seed=8)
    panel.name_input.value = "Ro"
    panel.random_button.click()
    sheet = panel.state.sheet
    assert sum(sheet.scores) >= 3 and all(0 <= s <= 4 for s in sheet.scores)
    assert "Ro" in panel.sheet.value


def test_the_odds_of_each_attribute_are_shown_before_rolling_in_the_chosen_position() -> None:
    """Percentages in the line, the exact fraction in each one's tooltip."""
    panel = begun()
    for position in ("good", "standard", "bad"):
        panel.checks.position.value = position
        exact = check_odds(2, position)
        line = panel.checks.check_odds.value
        assert f"Vigor 2 ({position})" in line
        for outcome in exact:
            assert f"{outcome.capitalize()} {percent(exact[outcome])}" in line
            assert f"exactly {exact[outcome]}" in line


def test_checks_in_two_positions_read_their_hits_by_position() -> None:
    """Good: a Hit on 4+; Bad: only 6."""
    panel = begun()
    check(panel, "vigor", "good", "4 4")
    assert panel.journey.last.outcome == "success"
    check(panel, "vigor", "bad", "5 5")
    assert panel.journey.last.outcome == "failure"
    assert "failure" in panel.report.value


def test_push_is_offered_after_a_check_with_its_odds_and_adds_fatigued() -> None:
    panel = begun()
    assert (
        panel.checks.push_button.disabled
        and "make a Check first" in panel.checks.push_button.tooltip
    )
    check(panel, "vigor", "standard", "5 2")
    assert not panel.checks.push_button.disabled
    exact = odds(panel.state, Push())
    assert f"exactly {exact['success']}" in panel.checks.push_odds.value
    panel.table_input.value = "6"
    panel.checks.push_button.click()
    assert panel.journey.last.outcome == "success"
    assert "Fatigued" in panel.sheet.value and "lantern-slot-condition" in panel.sheet.value
    assert panel.checks.push_button.disabled


def test_a_picked_cost_is_applied_with_its_dice_resolved() -> None:
    panel = begun()
    check(panel, "vigor", "standard", "5 2")
    panel.checks.cost_pick.value = 11  # TAKE 1D-1 DMG
    panel.table_input.value = "4"
    panel.checks.cost_pick_button.click()
    assert panel.state.sheet.hp == 7
    assert "7/10" in panel.sheet.value
    assert panel.checks.cost_button.disabled  # once


def test_a_rolled_cost_goes_through_the_table() -> None:
    panel = begun()
    check(panel, "insight", "standard", "1")
    panel.checks.cost_button.click()
    assert panel.journey.last.title == "Check cost"
    assert panel.journey.last.outcome in {f"{t}{u}" for t in range(1, 7) for u in range(1, 7)}


def test_a_critical_save_is_offered_at_zero_hit_points_with_its_odds() -> None:
    panel = begun()
    assert panel.checks.save_box.layout.display == "none"
    panel.gear.damage.value = 10
    panel.gear.buttons["damage"].click()
    assert panel.checks.save_box.layout.display == ""
    assert "Critical Save" in panel.choice.children[0].value
    assert "Endure 56%" in panel.checks.save_odds.value  # Vigor 2: 1 - (2/3)^2 = 5/9
    assert all(b.disabled for b in panel.checks.check_buttons.values())
    panel.table_input.value = "1 2"
    panel.checks.save_buttons["vigor"].click()
    assert panel.journey.last.outcome == "taken out"
    assert panel.state.status == "dying" and "dying" in panel.sheet.value
    assert panel.state.sheet.vigor == 0


def test_a_condition_with_no_slot_free_asks_which_item_to_drop() -> None:
    panel = begun()
    for name in ("Crowbar", "Rope", "Drill", "Case", "Suit"):
        panel.gear.item_name.value = name
        panel.gear.item_size.value = "large"
        panel.gear.buttons["take"].click()
    assert panel.state.sheet.free_slots == 0
    panel.gear.condition_name.value = "Panicked"
    panel.gear.buttons["condition"].click()
    labels = [b.description for b in panel.choice_buttons]
    assert labels == ["Crowbar", "Rope", "Drill", "Case", "Suit"]
    panel.choice_buttons[1].click()
    assert "Rope" not in panel.state.sheet.item_names
    assert "Panicked" in panel.sheet.value
    assert panel.choice.children == ()
    assert broken_widgets() == []


def test_items_show_their_size_and_small_items_take_no_slot() -> None:
    panel = begun()
    assert "House rule" in panel.gear.buttons["take"].tooltip
    panel.gear.item_name.value = "Crowbar"
    panel.gear.item_size.value = "large"
    panel.gear.buttons["take"].click()
    panel.gear.item_name.value = "Lighter"
    panel.gear.item_size.value = "small"
    panel.gear.buttons["take"].click()
    assert panel.sheet.value.count(">Crowbar<") == 2
    assert "a large item" in panel.sheet.value
    assert "Small items (no slot): Lighter" in panel.sheet.value


def test_take_is_offered_only_for_an_item_that_fits_and_says_why_not() -> None:
    """ "Your character has 10 Slots.": with every slot filled, Take is off for a normal item and
    its tooltip says there is no room; picking a small item (no slot) turns it on again."""
    panel = begun()
    for name in ("Crowbar", "Rope", "Drill", "Case", "Suit"):
        panel.gear.item_name.value = name
        panel.gear.item_size.value = "large"
        panel.gear.buttons["take"].click()
    take = panel.gear.buttons["take"]
    panel.gear.item_size.value = "normal"
    assert take.disabled
    assert "not now: no room for a normal item (1 slot): 0 of 10 slots are free" in take.tooltip
    panel.gear.item_name.value = "Lighter"
    panel.gear.item_size.value = "small"
    assert not take.disabled and "not now" not in take.tooltip
    take.click()
    assert "Small items (no slot): Lighter" in panel.sheet.value
    panel.gear.buttons["drop"].click()  # the first item, Crowbar: two slots free again
    panel.gear.item_size.value = "large"
    assert not take.disabled


def test_the_beam_switch_moves_the_check_position_and_says_it_is_a_house_rule() -> None:
    panel = begun()
    panel.light_bar.beam_buttons["high"].click()
    assert panel.state.light.beam == "high"
    assert panel.light_bar.beam_buttons["high"].button_style == "info"
    assert "Vigor 2 (good)" in panel.checks.check_odds.value
    assert "House rule" in panel.checks.position_note.value
    assert f"exactly {light_life(panel.state).rolls}" in panel.light.value
    panel.light_bar.beam_buttons["low"].click()
    assert "Vigor 2 (bad)" in panel.checks.check_odds.value


def test_roll_the_voidlight_by_hand_then_swap_the_battery() -> None:
    panel = begun()
    assert panel.light_bar.swap_button.disabled and "Battery" in panel.light_bar.swap_button.tooltip
    assert "Dice lost" in panel.light_bar.odds.value
    panel.table_input.value = "1 1 1 1 1 1"
    panel.light_bar.roll_button.click()
    assert panel.state.light.dice == 4 and "P4" in panel.light.value
    panel.gear.item_name.value = "Battery"
    panel.gear.buttons["take"].click()
    panel.light_bar.swap_button.click()
    assert panel.state.light.dice == 6


def test_encounter_pools_by_name_with_their_dice_and_odds() -> None:
    panel = begun()
    panel.solo.pool_name.value = "Drones"
    panel.solo.pool_size.value = 2
    panel.solo.buttons["encounter"].click()
    assert "Drones" in panel.encounters.value and "P2" in panel.encounters.value
    assert panel.encounters.value.count("lantern-encounter-die") == 2
    assert "Rolling Drones" in panel.solo.pool_odds.value
    panel.table_input.value = "1 2"
    panel.solo.buttons["roll_encounter"].click()
    assert panel.journey.last.outcome == "arrives"


def test_fortune_reaction_enemy_and_oracle_rollers() -> None:
    panel = begun()
    panel.solo.likelihood.value = "likely"
    exact = odds(panel.state, Fortune("likely"))
    assert f"exactly {exact['yes']}" in panel.solo.fortune_odds.value
    panel.solo.question.value = "Is the hatch open?"
    panel.table_input.value = "6 6 1"
    panel.solo.buttons["fortune"].click()
    assert panel.journey.last.outcome == "yes" and panel.solo.question.value == ""
    panel.table_input.value = "1 1"
    panel.solo.buttons["react"].click()
    assert panel.journey.last.outcome == "hostile"
    panel.solo.enemy_name.value = "Husk"
    panel.table_input.value = "2"  # a lesser foe; Lantern rolls its Hit Points in 6-8
    panel.at_table.draw_rest.value = True
    panel.solo.buttons["enemy"].click()
    assert 6 <= panel.state.enemies[0].hp <= 8
    assert "Husk" in panel.enemies.value and "lesser" in panel.enemies.value
    assert "House rule" in panel.solo.buttons["enemy"].tooltip
    panel.solo.buttons["inspire"].click()
    assert "Theme" in panel.report.value and "Action" in panel.report.value


def test_rests_and_advancement() -> None:
    panel = begun()
    panel.gear.damage.value = 5
    panel.gear.buttons["damage"].click()
    panel.table_input.value = "4"
    panel.gear.buttons["short_rest"].click()
    assert panel.state.sheet.hp == 9
    panel.gear.buttons["long_rest"].click()
    assert panel.state.sheet.hp == 10
    panel.gear.advance_attribute.value = "insight"
    panel.gear.buttons["advance"].click()
    assert (panel.state.sheet.max_hp, panel.state.sheet.insight) == (12, 2)


def test_a_refused_action_shows_in_the_message_area_not_a_traceback() -> None:
    panel = begun()
    panel.gear.item_name.value = ""
    panel.gear.buttons["take"].click()
    assert panel.messages.is_error and "Traceback" not in panel.messages.text
    panel.checks.cost_pick_button.click()  # the frame runs it anyway: refused by the rules
    assert panel.messages.is_error


@pytest.mark.parametrize("attribute", ["vigor", "operate", "insight", "diplomacy"])
def test_check_buttons_play_that_attribute(attribute: str) -> None:
    panel = begun()
    panel.table_input.value = "6" if attribute != "vigor" else "6 6"
    panel.checks.check_buttons[attribute].click()
    action = panel.journey.entries[-1].action
    assert action == Check(attribute, "standard").to_json()


def test_equipment_that_falls_is_the_players_pick() -> None:
    panel = begun()
    for name in ("Crowbar", "Lamp"):
        panel.gear.item_name.value = name
        panel.gear.buttons["take"].click()
    check(panel, "vigor", "standard", "1 1")
    panel.checks.cost_pick.value = 41  # A PIECE OF EQUIPMENT FALLS
    panel.checks.cost_pick_button.click()
    assert panel.state.pending is not None and panel.state.pending.kind == "falls"
    assert [b.description for b in panel.choice_buttons] == ["Crowbar", "Lamp"]
    assert "broken one stays" in panel.checks.cost_button.tooltip  # the house rule, named
    panel.choice_buttons[0].click()
    assert panel.state.sheet.item_names == ("Lamp",)
    assert "Choose" in panel.report.value and "Check cost" in panel.report.value


def test_every_house_rule_the_player_meets_is_named() -> None:
    panel = begun()
    tips = {
        "creation": panel.create_note.value,
        "item sizes": panel.gear.buttons["take"].tooltip,
        "condition slots": panel.gear.buttons["condition"].tooltip,
        "rests": panel.gear.buttons["long_rest"].tooltip,
        "advancement": panel.gear.buttons["advance"].tooltip,
        "costs": panel.checks.cost_button.tooltip,
        "position and beams": panel.checks.position.tooltips[0],
        "enemy guide": panel.solo.buttons["enemy"].tooltip,
        "battery": panel.light_bar.swap_button.tooltip,
        "timer": panel.timer.note.value,
    }
    assert [name for name, text in tips.items() if "House rule" not in text] == []
