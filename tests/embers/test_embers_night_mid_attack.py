"""Embers read closer to its text: "Whenever you reveal the Night Card, resolve it
immediately and then continue the turn from where you left off." A Night card a monster's flame
reveals during an attack is resolved there, before the attack's claws: the free promote is a
choice the attack waits for, then the attack goes on with the side the hero shows then.

Journeys recorded before this reading (no "night" option) replay as they were played: the attack
finished first and the bonus was offered after it.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.embers import (
    HOUSE_RULES,
    NIGHT,
    Attack,
    Begin,
    Promote,
    State,
    apply,
    initial,
    legal,
    start_options,
)
from rules.embers.cards import LOCATIONS
from rules.embers.preview import attack_preview
from rules.errors import InvalidInput
from rules.record.journey import Journey, game
from rules.table.chance import Chance

replace = State._replace

#: Monsters of the shipped set: Oak Log's Ember Bear (1 flame, 2 claws), Dry Moss's Smoke
#: Wraith (2 flames), Birch Bark's Cinder Rat (1 flame).
BEAR, WRAITH, RAT = "Oak Log", "Dry Moss", "Birch Bark"


def attacks(
    night: str,
    heroes: dict[str, str],
    wild: dict[str, tuple[str, ...]],
    top: str,
    promoted: frozenset[str] = frozenset(),
    difficulty: str = "warrior",
) -> State:
    """The attacks step of a constructed night: ``heroes`` by location, ``wild`` stacks by
    location, ``top`` on the deck with the Night card right under it, then the other cards."""
    options: dict[str, Any] = {"difficulty": difficulty, "night": night}
    state, _ = apply(initial(options), Begin(), Chance(1))
    camp: list[str | None] = [None] * 8
    for where, hero in heroes.items():
        camp[LOCATIONS.index(where)] = hero
    stacks = [()] * 8
    for where, cards in wild.items():
        stacks[LOCATIONS.index(where)] = cards
    used = {top, *(card for cards in wild.values() for card in cards)}
    rest = tuple(c for c in state.cards.fire_names if c not in used)
    return replace(
        state, phase="attacks", camp=tuple(camp), wild=tuple(stacks), promoted=promoted,
        tent=tuple(h for h in state.cards.hero_names if h not in heroes.values()),
        top=top, segments=((NIGHT,), rest), forage=(), hand=(), event=None,
        attacked=frozenset(), points=(), current=None,
    )  # fmt: skip


def test_whenever_you_reveal_the_night_card_resolve_it_immediately_during_an_attack() -> None:
    """The Ember Bear's flame burns the top card and reveals the Night card: the free promote
    comes now, before the 2 claws. The level-1 Defender (2 health) flipped for free faces them
    as the Shield Captain (3 health, ignores 2 claws) and stands."""
    state = attacks("immediately", {"N": "Defender", "S": "Scout"}, {"N": (BEAR,)}, "Pine Knot")
    paused, report = apply(state, Attack("N", "Defender"), Chance(0))
    assert paused.bonus and paused.phase == "attacks" and paused.hours == 3
    assert paused.paused == ("N", "Defender", 1)
    assert paused.forage == ("Pine Knot",) and "Defender" not in paused.tent
    assert set(legal(paused)) == {Promote("Defender"), Promote("Scout")}
    assert report.lines[-1] == (
        "the attack at N on Defender: 1 flame burns Pine Knot so far; the Night card comes up:"
        " a free promote before the rest of the attack"
    )
    after, report = apply(paused, Promote("Defender"), Chance(0))
    assert after.paused is None and not after.bonus and after.level("Defender") == 2
    assert after.camp[0] == "Defender" and after.phase == "reinforce"
    assert report.lines == (
        "Defender flips to level 2 for free",
        "the attack at N on Defender goes on: no flames left; "
        "Defender stands: 2 claws, 2 ignored: 0 against 3 health",
    )
    assert report.outcome == "survived"


def test_the_night_card_resolved_mid_attack_the_claws_then_land_on_the_side_shown() -> None:
    """The free promote goes to another hero: the attack goes on against the level-1 Defender,
    who falls to the 2 claws."""
    state = attacks("immediately", {"N": "Defender", "S": "Scout"}, {"N": (BEAR,)}, "Pine Knot")
    paused, _ = apply(state, Attack("N", "Defender"), Chance(0))
    after, report = apply(paused, Promote("Scout"), Chance(0))
    assert after.level("Scout") == 2 and "Defender" in after.tent and after.level("Defender") == 1
    assert report.lines[-1] == (
        "the attack at N on Defender goes on: no flames left; "
        "Defender falls: 2 claws against 2 health (level 1, to the tent)"
    )
    assert report.outcome == "defeated"


def test_the_night_card_bonus_is_not_lost_when_the_only_level_1_hero_would_fall() -> None:
    """Read before, the attack finished first: the Defender, the only level-1 hero in camp, fell
    and the bonus was lost. Read as the text says, the Defender is still in camp when the Night
    card comes up, takes the free promote and stands."""
    heroes = {"N": "Defender", "S": "Scout"}
    old = attacks("after_attack", heroes, {"N": (BEAR,)}, "Pine Knot", frozenset({"Scout"}))
    after, _ = apply(old, Attack("N", "Defender"), Chance(0))
    assert not after.bonus and "Defender" in after.tent and after.phase == "reinforce"
    new = attacks("immediately", heroes, {"N": (BEAR,)}, "Pine Knot", frozenset({"Scout"}))
    paused, _ = apply(new, Attack("N", "Defender"), Chance(0))
    assert legal(paused) == [Promote("Defender")]
    after, _ = apply(paused, Promote("Defender"), Chance(0))
    assert after.camp[0] == "Defender" and after.level("Defender") == 2


def test_the_flames_left_after_the_night_card_burn_with_the_side_then_shown() -> None:
    """ "If the attack targets the level-2 Firetender, it deals 1 less damage to the fire": 3
    flames at the level-1 Firetender, the first reveals the Night card; flipped for free, the
    Keeper of the Flame ignores one of the two flames left. Promoting another hero, both burn."""
    stack = {"N": (WRAITH, RAT)}
    heroes = {"N": "Firetender", "S": "Scout"}
    state = attacks("immediately", heroes, stack, "Pine Knot")
    paused, _ = apply(state, Attack("N", "Firetender"), Chance(0))
    assert paused.paused == ("N", "Firetender", 1) and len(paused.forage) == 1
    kept, report = apply(paused, Promote("Firetender"), Chance(0))
    assert len(kept.forage) == 2
    assert report.lines[-1].startswith(
        "the attack at N on Firetender goes on: 2 flames, 1 ignored: 1 burns "
    )
    burned, _ = apply(paused, Promote("Scout"), Chance(0))
    assert len(burned.forage) == 3


def test_journeys_recorded_before_this_reading_replay_as_they_were_played() -> None:
    """A record without the "night" option is an old journey: its attack ends before the bonus,
    so it replays unchanged; a journey begun now records the new reading."""
    assert initial({}).night == "after_attack"
    assert start_options("recruit")["night"] == "immediately"
    assert Journey.start("embers", seed=1).options["night"] == "immediately"
    old: Any = Journey(game("embers"), 1, {"difficulty": "recruit"})
    assert old.state.night == "after_attack"
    with pytest.raises(InvalidInput, match="'soon'"):
        initial({"night": "soon"})


def test_the_reading_is_named_in_the_house_rules() -> None:
    assert "before the attack's claws" in HOUSE_RULES["night mid-attack"]
    assert "card under the Night card" in HOUSE_RULES["night mid-attack"]


def test_the_preview_of_an_attack_the_night_card_pauses_says_both_fates() -> None:
    state = attacks("immediately", {"N": "Defender", "S": "Scout"}, {"N": (BEAR,)}, "Pine Knot")
    p = attack_preview(state, Attack("N", "Defender"))
    assert p.pause == 1 and p.bonus and p.falls and p.if_promoted is not None
    assert not p.if_promoted.falls
    assert p.text() == (
        "1 flame burns Pine Knot; the Night card comes up after 1 flame: 4 hours to dawn, then 3,"
        " and a free promote before the rest of the attack; Defender falls: 2 claws against 2"
        " health; with the free promote, Defender stands: 2 claws, 2 ignored: 0 against 3 health"
    )
