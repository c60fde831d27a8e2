"""The Voidlight crew study: expeditions by crew size and timer interval ("the study
of expeditions by crew size and timer interval")."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rules.errors import InvalidInput
from rules.play.simulate import run_seed
from rules.studies import crew_study, voidlight_study
from rules.studies.voidlight_crew import CREW, Crew, CrewExpedition, CrewTrek, crew_start
from rules.table.chance import Chance, Supplied
from rules.voidlight import GAME, Check, Cost, Elapse, Save, SwapBattery
from rules.voidlight.explorer import Expedition, Explorer, start, trek_outcome


def test_the_crew_is_created_then_joins_with_its_batteries_handed_round() -> None:
    trek = crew_start(3, 10, batteries=4)
    state = trek.state
    assert state.names == ("Vex", "Kai", "Ro") and state.clock.interval == 10
    assert [c.score("operate") for c in state.crew] == [1, 2, 1]  # each a 2 of their own
    assert all(c.credits == 30 and c.status == "standing" for c in state.crew)
    carried = [sum(item.name == "Battery" for item in c.items) for c in state.crew]
    assert carried == [2, 1, 1]  # 4 spares round the crew, Vex first
    assert crew_start(6, 20, batteries=0).state.names == tuple(c.name for c in CREW)
    alone = crew_start(1, 20).state
    assert alone == start(20, "standard").state  # a crew of one is the solo explorer


def test_a_scene_is_each_standing_characters_check_in_turn_then_time() -> None:
    trek, game, crew = crew_start(3, 20), CrewExpedition(), Crew()
    for index, name in enumerate(("Vex", "Kai", "Ro")):
        action = crew(trek)
        assert action == Check("vigor", who=name)  # the scene asks each for the same Attribute
        sixes = [6] * trek.state.crew[index].score("vigor")
        trek, _ = game.apply(trek, action, Supplied([sixes]))
        assert trek.checked == index + 1
        if len(sixes) < 2:  # Kai's and Ro's 1 Hit: a cost, taken at once as the solo explorer's
            assert crew(trek) == Cost(who=name)
            trek, _ = game.apply(trek, Cost(entry=61, who=name), Chance(1))
    assert crew(trek) == Elapse(10)
    later, _ = game.apply(trek, Elapse(10), Chance(1))
    assert later.scene == 1 and later.checked == 0


def test_a_taken_out_character_makes_no_check() -> None:
    trek = crew_start(3, 20)
    kai = replace(trek.state.crew[1], hp=0, status="dying")
    state = replace(trek.state, crew=(trek.state.crew[0], kai, trek.state.crew[2]))
    assert Crew()(CrewTrek(state, checked=1)) == Check("vigor", who="Ro")


def test_each_character_saves_in_the_dark_with_their_own_best_attribute() -> None:
    """Rules: "When the Voidlight dies and every 5 minutes after, each character makes a
    Critical Save": asked of each in turn, each answered with that character's best score."""
    trek = crew_start(3, 20, batteries=0)
    dark = replace(trek.state, light=replace(trek.state.light, dice=1, beam="high"))
    state = dark
    asked = []
    chance = Chance(5)
    while True:
        state, _ = GAME.apply(state, Elapse(20), chance)
        if state.light.dead:
            break
    while state.pending is not None and state.pending.kind == "save":
        action = Crew()(CrewTrek(state))
        asked.append(action)
        state, _ = GAME.apply(state, action, chance)
    assert asked[:3] == [Save("vigor", who="Vex"), Save("operate", who="Kai"),
                         Save("insight", who="Ro")]  # fmt: skip


def test_the_one_who_carries_the_battery_slots_it() -> None:
    trek = crew_start(2, 20, batteries=0)
    state = trek.state
    kai = replace(state.crew[1], items=crew_start(2, 20, batteries=2).state.crew[1].items)
    dark = replace(state, crew=(state.crew[0], kai), light=replace(state.light, dice=0))
    assert Crew()(CrewTrek(dark)) == SwapBattery(who="Kai")


def test_a_crew_of_one_plays_the_solo_expedition_action_for_action() -> None:
    """A crew of one is the solo explorer: the same action at every step of the same seeds."""
    for run in range(6):
        chance_solo, chance_crew = Chance(run_seed(7, run)), Chance(run_seed(7, run))
        solo, crew = start(20, "standard"), crew_start(1, 20)
        while (ended := trek_outcome(solo, 8)) is None:
            action = Explorer()(solo)
            assert Crew()(crew) == action
            solo, _ = Expedition().apply(solo, action, chance_solo)
            crew, _ = CrewExpedition().apply(crew, action, chance_crew)
            assert crew.state == solo.state and crew.checked == solo.checked
        assert trek_outcome(crew, 8) == ended


@pytest.mark.parametrize("interval", [10, 20])
def test_a_crew_of_one_gives_the_solo_studys_answer(interval: int) -> None:
    (crew,) = crew_study(1, interval, runs=40, seed=11, scenes=8)
    (solo,) = voidlight_study(interval, "standard", runs=40, seed=11, scenes=8)
    assert (crew.through, crew.taken_out, crew.lost) == (solo.through, solo.taken_out, solo.lost)
    assert crew.scenes == solo.scenes and crew.batteries == solo.batteries


def test_the_study_is_reproducible_with_its_seed() -> None:
    first = crew_study((2, 3), 20, runs=15, seed=4, scenes=6)
    assert first == crew_study((2, 3), 20, runs=15, seed=4, scenes=6)
    assert [r.record() for r in first] == [
        r.record() for r in crew_study((2, 3), 20, runs=15, seed=4, scenes=6)
    ]


def test_the_rows_are_sane() -> None:
    rows = crew_study((1, 2, 4), (10, 30), runs=15, seed=2, scenes=6, batteries=2)
    assert [(r.size, r.interval) for r in rows] == [
        (1, 10), (1, 30), (2, 10), (2, 30), (4, 10), (4, 30)
    ]  # fmt: skip
    for row in rows:
        record = row.record()
        assert row.through.count + row.taken_out.count + row.lost.count == 15
        for label in ("through", "taken out", "lost"):
            assert 0 <= record[f"{label} low"] <= record[label] <= record[f"{label} high"] <= 1
        assert 0 <= record["share standing"] <= 1 and 0 <= row.standing_share <= 1
        assert row.characters_lost.low >= 0 and row.characters_lost.high <= row.size
        assert row.standing.high + row.characters_lost.low <= row.size
        assert row.scenes.high <= 6 and row.batteries.high <= 2
        # a crew lost to the dark is every one of them lost
        assert row.characters_lost.share_at_most(row.size - 1) <= 1 - row.lost.share


def by_hand(size: int, seed: int, runs: int, scenes: int) -> tuple[Counter[str], int]:
    """Play the study's expeditions one step at a time, checking every state on the way."""
    ended, lost = Counter[str](), 0
    for run in range(runs):
        trek, chance = crew_start(size, 20), Chance(run_seed(seed, run))
        while (outcome := trek_outcome(trek, scenes)) is None:
            trek, _ = CrewExpedition().apply(trek, Crew()(trek), chance)
            GAME.check(trek.state)
            assert len(trek.state.crew) == size and 0 <= trek.checked <= size
            assert trek.scene <= scenes
            for character in trek.state.crew:
                assert 0 <= character.hp <= character.max_hp
        assert outcome != "through" or trek.state.status == "standing"
        ended[str(outcome)] += 1
        lost += sum(c.status == "lost" for c in trek.state.crew)
    return ended, lost


def test_the_study_counts_the_expeditions_as_played_by_hand() -> None:
    (row,) = crew_study(3, 20, runs=10, seed=6, scenes=5)
    ended, lost = by_hand(3, 6, 10, 5)
    assert (row.through.count, row.taken_out.count, row.lost.count) == (
        ended["through"], ended["taken out"], ended["lost"]
    )  # fmt: skip
    assert row.characters_lost.total == lost


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"sizes": (7,)}, "7"),
        ({"sizes": ()}, "at least one"),
        ({"intervals": (0,)}, "0"),
        ({"scenes": 0}, "0"),
        ({"batteries": 13}, "13"),
        ({"beam": "blinding"}, "'blinding'"),
    ],
)
def test_bad_study_arguments_are_refused_by_name(given: dict[str, object], named: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        crew_study(runs=1, **given)  # type: ignore[arg-type]
    assert named in str(caught.value)


def test_a_row_is_one_table_row_of_numbers() -> None:
    (row,) = crew_study(2, 20, runs=5, seed=0, scenes=3)
    record = row.record()
    assert record["crew"] == 2 and record["interval"] == 20 and record["expeditions"] == 5
    assert all(isinstance(v, int | float) for v in record.values())
