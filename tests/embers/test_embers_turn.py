"""More of the rulebook, sentence by sentence: hero actions, time passing, reinforcements."""

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
    parse,
)
from rules.embers.cards import LOCATIONS
from rules.errors import IllegalAction, InvalidInput
from rules.table.chance import Chance

replace = State._replace  # a state with some fields changed


def loc(name: str) -> int:
    return LOCATIONS.index(name)


def acting(**heroes: str) -> State:
    """The actions step with the heroes placed (2 points each), no event, no monsters."""
    state, _ = apply(initial({"difficulty": "warrior"}), Begin(), Chance(1))
    camp: list[str | None] = [None] * 8
    for where, hero in heroes.items():
        camp[loc(where)] = hero
    tent = tuple(h.name for h in state.cards.heroes if h.name not in heroes.values())
    everything = sorted(c.name for c in state.cards.fire)
    return replace(
        state,
        camp=tuple(camp),
        tent=tent,
        phase="actions",
        event=None,
        top=everything[0],
        segments=(tuple(everything[1:8]), (NIGHT,)),
        forage=tuple(everything[8:]),
        wild=((),) * 8,
        hand=(),
        points=tuple((h, 2) for h in camp if h is not None),
        current=None,
    )


def test_defend_defeats_a_monster_at_a_reachable_location_and_its_card_goes_to_your_hand() -> None:
    forage = acting(N="Defender").forage
    state = replace(acting(N="Defender"), forage=forage[1:], wild=((forage[0],),) + ((),) * 7)
    after, _ = apply(state, Act("Defender", "Guard", "N"), Chance(0))
    assert after.wild[0] == () and after.hand == (forage[0],)


def test_defend_cannot_reach_beyond_its_range() -> None:
    state = acting(N="Defender")
    state = replace(
        state, forage=state.forage[1:], wild=((),) * 4 + ((state.forage[0],),) + ((),) * 3
    )
    assert all(not (isinstance(a, Act) and a.action == "Guard") for a in legal(state))


def test_forage_takes_cards_from_the_forage_pile_into_your_hand() -> None:
    state = acting(N="Firetender")
    after, _ = apply(state, Act("Firetender", "Gather Kindling"), Chance(0))
    assert after.hand == state.forage[:1] and after.forage == state.forage[1:]


def test_promote_flips_a_hero_to_level_2_at_its_cost() -> None:
    state = replace(acting(N="Herbalist"), points=(("Herbalist", 3),))  # promote costs 2
    after, _ = apply(state, Act("Herbalist", "Promote"), Chance(0))
    assert after.level("Herbalist") == 2 and dict(after.points) == {"Herbalist": 1}


def test_promote_is_not_offered_without_the_points() -> None:
    assert Act("Defender", "Promote") not in legal(acting(N="Defender"))  # costs 4


def test_rally_gives_a_hero_who_has_not_acted_an_action_point() -> None:
    state = acting(N="Leader", S="Scout")
    after, _ = apply(state, Act("Leader", "Rally", "Scout"), Chance(0))
    assert dict(after.points)["Scout"] == 3


def test_maneuver_step_moves_to_an_adjacent_empty_camp_space() -> None:
    state = acting(N="Defender", NE="Scout")
    moves = {
        a.target
        for a in legal(state)
        if isinstance(a, Act) and a.hero == "Defender" and a.action == "Maneuver"
    }
    assert moves == {"NW"}
    after, _ = apply(state, Act("Defender", "Maneuver", "NW"), Chance(0))
    assert after.camp[loc("NW")] == "Defender" and after.camp[0] is None


def test_maneuver_swap_trades_places_with_an_adjacent_hero() -> None:
    state = acting(N="Leader", NE="Scout")
    after, _ = apply(state, Act("Leader", "Maneuver", "NE"), Chance(0))
    assert after.camp[0] == "Scout" and after.camp[1] == "Leader"


def test_a_heros_actions_are_refused_after_another_hero_started() -> None:
    state = acting(N="Firetender", S="Herbalist")
    state, _ = apply(state, Act("Firetender", "Gather Kindling"), Chance(0))
    state, _ = apply(state, Act("Herbalist", "Forage"), Chance(0))
    with pytest.raises(IllegalAction, match="not allowed now"):
        apply(state, Act("Firetender", "Gather Kindling"), Chance(0))


def test_a_hero_may_be_targeted_for_multiple_attacks_in_the_same_turn() -> None:
    state = acting(N="Defender")
    f = state.forage
    state = replace(state, phase="attacks", forage=(), wild=((f[0],), (f[1],)) + ((),) * 6)
    state = replace(state, segments=((*state.segments[0], *f[2:]), (NIGHT,)))
    state, _ = apply(state, Attack("N", "Defender"), Chance(0))
    assert any(a.target == "Defender" for a in legal(state))


def test_if_multiple_heroes_are_tied_for_closest_choose_one() -> None:
    state = acting(NW="Defender", NE="Scout")
    f = state.forage
    state = replace(state, phase="attacks", forage=f[1:], wild=((f[0],),) + ((),) * 7)
    assert {a.target for a in legal(state)} == {"Defender", "Scout"}


def test_night_card_revealed_by_fire_damage_resolves_then_the_attacks_continue() -> None:
    state = acting(N="Defender", S="Scout")
    f = state.forage
    wraith = "Dry Moss"  # 2 flames
    rest = tuple(c for c in (state.top, *state.segments[0], *f) if c != wraith)
    state = replace(
        state,
        phase="attacks",
        forage=(),
        wild=((wraith,),) + ((),) * 7,
        top=rest[0],
        segments=((NIGHT,), rest[1:]),
    )
    after, _ = apply(state, Attack("N", "Defender"), Chance(0))
    assert after.hours == 3 and after.bonus and after.phase == "attacks"
    assert set(legal(after)) == {Promote("Defender"), Promote("Scout")}
    after, _ = apply(after, Promote("Scout"), Chance(0))
    assert after.phase == "reinforce" and after.level("Scout") == 2


def test_night_card_at_4_3_or_2_hours_flips_to_reduce_time_and_goes_to_the_bottom() -> None:
    state = acting(N="Defender")
    rest = (*state.segments[0], *state.forage)
    state = replace(state, phase="spawn", spawns_left=1, forage=(), segments=((NIGHT,), rest))
    from rules.embers.game import _Work

    work = _Work(state, Chance(0))
    work.spawn()
    after = work.freeze()
    assert after.hours == 3 and after.segments[-1] == (NIGHT,)


def test_reinforce_with_no_empty_location_any_empty_camp_space() -> None:
    state = acting(N="Defender", E="Leader", S="Scout")
    f = state.forage
    wild = tuple((f[i % 4],) for i in range(8))
    state = replace(state, phase="reinforce", wild=wild, forage=())
    spaces = {a.location for a in legal(state) if isinstance(a, Reinforce)}
    assert spaces == {LOCATIONS[i] for i in range(8) if state.camp[i] is None}


def test_reinforce_repeats_until_4_heroes_are_in_camp_then_the_turn_ends() -> None:
    state = replace(acting(N="Defender", E="Leader", S="Scout"), phase="reinforce")
    state, _ = apply(state, legal(state)[0], Chance(0))
    assert len(state.in_camp()) == 4 and legal(state) == [EndTurn()]


def test_end_actions_is_always_offered_during_actions() -> None:
    assert EndActions() in legal(acting(N="Defender"))


def test_actions_parse_from_json_and_unknown_kinds_are_refused() -> None:
    assert parse(Act("Defender", "Guard", "N").to_json()) == Act("Defender", "Guard", "N")
    with pytest.raises(InvalidInput, match="no Embers action of kind 'dance'"):
        parse({"kind": "dance"})


def test_unknown_options_and_difficulties_are_refused() -> None:
    with pytest.raises(InvalidInput, match="'hard'"):
        initial({"difficulty": "hard"})
    with pytest.raises(InvalidInput, match="seed"):
        initial({"seed": 1})
