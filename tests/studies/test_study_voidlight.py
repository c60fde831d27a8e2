"""The Voidlight study: an expedition's survival and battery use against the timer interval and
the beam policy ("What is simulated")."""

from __future__ import annotations

import math
import statistics
from collections import Counter

import pytest

from rules.errors import InvalidInput
from rules.play.simulate import run_seed
from rules.studies import voidlight_study
from rules.table.chance import Chance, Supplied
from rules.voidlight import GAME, Check, Choose, Elapse, Save, State, SwapBattery
from rules.voidlight.explorer import Expedition, Explorer, Trek, start, trek_outcome


def test_the_expedition_starts_with_its_batteries_beam_and_timer() -> None:
    trek = start(30, "adaptive", batteries=2)
    state = trek.state
    assert [item.name for item in state.sheet.items] == ["Battery", "Battery"]
    assert state.light.beam == "high" and state.light.dice == 6
    assert state.clock.interval == 30 and trek.scene == 0 and not trek.checked
    assert start(20, "standard", 0).state.sheet.items == ()


def test_a_scene_is_a_check_then_time_passing() -> None:
    """The Expedition adds nothing to the rules: it applies Voidlight's own action and counts."""
    trek, game = start(20, "standard"), Expedition()
    action = Explorer()(trek)
    assert action == Check("vigor")
    checked, _report = game.apply(trek, action, Supplied([[6, 6]]))
    assert checked.checked and checked.scene == 0
    assert Explorer(minutes=15)(checked) == Elapse(15)
    later, _report = game.apply(checked, Elapse(15), Chance(1))
    assert later.scene == 1 and not later.checked and later.state.clock.minute == 15
    assert Explorer()(later) == Check("operate")  # each Attribute in turn


def test_the_explorer_saves_with_its_best_attribute_and_keeps_its_battery() -> None:
    trek = start(20, "standard")
    state = trek.state
    hurt, _ = GAME.apply(state, GAME.parse_action({"kind": "damage", "amount": 10}), Chance(1))
    assert hurt.pending is not None and hurt.pending.kind == "save"
    assert Explorer()(Trek(hurt)) == Save("vigor")  # Vigor 2 is the best score
    from dataclasses import replace

    from rules.voidlight import Pending

    falls = replace(state, pending=Pending("falls", ("Battery", "Rope"), "which falls?"))
    assert Explorer()(Trek(falls)) == Choose("Rope")


def test_a_dead_light_gets_a_new_battery_and_the_swap_is_counted() -> None:
    trek = start(20, "standard")
    from dataclasses import replace

    dark = replace(trek.state, light=replace(trek.state.light, dice=0))
    assert Explorer()(Trek(dark)) == SwapBattery()
    swapped, _ = Expedition().apply(Trek(dark), SwapBattery(), Chance(1))
    assert swapped.swaps == 1 and swapped.state.light.dice == 6


def test_how_an_expedition_ends() -> None:
    from dataclasses import replace

    trek = start(20, "standard")
    assert trek_outcome(trek, 3) is None
    assert trek_outcome(replace(trek, scene=3), 3) == "through"
    assert trek_outcome(replace(trek, state=replace(trek.state, status="lost")), 3) == "lost"
    assert trek_outcome(replace(trek, state=replace(trek.state, status="dying")), 3) == "taken out"


def by_hand(interval: int, beam: str, seed: int, runs: int, scenes: int) -> Counter[str]:
    ended: Counter[str] = Counter()
    for run in range(runs):
        trek, chance, player = start(interval, beam), Chance(run_seed(seed, run)), Explorer(beam)
        while (outcome := trek_outcome(trek, scenes)) is None:
            trek, _report = Expedition().apply(trek, player(trek), chance)
        ended[str(outcome)] += 1
    return ended


def test_each_cell_counts_the_expeditions_as_played_by_hand() -> None:
    rows = voidlight_study((10, 30), ("low", "adaptive"), runs=12, seed=4, scenes=6)
    assert [(r.interval, r.beam) for r in rows] == [
        (10, "low"), (10, "adaptive"), (30, "low"), (30, "adaptive")
    ]  # fmt: skip
    for row in rows:
        ended = by_hand(row.interval, row.beam, 4, 12, 6)
        counted = (row.through.count, row.taken_out.count, row.lost.count)
        assert counted == (ended["through"], ended["taken out"], ended["lost"])
        assert sum(counted) == 12
        assert row.batteries.high <= 1 and row.scenes.high <= 6


def test_only_the_dark_loses_an_explorer() -> None:
    """Rules: "When the Voidlight dies and every 5 minutes after, each character makes a
    Critical Save. On a failure, they're lost to the dark." So an expedition lost ends with the
    light dead, even with a spare Battery in the pack: the first save comes as the light dies,
    before the Battery can be slotted."""
    seen = Counter[str]()
    for run in range(30):
        trek, chance, player = start(20, "high"), Chance(run_seed(1, run)), Explorer("high")
        while (outcome := trek_outcome(trek, 6)) is None:
            trek, _report = Expedition().apply(trek, player(trek), chance)
        seen[str(outcome)] += 1
        if outcome == "lost":
            assert trek.state.light.dead
    assert seen["lost"] > 0  # the seeds reach the case the test is about
    (row,) = voidlight_study((20,), ("high",), runs=30, seed=1, scenes=6)
    assert row.lost.count == seen["lost"]


def test_a_row_is_one_table_row_of_numbers() -> None:
    (row,) = voidlight_study(20, "standard", runs=5, seed=0, scenes=3)
    record = row.record()
    assert record["interval"] == 20 and record["expeditions"] == 5
    assert record["through low"] <= record["through"] <= record["through high"]


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"beams": ("blinding",)}, "'blinding'"),
        ({"intervals": (0,)}, "0"),
        ({"scenes": 0}, "0"),
        ({"batteries": 9}, "9"),
        ({"intervals": ()}, "at least one"),
    ],
)
def test_bad_study_arguments_are_refused_by_name(given: dict[str, object], named: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        voidlight_study(runs=1, **given)  # type: ignore[arg-type]
    assert named in str(caught.value)


def wait(state: object) -> Elapse:
    return Elapse(10)


def light_dead(state: State) -> str | None:
    return "dead" if state.light.dead else None


def minute(state: State) -> int:
    return state.clock.minute


@pytest.mark.parametrize(("interval", "beam"), [(10, "low"), (20, "high"), (30, "standard")])
def test_the_light_lasts_as_long_as_its_exact_battery_life(interval: int, beam: str) -> None:
    """Rules: "reduce its size by 1 die for every Miss, up to a maximum of 2 dice per roll"
    (High Beam 3, Low Beam 1), rolled every ``interval`` minutes. From the study's start, time
    alone passing: the simulated minutes until the light dies lie within 4 standard errors of
    rules.voidlight.battery_life's exact expectation."""
    from rules.play.simulate import simulate
    from rules.voidlight import battery_life

    state = start(interval, beam, batteries=0).state
    result = simulate(
        GAME, state, wait, runs=300, seed=3, outcome=light_dead, measures={"minute": minute}
    )
    assert result.count("dead") == 300
    tally = result.measure("minute")
    exact = battery_life(6, beam, interval).minutes
    assert exact is not None
    values = [value for value, count in tally.counts for _ in range(count)]
    standard_error = statistics.stdev(values) / math.sqrt(len(values))
    assert abs(float(tally.mean) - float(exact)) <= 4 * standard_error, (tally, exact)
