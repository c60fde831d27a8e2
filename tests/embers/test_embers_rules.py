"""The rulebook, sentence by sentence (seeds/003): each test is named after the rule it checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.embers import (
    NIGHT,
    Act,
    Attack,
    Begin,
    EndActions,
    EndTurn,
    Promote,
    Reinforce,
    State,
    apply,
    closest,
    initial,
    legal,
    shipped,
)
from rules.embers.cards import LOCATIONS
from rules.errors import IllegalAction
from rules.record.journey import Journey
from rules.table.chance import Chance, Supplied

replace = State._replace  # a state with some fields changed

FIRE = sorted(card.name for card in shipped().fire)


def loc(name: str) -> int:
    return LOCATIONS.index(name)


def begun(difficulty: str = "warrior", seed: int = 1) -> State:
    state, _ = apply(initial({"difficulty": difficulty}), Begin(), Chance(seed))
    return state


def ring(state: State, **heroes: str) -> State:
    """``state`` with heroes placed: ring(state, N="Defender", ...); the others in the tent."""
    camp: list[str | None] = [None] * 8
    for where, hero in heroes.items():
        camp[loc(where)] = hero
    tent = tuple(h.name for h in state.cards.heroes if h.name not in heroes.values())
    return replace(state, camp=tuple(camp), tent=tent)


def check_invariants(state: State) -> None:
    places: list[str] = list(state.deck()) + list(state.forage) + list(state.hand)
    places += [c for stack in state.wild for c in stack]
    if not state.last_hour:
        assert NIGHT in places or state.phase == "setup"
    if state.phase != "setup":
        assert sorted(c for c in places if c != NIGHT) == FIRE
        assert places.count(NIGHT) == (0 if state.last_hour else 1)
    heroes = [h for h in state.camp if h is not None] + list(state.tent)
    if state.phase != "setup":
        assert sorted(heroes) == sorted(h.name for h in state.cards.heroes)


# --- setup ---------------------------------------------------------------------------------


def test_setup_the_night_card_shows_4_hours_under_the_12_shuffled_fire_cards() -> None:
    state = begun()
    assert state.hours == 4
    assert state.fire_in_deck() + len(state.forage) + sum(map(len, state.wild)) == 12


def test_setup_the_top_card_starts_the_forage_pile() -> None:
    assert len(begun().forage) == 1


def test_setup_heroes_level_1_on_north_south_east_west_and_the_fifth_in_the_tent() -> None:
    state = begun()
    assert [state.camp[i] is not None for i in (0, 2, 4, 6)] == [True] * 4
    assert len(state.tent) == 1 and not state.promoted


# --- 1. spawn monsters ---------------------------------------------------------------------


def test_spawn_a_new_monster_for_each_hero_in_a_camp_space() -> None:
    state = begun()
    assert sum(map(len, state.wild)) == 4


def test_spawn_a_monster_at_a_hero_steps_clockwise_until_no_hero_or_out_of_moves() -> None:
    # Oak Log (Ember Bear, 1 move) on top, Pine Knot (N) next: N and NE hold heroes.
    state = ring(begun(), N="Defender", NE="Leader", S="Scout")
    state = replace(
        state,
        phase="spawn",
        top="Oak Log",
        segments=(("Pine Knot",), (NIGHT,)),
        wild=((),) * 8,
        spawns_left=1,
        forage=tuple(c for c in FIRE if c not in ("Oak Log", "Pine Knot")),
    )
    w = _spawn(state)
    assert w.wild[loc("NE")] == ("Oak Log",)  # one step, then out of moves: stays at the hero


def _spawn(state: State) -> State:
    from rules.embers.game import _Work

    work = _Work(state, Chance(0))
    work.spawn()
    return work.freeze()


def test_spawn_monsters_stack_and_earlier_monsters_neither_move_nor_count() -> None:
    state = ring(begun(), S="Scout")
    state = replace(
        state,
        phase="spawn",
        top="Oak Log",
        segments=(("Pine Knot",), (NIGHT,)),
        wild=((), (), (), (), (), (), (), ()),
        spawns_left=1,
    )
    state = replace(state, wild=(("Fern Frond",),) + ((),) * 7)
    assert _spawn(state).wild[0] == ("Fern Frond", "Oak Log")


def test_night_card_revealed_while_spawning_the_monster_waits_then_uses_the_new_top_card() -> None:
    state = ring(begun("warrior"), S="Scout")
    state = replace(
        state,
        phase="spawn",
        top="Oak Log",
        segments=((NIGHT,), ("Pine Knot",)),
        wild=((),) * 8,
        spawns_left=1,
    )
    after = _spawn(state)
    assert after.wild[loc("N")] == ("Oak Log",)  # placed by Pine Knot, the card under the Night
    assert after.hours == 3 and after.segments[-1] == (NIGHT,)
    assert after.bonus and legal(after) == [Promote("Scout")]
    promoted, _ = apply(after, Promote("Scout"), Chance(0))
    assert promoted.level("Scout") == 2 and promoted.phase == "actions"


# --- 2. use actions ------------------------------------------------------------------------


def test_actions_the_top_cards_event_applies_this_turn() -> None:
    state = begun()
    assert state.event == state.top


def test_actions_at_recruit_ignore_events_with_an_exclamation_mark() -> None:
    for seed in range(40):
        state = begun("recruit", seed)
        if state.cards.card(state.top or "").mark:
            assert state.event is None
            return
    pytest.fail("no seed put a marked card on top")


def test_actions_each_hero_in_camp_may_spend_up_to_2_action_points() -> None:
    state = begun()
    event = state.cards.card(state.top or "").event
    bonus = event.amount if event.kind == "ap" else 0
    assert [points for _hero, points in state.points] == [2 + bonus] * 4


def test_actions_one_hero_at_a_time_all_their_actions_before_the_next() -> None:
    state = begun()
    first, second = state.points[0][0], state.points[1][0]
    move = next(a for a in legal(state) if isinstance(a, Act) and a.hero == first)
    state, _ = apply(state, move, Chance(0))
    other = next(a for a in legal(state) if isinstance(a, Act) and a.hero == second)
    state, _ = apply(state, other, Chance(0))
    assert first not in dict(state.points)  # starting the next hero ended the first


def test_actions_cards_in_hand_go_shuffled_to_the_bottom_of_the_deck_after_all_actions() -> None:
    state = replace(begun(), hand=("Pine Knot",))
    state = replace(state, forage=tuple(c for c in state.forage if c != "Pine Knot"))
    after, _ = apply(state, EndActions(), Chance(0))
    assert after.hand == () and after.segments[-1] == ("Pine Knot",)


# --- 3. monster attacks: the rulebook's worked example -------------------------------------


def example() -> State:
    """The rulebook's example: Defender at NW, Firetender (level 2) at NE, Leader at S; at N a
    stack of 3 flames (Smoke Wraith 2 + Cinder Rat 1) between the Defender and the Firetender; at
    NE a 1-flame 1-claw Thorn Boar; at S a 1-flame 2-claw Ember Bear."""
    state = ring(begun("warrior"), NW="Defender", NE="Firetender", S="Leader")
    return replace(
        state,
        phase="attacks",
        promoted=frozenset({"Firetender"}),
        wild=(("Dry Moss", "Cedar Chip"), ("Thorn Twig",), (), (), ("Oak Log",), (), (), ()),
        event=None,
        attacked=frozenset(),
        top="Pine Knot",
        segments=(("Birch Bark", "Fern Frond", "Hemlock", "Old Stump"), (NIGHT,)),
        forage=(),
    )


def test_attack_stacked_monsters_target_the_defender_or_the_firetender_you_choose() -> None:
    state = example()
    assert closest(state, loc("N")) == ("Firetender", "Defender") or set(
        closest(state, loc("N"))
    ) == {"Defender", "Firetender"}
    assert {a.target for a in legal(state) if a.location == "N"} == {"Defender", "Firetender"}


def test_attack_the_firetenders_passive_reduces_3_flames_to_2() -> None:
    after, report = apply(example(), Attack("N", "Firetender"), Chance(0))
    assert len(after.forage) == 2
    assert "3 flames, 1 ignored: 2 burn Pine Knot and " in report.lines[-1]


def test_attack_a_1_flame_attack_on_the_level_2_firetender_is_fully_negated() -> None:
    after, report = apply(example(), Attack("NE", "Firetender"), Chance(0))
    assert after.forage == () and report.outcome == "survived"


def test_attack_the_leader_is_defeated_by_2_claws_flipped_to_level_1_and_in_the_tent() -> None:
    after, report = apply(example(), Attack("S", "Leader"), Chance(0))
    assert len(after.forage) == 1 and report.outcome == "defeated"
    assert "Leader" in after.tent and "Leader" in after.fallen and after.camp[loc("S")] is None


def test_attack_targets_only_the_closest_hero() -> None:
    assert [a.target for a in legal(example()) if a.location == "S"] == ["Leader"]


def test_attack_damage_does_not_carry_over_between_attacks() -> None:
    state = example()
    state, _ = apply(state, Attack("NE", "Firetender"), Chance(0))
    state, _ = apply(state, Attack("N", "Firetender"), Chance(0))
    assert state.camp[loc("NE")] == "Firetender"  # 1 claw + 0 claws, health 3


def test_an_attack_refused_before_anything_changes() -> None:
    state = example()
    with pytest.raises(IllegalAction, match="not allowed now"):
        apply(state, Attack("S", "Defender"), Chance(0))


# --- 4. reinforce, time passes, winning -----------------------------------------------------


def test_reinforce_a_hero_placed_in_the_tent_this_turn_may_not_return() -> None:
    state, _ = apply(example(), Attack("S", "Leader"), Chance(0))
    state = replace(state, phase="reinforce")
    assert all(a.hero != "Leader" for a in legal(state) if isinstance(a, Reinforce))


def test_reinforce_into_an_empty_location_first() -> None:
    state = replace(example(), phase="reinforce")
    spaces = {a.location for a in legal(state) if isinstance(a, Reinforce)}
    assert spaces and all(not state.wild[loc(s)] and state.camp[loc(s)] is None for s in spaces)


def test_night_card_at_1_hour_set_aside_and_surviving_the_turn_wins() -> None:
    state = replace(example(), phase="reinforce", last_hour=True, tent=(), fallen=frozenset())
    state = replace(
        state, camp=("Defender", "Firetender", "Leader", "Scout") + (None,) * 3 + ("Herbalist",)
    )
    won, _ = apply(state, EndTurn(), Chance(0))
    assert won.phase == "won"


def test_veteran_ignores_the_night_card_bonus() -> None:
    state = ring(begun("veteran"), S="Scout")
    state = replace(
        state,
        phase="spawn",
        top="Oak Log",
        segments=((NIGHT,), ("Pine Knot",)),
        wild=((),) * 8,
        spawns_left=1,
    )
    assert not _spawn(state).bonus


def test_lost_when_the_deck_runs_out_of_fire_cards() -> None:
    state = replace(example(), top="Pine Knot", segments=((NIGHT,),))
    lost, _ = apply(state, Attack("N", "Defender"), Chance(0))
    assert lost.phase == "lost" and "ran out of fire cards" in lost.reason


def test_lost_when_no_hero_is_left_in_camp() -> None:
    state = ring(example(), S="Leader")
    lost, _ = apply(state, Attack("S", "Leader"), Chance(0))
    assert lost.phase == "lost" and lost.reason == "no hero is left in camp"


# --- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["recruit", "warrior", "veteran"])
def test_seeded_random_games_keep_the_invariants_and_replay(difficulty: str) -> None:
    for seed in range(15):
        journey: Any = Journey.start("embers", seed=seed, options={"difficulty": difficulty})
        pick = random.Random(seed)
        check_invariants(journey.state)
        while not journey.state.over:
            options = legal(journey.state)
            journey.play(pick.choice(options))
            check_invariants(journey.state)
            assert len(set(h for h in journey.state.camp if h)) == len(journey.state.in_camp())
        again: Any = Journey.from_json(journey.to_json())
        assert again.state == journey.state


def test_the_supplied_outcomes_replay_the_same_game() -> None:
    state, report = apply(initial({}), Begin(), Chance(5))
    again, _ = apply(initial({}), Begin(), Supplied(list(report.revealed)))
    assert again == state
