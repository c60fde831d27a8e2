"""The Voidlight panel's live timer, without a browser, on a fake clock so nothing waits in real
time: it starts paused, rolls the Voidlight when the interval passes, pauses and resumes, runs as
a task on the kernel's loop, stops when the panel closes or the expedition ends, waits while the
player looks back, and comes back paused when the journey is reopened.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from panel_helpers import FakeClock, begun, check, run_apart

from rules.book import JourneyBook
from rules.voidlight import RollLight
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.timer import next_due


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
