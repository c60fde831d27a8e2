"""The Voidlight panel, clicked without a browser: each click plays through the rules and the panel
shows the result. Dice are typed into "At the table" (or picked, for a cost) so every outcome is
known; the live timer runs on a fake clock, so nothing waits in real time."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from rules.book import JourneyBook
from rules.voidlight import Check, Fortune, Push, RollLight, check_odds, light_life, odds
from widgets.frame.connection import broken_widgets
from widgets.frame.dock import SLOT_CLASS
from widgets.parts.theme import percent
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.timer import next_due


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def run_apart(coroutine: Any) -> Any:
    """Run ``coroutine`` on a fresh event loop in a thread of its own: in a full test session a
    browser test's driver may hold the main thread's running loop (so no asyncio.run there)."""
    import threading

    result: list[Any] = []
    failure: list[BaseException] = []

    def main() -> None:
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


def begun(clock: FakeClock | None = None, **scores: int) -> VoidlightPanel:
    panel = VoidlightPanel(seed=5, clock=clock or FakeClock())
    panel.name_input.value = "Vex"
    panel.pronouns_input.value = "she/her"
    for name, value in (scores or {"vigor": 2, "operate": 1, "insight": 1, "diplomacy": 1}).items():
        panel.attribute_inputs[name].value = value
    panel.table_input.value = "3"
    panel.create_button.click()
    return panel


def check(panel: VoidlightPanel, attribute: str, position: str, table: str) -> None:
    panel.checks.position.value = position
    panel.table_input.value = table
    panel.checks.check_buttons[attribute].click()


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


# --- the live timer -------------------------------------------------------------------------


def test_the_timer_starts_paused_and_rolls_the_voidlight_when_the_interval_passes() -> None:
    clock = FakeClock()
    panel = begun(clock)
    timer = panel.timer
    assert not timer.running and "paused" in timer.countdown.value
    assert "20:00" in timer.countdown.value
    timer.resume()
    clock.advance(60 * 19)
    timer.tick()
    assert panel.state.clock.minute == 0 and "1:00" in timer.countdown.value
    clock.advance(60)
    timer.tick()
    assert panel.state.clock.minute == 20
    assert panel.journey.last.title == "Time passes"
    assert "Voidlight Pool rolls" in panel.report.value
    assert "20:00" in timer.countdown.value


def test_pause_stops_the_count_and_resume_goes_on() -> None:
    clock = FakeClock()
    panel = begun(clock)
    panel.timer.resume()
    clock.advance(600)
    panel.timer.pause()
    clock.advance(3600)  # paused: does not count
    panel.timer.tick()
    assert "10:00" in panel.timer.countdown.value and panel.state.clock.minute == 0
    panel.timer.resume()
    clock.advance(600)
    panel.timer.tick()
    assert panel.state.clock.minute == 20


def test_group_play_every_10_minutes_with_the_countdown_hidden() -> None:
    clock = FakeClock()
    panel = begun(clock)
    panel.timer.minutes.value = 10
    panel.timer.set_button.click()
    assert (panel.state.clock.timer, panel.state.clock.interval) == ("interval", 10)
    panel.timer.hide_box.value = True
    assert "hidden" in panel.timer.countdown.value and "10:00" not in panel.timer.countdown.value
    panel.timer.resume()
    clock.advance(600)
    panel.timer.tick()
    assert panel.state.clock.minute == 10


def test_between_scenes_nothing_counts_down_and_the_roll_is_by_hand() -> None:
    clock = FakeClock()
    panel = begun(clock)
    panel.timer.mode.value = "scenes"
    assert panel.timer.minutes.disabled
    panel.timer.set_button.click()
    assert panel.state.clock.timer == "scenes"
    assert next_due(panel.state) is None
    assert "Roll the Voidlight by hand" in panel.timer.countdown.value
    assert "lantern-countdown" not in panel.timer.countdown.value  # not in the countdown's font
    assert panel.timer.toggle.layout.display == "none" and panel.timer.toggle.disabled
    panel.timer.resume()
    clock.advance(3600)
    panel.timer.tick()
    assert panel.state.clock.minute == 0
    panel.table_input.value = "6 6 6 6 6 6"
    panel.light_bar.roll_button.click()
    assert panel.journey.entries[-1].action == RollLight().to_json()


def test_in_the_dark_a_critical_save_every_5_minutes() -> None:
    clock = FakeClock()
    panel = begun(clock)
    check(panel, "vigor", "standard", "1 1")
    panel.checks.cost_pick.value = 36  # THE BATTERY DRAINS COMPLETELY
    panel.checks.cost_pick_button.click()
    assert panel.state.light.dead and "spent" in panel.light.value
    if panel.state.pending is not None:  # the save when the light dies
        panel.table_input.value = "6 6"
        panel.checks.save_buttons["vigor"].click()
    assert next_due(panel.state) == (5, "a Critical Save in the dark")
    panel.timer.resume()
    clock.advance(300)
    panel.timer.tick()
    assert panel.state.pending is not None and panel.state.pending.kind == "save"
    assert panel.checks.save_box.layout.display == ""


def test_the_timer_runs_as_a_task_on_the_loop_with_an_injected_sleep() -> None:
    clock = FakeClock()
    panel = begun(clock)

    async def fake_sleep(seconds: float) -> None:
        clock.advance(60)
        if panel.state.clock.minute >= 20:
            panel.timer.pause()
        await asyncio.sleep(0)

    panel.timer._sleep = fake_sleep

    async def play() -> None:
        panel.timer.resume()
        assert panel.timer._task is not None
        for _ in range(40):
            await asyncio.sleep(0)
            if panel.timer._task is None:
                break

    run_apart(play())
    assert panel.state.clock.minute == 20 and not panel.timer.running
    assert panel.timer._task is None


def test_closing_the_panel_stops_the_timer_task() -> None:
    clock = FakeClock()
    panel = begun(clock)

    async def play() -> asyncio.Task[None]:
        panel.timer.resume()
        task = panel.timer._task
        assert task is not None
        panel.close()
        await asyncio.sleep(0)
        return task

    task = run_apart(play())
    assert task.done() and panel.timer._task is None and not panel.timer.running


def test_a_reopened_journey_comes_back_paused_and_run_all_closes_the_old_timer(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    book = JourneyBook.start(tmp_path / "j", game="voidlight", seed=4)
    panel = VoidlightPanel(book, clock=clock)
    panel.name_input.value = "Vex"
    panel.create_button.click()
    panel.timer.resume()
    clock.advance(60 * 20)
    panel.timer.tick()
    assert panel.state.clock.minute == 20
    again = VoidlightPanel(book, clock=clock)  # Run All
    assert not panel.timer.running and panel.timer._stopped
    assert not again.timer.running and again.state.clock.minute == 20
    clock.advance(3600)  # the time it was away does not count
    again.timer.tick()
    assert again.state.clock.minute == 20
    again.close()
    reopened = VoidlightPanel(JourneyBook.open(book.path), clock=clock)
    assert reopened.state.clock.minute == 20 and not reopened.timer.running
    assert "paused" in reopened.timer.countdown.value
    reopened.close()


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


def test_lost_to_the_dark_ends_the_expedition_and_stops_the_timer() -> None:
    clock = FakeClock()
    panel = begun(clock)
    check(panel, "vigor", "standard", "1 1")
    panel.checks.cost_pick.value = 36  # the battery drains completely
    panel.checks.cost_pick_button.click()
    panel.timer.resume()
    for _ in range(10):
        if panel.state.over:
            break
        if panel.state.pending is not None:
            panel.table_input.value = "1 1"
            panel.checks.save_buttons["vigor"].click()
            continue
        clock.advance(300)
        panel.timer.tick()
    assert panel.state.over
    assert "lost to the dark" in panel.ending.value
    assert not panel.timer.running and panel.timer.toggle.disabled


def test_looking_back_the_timer_waits_and_plays_once_back_to_now() -> None:
    clock = FakeClock()
    panel = begun(clock)
    check(panel, "vigor", "standard", "6 6")
    panel.log_view.pick(1)  # the sheet as it stood after creation
    assert "Looking back" in panel.looking.children[0].value
    panel.timer.resume()
    clock.advance(60 * 20)
    panel.timer.tick()
    assert panel.state.clock.minute == 0  # not while looking back
    panel.back_button.click()
    panel.timer.tick()
    assert panel.state.clock.minute == 20


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


# --- what is due, is said ---------------------------------------------------------------------


def test_a_cost_due_is_said_beside_the_cost_controls_and_a_second_check_is_refused() -> None:
    """ "0 HITS: [...] there's a cost": the next Check does not drop it silently."""
    panel = begun()
    assert panel.checks.cost_due.value == "" and panel.checks.skip_button.layout.display == "none"
    check(panel, "vigor", "standard", "2 3")
    due = panel.checks.cost_due.value
    assert "Due:" in due and "the cost of your Vigor check (failure, 0 Hits)" in due
    assert panel.checks.skip_button.layout.display == "" and not panel.checks.skip_button.disabled
    assert not panel.checks.check_buttons["insight"].disabled  # a click says why it waits
    check(panel, "insight", "standard", "6")
    assert panel.messages.is_error
    assert "the cost of your Vigor check is still due: take it, or skip it" in panel.messages.text
    assert panel.journey.last.title == "Check" and panel.state.last_check.attribute == "vigor"
    panel.gear.buttons["short_rest"].click()
    assert "still due" in panel.messages.text and panel.journey.last.title == "Check"


def test_skipping_the_cost_is_a_button_and_then_the_next_check_rolls() -> None:
    panel = begun()
    check(panel, "vigor", "standard", "5 1")
    panel.checks.skip_button.click()
    assert panel.journey.last.title == "Skip the cost"
    assert panel.checks.cost_due.value == "" and panel.checks.skip_button.layout.display == "none"
    check(panel, "insight", "standard", "6")
    assert panel.journey.last.title == "Check" and not panel.messages.is_error


def test_a_critical_save_due_is_said_over_its_buttons() -> None:
    panel = begun()
    panel.gear.damage.value = 10
    panel.gear.buttons["damage"].click()
    assert "Due: " in panel.checks.save_due.value and "Critical Save" in panel.checks.save_due.value


def test_any_timer_interval_from_1_to_240_minutes_can_be_set() -> None:
    """ "If this pacing feels intense, extend the timer interval" """
    clock = FakeClock()
    panel = begun(clock)
    assert (panel.timer.minutes.min, panel.timer.minutes.max) == (1, 240)
    panel.timer.minutes.value = 15
    panel.timer.set_button.click()
    assert (panel.state.clock.timer, panel.state.clock.interval) == ("interval", 15)
    assert "15:00" in panel.timer.countdown.value
    panel.timer.resume()
    clock.advance(15 * 60)
    panel.timer.tick()
    assert panel.state.clock.minute == 15 and "15:00" in panel.timer.countdown.value


def test_the_typed_interval_is_kept_while_the_timer_ticks() -> None:
    clock = FakeClock()
    panel = begun(clock)
    panel.timer.resume()
    panel.timer.minutes.value = 45
    clock.advance(30)
    panel.timer.tick()
    assert panel.timer.minutes.value == 45


def test_a_dead_light_is_said_once_and_in_red() -> None:
    """ "When the Voidlight dies and every 5 minutes after, each character makes a Critical
    Save": the countdown counts to the save, never to a roll of a dead light."""
    clock = FakeClock()
    panel = begun(clock)
    check(panel, "vigor", "standard", "1 1")
    panel.checks.cost_pick.value = 36  # the battery drains completely
    panel.checks.cost_pick_button.click()
    assert 'class="lantern-dead">Voidlight dead' in panel.header.value
    assert panel.state.pending is not None  # the save as it dies
    assert "The clock waits at minute 0 for your choice." in panel.timer.countdown.value
    panel.timer.resume()
    clock.advance(5 * 60)
    panel.timer.tick()
    assert panel.timer.running and "5 minutes owed" in panel.timer.countdown.value
    panel.table_input.value = "6 6"
    panel.checks.save_buttons["vigor"].click()  # the owed 5 minutes: the next save in the dark
    panel.table_input.value = "6 6"
    panel.checks.save_buttons["vigor"].click()
    assert panel.state.pending is None and panel.state.clock.minute == 5
    countdown = panel.timer.countdown.value
    assert "5:00" in countdown and "until a Critical Save in the dark" in countdown
    assert "the Voidlight is rolled" not in countdown


def test_the_long_rest_input_sits_with_the_long_rest_and_offers_what_it_can_restore() -> None:
    panel = begun()
    rows = [row for _title, rows in panel.gear.sections() for row in rows]
    long_row = next(row for row in rows if panel.gear.buttons["long_rest"] in row.children)
    assert panel.gear.rest_attribute in long_row.children
    assert panel.gear.buttons["short_rest"] not in long_row.children
    assert panel.gear.rest_attribute.options == (("none below its full score", ""),)
    panel.gear.damage.value = 10
    panel.gear.buttons["damage"].click()
    panel.table_input.value = "1 2"
    panel.checks.save_buttons["vigor"].click()  # two Misses: Vigor 2 -> 0
    assert panel.gear.rest_attribute.options == (("Vigor", "vigor"),)
    panel.gear.buttons["long_rest"].click()
    assert panel.state.sheet.vigor == 1 and not panel.messages.is_error


def test_the_solo_tools_are_short_sections_of_their_own() -> None:
    panel = begun()
    titles = [box.children[0].value for box in panel._actions_box.children]
    for title in ("Checks", "Encounter Pools", "Fortune and Reaction", "Enemies", "Oracle",
                  "Rest and advancement"):  # fmt: skip
        assert sum(f">{title}<" in t for t in titles) == 1, title
    assert not any("Solo tools" in t for t in titles)
    rows = [  # a section's title and rows, not the empty places for the result dock
        [c for c in box.children if SLOT_CLASS not in c._dom_classes]
        for box in panel._actions_box.children[1:]
    ]
    assert all(len(each) <= 6 for each in rows)
