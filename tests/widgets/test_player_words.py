"""What a player reads: one word for one outcome (a failed Critical Save in the dark is "lost to
the dark" in its header, its line and its odds), a Push shows the whole Check, "every minute",
a seat names the character it waits for once, the log's words (no question logged as a result,
"1 treasure", an Embers hero action titled by hero and action), a promoted hero's own name, and
Voidlight's ending recap."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from rules.embers import Act, Begin, legal
from rules.firelights import BuyInformation, Discover
from rules.firelights.strategy import BEGIN
from rules.play.recap import states_of
from rules.record.journey import Journey
from rules.voidlight import recap
from rules.voidlight.report import LOST
from rules.voidlight.state import Clock, Pending
from widgets.embers.ring import ring_html
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.sheet import light_html

DATA = Path(__file__).resolve().parent.parent / "voidlight" / "data"
RECORDED = json.loads((DATA / "solo_journeys_before_crew.json").read_text(encoding="utf-8"))


def recorded(name: str) -> Journey:
    found = next(each for each in RECORDED["journeys"] if each["name"] == name)
    return Journey.from_json(found["record"])


def test_a_failed_save_in_the_dark_reads_lost_to_the_dark_everywhere() -> None:
    """Playout 0 ends on Vex's Critical Save in the dark, 0 Hits: before it, the odds say
    "Lost to the dark"; after it, the header and the line say "lost to the dark"; the record's
    outcome stays "taken out", as it was recorded."""
    journey = recorded("playout 0 {'play': 'group'} due")
    last = journey.entries[-1]
    journey.undo()
    assert journey.state.pending is not None and journey.state.pending.reason == "dark"
    panel = VoidlightPanel(journey)
    odds = panel.checks.save_odds.value
    assert "Lost to the dark" in odds and "Taken out" not in odds
    journey.extend([last])
    panel.render()
    assert journey.last.outcome == "taken out" and journey.last.said_outcome == LOST
    # Played here, the result box would show it (a move read from the file goes to "just now").
    report = panel.report_html([journey.last])
    assert f">{LOST}</b>" in report and "taken out" not in report
    assert f"you are {LOST}" in report
    panel.close()


def test_a_push_shows_the_checks_dice_after_it_kept_then_rerolled() -> None:
    """The scripted expedition: Operate 2 (good) rolls 4 1, the push rerolls the Miss: 6."""
    journey = recorded("the scripted expedition")
    journey.undo()  # back to after the push, 11 entries on
    while journey.entries[-1].action["kind"] != "push":
        journey.undo()
    panel = VoidlightPanel(journey)
    report = panel.report.value
    assert "The Check after the push:" in report
    assert report.count('title="kept"') == 1 and report.count('title="rerolled"') == 1
    assert report.index("⚃") < report.index("⚅")  # the kept 4 first, then the rerolled 6
    panel.close()


def test_the_timer_says_every_minute_for_one_minute() -> None:
    assert Clock(interval=1).every == "every minute"
    assert Clock(interval=20).every == "every 20 minutes"
    journey = recorded("the catalogue's journey")
    state = journey.state
    html = light_html(replace(state, clock=replace(state.clock, interval=1)))
    assert "every minute" in html and "1 minutes" not in html


def test_a_prompt_about_someone_names_them_once() -> None:
    asked = Pending("save", ("vigor",), "Vex: In the dark: make a Critical Save", "dark", who="Vex")
    assert asked.asked == "In the dark: make a Critical Save"
    assert Pending("save", (), "In the dark", "dark").asked == "In the dark"


def test_voidlight_ending_recaps_the_expedition() -> None:
    journey = recorded("playout 0 {'play': 'group'} due")
    told = recap(states_of(journey))
    assert told[0].startswith(f"Time in the expedition: {journey.state.clock.minute} minutes")
    assert told[-1] == (
        f"What ended it: Vex was {LOST} (a Critical Save in the dark failed) at minute "
        f"{journey.state.clock.minute}."
    )
    panel = VoidlightPanel(journey)
    for line in told:
        assert f"<li>{line}</li>" in panel.ending.value
    panel.close()


def test_the_firelights_log_never_logs_a_question_as_a_result() -> None:
    """Seed 2: Discover's Shade asks which card joins the map; the log says the roll came to
    "choose one", not the question; a Buy Information of 1 says "1 treasure"."""
    journey = Journey.start("firelights", seed=2)
    journey.play(BEGIN)
    report = journey.play(Discover("forceful"))
    assert report.asked == "Shade: choose which card joins your map"
    assert report.lines == (report.asked,)  # the panel still shows it beside its buttons
    assert report.mechanics().endswith(": Shade; choose one")
    assert "Shade; Shade" not in report.mechanics()
    again = Journey.start("firelights", seed=2)
    again.play(BEGIN)
    again.state = replace(again.state, treasures=3)  # a look at the words: 3 treasures held
    bought = again.play(BuyInformation(1))
    assert "you spend 1 treasure (2 left)" in bought.lines
    assert "treasure(s)" not in bought.mechanics()


def test_an_embers_hero_action_is_titled_by_hero_and_action() -> None:
    journey = Journey.start("embers", seed=5)
    journey.play(Begin())
    act = next(move for move in legal(journey.state) if isinstance(move, Act))
    report = journey.play(act)
    assert report.title == f"{act.hero}: {act.action}"
    assert report.mechanics().startswith(f"{act.hero}: {act.action}")


def test_the_ring_names_a_promoted_hero_by_its_level_2_side() -> None:
    journey = Journey.start("embers", seed=5)
    journey.play(Begin())
    state = journey.state
    hero = state.in_camp()[0]
    promoted = state._replace(promoted=frozenset({hero}))
    name = state.cards.hero(hero).level_2.name
    html = ring_html(promoted)
    assert f">{name}</span>" in html and f"{hero}, L2" in html
    assert f">{hero}</span>" not in html
