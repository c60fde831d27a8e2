"""What random play knows of Embers beyond the generic checker: its heuristic player mixed in so
nights reach dawn, actions of every kind aimed where the rules refuse them, the invariants of the
rules' text, each attack's report against the ring, and the ring's questions (:data:`DRIVER`).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from picks import SENSIBLE

from rules import embers
from rules.embers import actions as EA
from rules.errors import InvalidInput
from rules.play.check import Driver

__all__ = ["DRIVER"]


def embers_pick(state: embers.State, rng: random.Random) -> Any:
    legal = embers.legal(state)
    if rng.random() < SENSIBLE["embers"]:
        action = embers.heuristic(state)
        assert action in legal, (action, state.phase)
        return action
    return rng.choice(legal)


def embers_not_offered(state: embers.State) -> list[Any]:
    """Actions of every kind, for every hero and location, that :func:`legal` does not list:
    the wrong phase, a hero in the tent or done acting, an empty location, a taken space."""
    heroes = sorted(hero.name for hero in state.cards.heroes)
    legal = set(embers.legal(state))
    found: list[Any] = [EA.Begin(), EA.EndActions(), EA.EndTurn()]
    found += [EA.Promote(h) for h in heroes]
    for hero in heroes:
        side = state.cards.sides[hero, state.level(hero)]
        found += [EA.Act(hero, a.name, loc) for a in side.actions for loc in embers.LOCATIONS[:3]]
        found += [EA.Act(hero, EA.MANEUVER, loc) for loc in embers.LOCATIONS]
        found += [EA.Act(hero, EA.PROMOTE)]
        found += [EA.Reinforce(hero, loc) for loc in embers.LOCATIONS]
        found += [EA.Attack(loc, hero) for loc in embers.LOCATIONS]
    return [action for action in found if action not in legal]


def embers_malformed(state: embers.State) -> list[Callable[[], Any]]:
    hero = state.in_camp()[0] if state.in_camp() else "Defender"
    return [
        lambda: EA.Act("Nobody", "Guard", "N"),
        lambda: EA.Act(hero, "Fly", ""),
        lambda: EA.Act(hero, EA.MANEUVER, "ZZ"),
        lambda: EA.Attack("ZZ", hero),
        lambda: EA.Reinforce(hero, "Q"),
        lambda: EA.Promote("Nobody"),
        lambda: EA.Act(hero, 5, "N"),  # type: ignore[arg-type]
    ]


def embers_probe(state: embers.State, action: Any) -> None:
    """The ring's questions: where the next monster spawns (none when no fire card is left
    below the top: a refusal the panel shows) and whether the Night card is next."""
    if state.phase == "setup" or state.over:
        return
    try:
        assert sum(embers.spawn_location(state).values()) == 1
    except InvalidInput:
        assert not any(run != (embers.NIGHT,) for run in state.segments), state.segments
    assert embers.night_within(state, 1) in (0, 1)
    assert len(embers.next_cards(state, 3)) <= 3


def embers_check(state: embers.State) -> None:
    """ "1 Night card [...] 12 fire cards" (RULES-NOTES), each in one place: the top, the deck,
    the forage pile, the hand or a stack in the wild ("Winning: the Night card at 1 hour is set
    aside", house rule); one hero per camp space, each of the 5 heroes in the camp or the tent,
    never both, at most 4 in camp ("Four heroes start on the cardinal camp spaces [...], the
    fifth in the tent"; reinforcing stops at 4); a promoted hero is in camp; 1..4 hours to dawn."""
    if state.phase == "setup":
        return
    fire = [card.name for card in state.cards.fire]
    assert len(fire) == 12, fire
    deck = [*((state.top,) if state.top else ()), *(c for run in state.segments for c in run)]
    seen = Counter([*deck, *state.forage, *state.hand, *(c for s in state.wild for c in s)])
    expected = Counter(fire) + (Counter() if state.last_hour else Counter([embers.NIGHT]))
    assert seen == expected, (seen - expected, expected - seen)
    heroes = sorted(hero.name for hero in state.cards.heroes)
    camp = state.in_camp()
    assert len(camp) == len(set(camp)) <= 4, state.camp
    assert sorted([*camp, *state.tent]) == heroes, (state.camp, state.tent)
    assert state.promoted <= set(camp), (state.promoted, camp)
    # 0 when an event takes all of a hero's points ("never below 0"): the hero has not acted,
    # so it stays listed and a Rally may still give it points
    assert all(points >= 0 and hero in camp for hero, points in state.points), state.points
    assert 1 <= state.hours <= 4, state.hours


#: An attack's report line (rules.embers.preview's words): "the attack at SE on Firetender: 2
#: flames burn Hemlock and Thorn Twig; Firetender falls: 2 claws against 2 health (…)", or with a
#: passive "…; Defender stands: 2 claws, 1 ignored: 1 against 3 health" (the last count lands);
#: after a Night card's free promote, "the attack at SE on Firetender goes on: …".
_CLAWS = re.compile(
    r"the attack at (\w+) on (\w[\w ]*?)(?: goes on)?: .*?; \2 (?:falls|stands): (\d+) claws?"
    r"(?:, \d+ ignored: (\d+))? against \d+ health.*"
)


def embers_check_step(before: embers.State, action: Any, report: Any, after: embers.State) -> None:
    """Damage within health: an attack defeats its target exactly when its claws reach the
    target's health ("Health is the number of claws one attack needs to defeat a hero"), and a
    defeated hero leaves the camp for the tent (the state keeps no damage). "Whenever you reveal
    the Night Card, resolve it immediately": an attack a Night card paused lands no claws; they
    land after the free promote, on the side the target shows then."""
    found = [m for line in report.lines if (m := _CLAWS.fullmatch(line.removesuffix(", defeated")))]
    if isinstance(action, EA.Promote) and before.paused is not None:
        target = before.paused[1]
        now = before._replace(promoted=before.promoted | {action.hero})
    elif isinstance(action, EA.Attack) and after.paused is None:
        target, now = action.target, before
    else:
        assert not found, report.lines
        return
    if report.outcome == "lost" and not found:  # the flames emptied the deck first: lost at once
        assert after.reason == "the deck ran out of fire cards", after.reason
        return
    assert len(found) == 1, report.lines
    claws = int(found[0].group(4) or found[0].group(3))
    health = now.side(target).health
    defeated = report.outcome == "defeated"
    assert defeated == (claws >= health), (report, health)
    assert (target in after.in_camp()) != defeated, (action, after.camp)
    assert (target in after.tent) == defeated, (action, after.tent)


#: What the tests know of Embers beyond the generic checker.
DRIVER = Driver(
    pick=embers_pick,
    not_offered=embers_not_offered,
    malformed=embers_malformed,
    check=embers_check,
    probe=embers_probe,
    check_step=embers_check_step,
    options=lambda rng: {"difficulty": rng.choice(embers.DIFFICULTIES)},
)
