"""A refused Embers move says why, in a sentence ("Scout is in the tent", "the Smoke
Wraith at SE is out of reach", "Promote costs 4 points; Scout has 2"), not only the list of
what is allowed. Each test is named after the reason it checks, on a constructed state."""

from __future__ import annotations

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
    initial,
    legal,
    why_not,
)
from rules.embers.cards import LOCATIONS
from rules.errors import IllegalAction
from rules.table.chance import Chance

replace = State._replace
WRAITH = "Dry Moss"  # its monster: the Smoke Wraith


def camp_of(**heroes: str) -> tuple[str | None, ...]:
    camp: list[str | None] = [None] * 8
    for where, hero in heroes.items():
        camp[LOCATIONS.index(where)] = hero
    return tuple(camp)


def acting(points: int = 2, **heroes: str) -> State:
    """The actions step, ``heroes`` placed by location with ``points`` each, no event; the
    Smoke Wraith at SE; four cards on the forage pile."""
    state, _ = apply(initial({"difficulty": "warrior"}), Begin(), Chance(1))
    rest = [c for c in state.cards.fire_names if c != WRAITH]
    return replace(
        state, phase="actions", camp=camp_of(**heroes), event=None, current=None,
        tent=tuple(h for h in state.cards.hero_names if h not in heroes.values()),
        wild=tuple((WRAITH,) if name == "SE" else () for name in LOCATIONS),
        top=rest[0], segments=(tuple(rest[1:7]), (NIGHT,)), forage=tuple(rest[7:]), hand=(),
        points=tuple((h, points) for h in camp_of(**heroes) if h is not None),
    )  # fmt: skip


def refused(state: State, action: object) -> str:
    reason = why_not(state, action)
    assert reason is not None and action not in legal(state)
    with pytest.raises(IllegalAction) as raised:
        apply(state, action, Chance(0))
    assert str(raised.value) == reason
    assert reason.startswith(f"{action!r} is not allowed now: ")
    return reason


def test_scout_is_in_the_tent() -> None:
    state = acting(N="Defender", E="Leader", S="Firetender", W="Herbalist")
    assert "Scout is in the tent" in refused(state, Act("Scout", "Arrow", "SE"))


def test_the_smoke_wraith_at_se_is_out_of_reach() -> None:
    state = acting(N="Scout", S="Defender")
    said = refused(state, Act("Scout", "Arrow", "SE"))
    assert (
        "the Smoke Wraith at SE is out of reach: Arrow reaches 0 steps from N, SE is 3 steps away"
        in said
    )


def test_promote_costs_4_points_scout_has_2() -> None:
    said = refused(acting(N="Scout", S="Defender"), Act("Scout", "Promote"))
    assert "Promote costs 4 points; Scout has 2" in said


def test_a_card_action_costs_more_points_than_the_hero_has() -> None:
    said = refused(acting(1, N="Defender", S="Scout"), Act("Defender", "Charge", "NE"))
    assert "Charge costs 2 points; Defender has 1" in said


def test_no_monster_is_there_to_defend_against() -> None:
    said = refused(acting(N="Defender", S="Scout"), Act("Defender", "Guard", "N"))
    assert "no monster is at N" in said


def test_a_hero_has_no_action_of_that_name() -> None:
    said = refused(acting(N="Defender", S="Scout"), Act("Defender", "Fireball", "N"))
    assert "Defender has no action called 'Fireball' (Guard, Charge, Promote, Maneuver)" in said


def test_there_is_no_hero_of_that_name() -> None:
    said = refused(acting(N="Defender"), Act("Wizard", "Guard", "N"))
    assert "there is no hero called 'Wizard'" in said


def test_a_hero_whose_actions_ended_has_no_points_left() -> None:
    state = replace(acting(N="Defender", S="Scout"), points=(("Scout", 2),))
    said = refused(state, Act("Defender", "Maneuver", "NE"))
    assert "Defender has no action points left this turn" in said


def test_already_on_its_level_2_side() -> None:
    state = replace(acting(N="Scout", S="Defender"), promoted=frozenset({"Scout"}))
    assert "Scout is already on its level-2 side (Ranger)" in refused(
        state, Act("Scout", "Promote")
    )


def test_a_step_goes_only_to_an_adjacent_empty_camp_space() -> None:
    state = acting(N="Defender", NE="Leader", S="Scout")
    assert "NE holds Leader" in refused(state, Act("Defender", "Maneuver", "NE"))
    said = refused(state, Act("Defender", "Maneuver", "E"))
    assert "Defender steps only to a camp space next to it: E is 2 steps from N" in said


def test_the_forage_pile_is_empty() -> None:
    state = replace(acting(N="Firetender", S="Scout"), forage=())
    said = refused(state, Act("Firetender", "Gather Kindling"))
    assert "the forage pile is empty" in said


def test_a_rally_goes_to_a_hero_yet_to_act() -> None:
    state = replace(acting(N="Leader", S="Scout"), points=(("Leader", 2),))
    said = refused(state, Act("Leader", "Rally", "Scout"))
    assert "Scout has acted this turn: Rally gives points to a hero yet to act" in said
    said = refused(acting(N="Leader", S="Scout"), Act("Leader", "Rally", "Leader"))
    assert "Leader cannot rally itself" in said


def test_heroes_act_only_in_the_actions_step() -> None:
    state = replace(acting(N="Defender", S="Scout"), phase="attacks", wild=((WRAITH,),) + ((),) * 7)
    said = refused(state, Act("Defender", "Guard", "N"))
    assert "heroes act only in the actions step; now: the monsters attack" in said
    assert "End actions ends the actions step; now: the monsters attack" in refused(
        state, EndActions()
    )


def test_each_attack_always_targets_the_hero_closest_to_that_location() -> None:
    state = replace(acting(N="Defender", S="Scout"), phase="attacks", wild=((WRAITH,),) + ((),) * 7)
    said = refused(state, Attack("N", "Scout"))
    assert "the attack at N targets the hero closest to it, Defender, not Scout" in said
    assert "no monster is at E" in refused(state, Attack("E", "Defender"))
    done = replace(state, attacked=frozenset({0}), wild=((WRAITH,), ("Oak Log",)) + ((),) * 6)
    assert "the monsters at N have attacked this turn" in refused(done, Attack("N", "Defender"))


def test_the_night_cards_free_promote_comes_first() -> None:
    state = replace(acting(N="Defender", S="Scout"), phase="attacks", bonus=True)
    said = refused(state, Attack("SE", "Scout"))
    assert "the Night card's free promote comes first: choose a hero to flip" in said
    state = replace(state, promoted=frozenset({"Scout"}))
    assert "Scout is already on its level-2 side (Ranger)" in refused(state, Promote("Scout"))
    no_bonus = replace(state, bonus=False)
    assert "no Night card bonus is waiting" in refused(no_bonus, Promote("Defender"))


def test_a_hero_placed_in_the_tent_this_turn_may_not_return() -> None:
    state = replace(
        acting(N="Defender", S="Scout"), phase="reinforce", fallen=frozenset({"Leader"}),
        tent=("Firetender", "Herbalist", "Leader"), wild=((),) * 8, points=(),
    )  # fmt: skip
    said = refused(state, Reinforce("Leader", "E"))
    assert "Leader was placed in the tent this turn: not before the next turn" in said
    assert "Defender is in camp, not in the tent" in refused(state, Reinforce("Defender", "E"))
    assert "S holds Scout" in refused(state, Reinforce("Herbalist", "S"))
    said = refused(state, EndTurn())
    assert "a reinforcement comes first: fewer than 4 heroes are in camp" in said


def test_a_reinforcement_goes_to_an_empty_location_while_there_is_one() -> None:
    state = replace(
        acting(N="Defender", S="Scout"), phase="reinforce", tent=("Firetender", "Herbalist",
        "Leader"), points=(),
    )  # fmt: skip
    said = refused(state, Reinforce("Leader", "SE"))
    assert "SE has monsters: a reinforcement goes to an empty location while there is one" in said


def test_the_night_has_begun_already() -> None:
    assert "the night has begun already" in refused(acting(N="Defender"), Begin())


def test_every_move_not_offered_in_seeded_nights_is_refused_with_a_reason() -> None:
    """Over seeded nights, every hero action, attack, reinforcement and promote that legal()
    does not offer gets a reason of its own (never the catch-all), and apply refuses it."""
    checked = 0
    for seed in range(6):
        options = {
            "difficulty": ("recruit", "warrior", "veteran")[seed % 3],
            "night": "immediately",
        }
        state, _ = apply(initial(options), Begin(), Chance(seed))
        step = 0
        while not state.over and step < 120:
            offered = legal(state)
            for hero in state.cards.hero_names:
                side = state.side(hero)
                names = [a.name for a in side.actions] + ["Promote", "Maneuver", "Fly"]
                tried = [Act(hero, name, where) for name in names for where in ("", *LOCATIONS)]
                tried += [Act(hero, "Rally", other) for other in state.cards.hero_names]
                tried += [Attack(where, hero) for where in LOCATIONS]
                tried += [Reinforce(hero, where) for where in LOCATIONS] + [Promote(hero)]
                for action in [*tried, EndActions(), EndTurn(), Begin()]:
                    if action in offered:
                        continue
                    reason = why_not(state, action)
                    assert reason is not None and "not an Embers move" not in reason, reason
                    checked += 1
            state, _ = apply(state, offered[seed % len(offered)], Chance(seed * 1000 + step))
            step += 1
    assert checked > 10_000
