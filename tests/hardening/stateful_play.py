"""Random play for every registered game: legal moves, moves that must be refused, invariants.

Shared by the Hypothesis state machines (``test_stateful_play.py``) and ``make fuzz``
(``fuzz.py``), which play every game of the registry (:data:`GAMES`) through the generic checker
(:class:`rules.play.check.RandomPlay`): a game's ``legal`` moves, refusals, undo, replay,
pickling and its own invariants, with nothing written here for it. A game gets a
:class:`~rules.play.check.Driver` here only for what the generic checker cannot know: the
shipped three mix in a sensible player that carries journeys to their endings (Firelights and
Voidlight weigh the kinds of move their ``legal`` lists, :func:`by_kind`: a Check in each
Position is one move, not twenty), aim refusals at their own values (a kind not offered, a wrong hero, a value out of
range), check invariants from the rules' text, and ask what their panels ask. Every action
played is one ``legal`` lists, the sensible players' too (:func:`listed`).

Voidlight plays a crew of 1 to 6: now and then a character joins or leaves, and every action
about a character names them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rules import embers, firelights, voidlight
from rules.embers import actions as EA
from rules.errors import InvalidInput
from rules.firelights import actions as FA
from rules.firelights.moves import ROLLING
from rules.play.check import Driver, RandomPlay, frozen, replayed
from rules.play.check import refused as assert_refused
from rules.record.journey import GAMES as REGISTERED
from rules.record.journey import game
from rules.voidlight import actions as VA
from rules.voidlight.character import ATTRIBUTES, MAX_SCORE, SLOTS
from rules.voidlight.moves import ABOUT
from rules.voidlight.offered import NAMES as CREW_NAMES
from rules.voidlight.pools import FULL
from rules.voidlight.state import CREW_MOST, STATUSES, crew_status

__all__ = [
    "DRIVERS",
    "FIRELIGHTS_SAMPLES",
    "GAMES",
    "VOIDLIGHT_SAMPLES",
    "Driver",
    "assert_refused",
    "by_kind",
    "frozen",
    "listed",
    "random_play",
    "replayed",
    "voidlight_crew",
]

#: Every game the registry lists (installed packages' entry points among them), by name.
GAMES = sorted(REGISTERED)

#: How often a step plays the game's own sensible player instead of a random legal move, so that
#: journeys also reach their late states and endings (six beacons lit; dawn in Embers, where a
#: few random moves lose the night).
SENSIBLE = {"firelights": 0.5, "embers": 0.85}


def by_kind(
    kinds: Sequence[str],
    actions: Callable[[str], Sequence[Any]],
    rng: random.Random,
    weights: Mapping[str, float],
) -> Any:
    """One action of a kind offered: a kind among ``kinds`` (each of weight 1 unless ``weights``
    says), then one of its ``actions(kind)`` (what ``legal`` lists of it), so that a kind with
    many arguments (a Check in each Position, a Buy Information of each spend) is not picked for
    that alone. A kind with no action listed (its representative few all used: three pools open)
    makes way for another."""
    left = list(dict.fromkeys(kinds))
    while left:
        kind = rng.choices(left, weights=[weights.get(k, 1) for k in left])[0]
        found = actions(kind)
        if found:
            return rng.choice(found)
        left.remove(kind)
    raise AssertionError(f"legal lists no action of the kinds offered: {kinds!r}")


def listed(action: Any, offered: Sequence[Any]) -> Any:
    """The action of ``offered`` that is ``action`` but for the words a player types (a Rest's
    journal entry): a player's pick must be among what ``legal`` lists."""
    words = getattr(action, "words", ())
    plain = replace(action, **{name: "" for name in words})
    for each in offered:
        if each == action or (
            type(each) is type(action) and replace(each, **{name: "" for name in words}) == plain
        ):
            return each
    raise AssertionError(f"{action!r} is not among the actions legal lists: {offered!r}")


# --- Firelights ------------------------------------------------------------------------------------

_SENSIBLE_FIRELIGHT = firelights.SensiblePlayer()
#: How often each kind is picked when offered, against 1 for the others: consulting the tables and
#: writing slips change nothing in play, so they come now and then only.
FIRELIGHTS_WEIGHTS = {"consult": 0.03, "slip": 0.03}


def firelights_pick(state: firelights.State, rng: random.Random) -> Any:
    """The sensible player's action half the time (it must be one ``legal`` lists, the words it
    types aside), else a kind the rules offer at random and one of the actions ``legal`` lists
    of it (only that kind's actions are built)."""
    if rng.random() < SENSIBLE["firelights"]:
        action = _SENSIBLE_FIRELIGHT.next_action(state)
        return listed(action, firelights.legal_actions(state, action.kind))
    offered = firelights.available(state)
    return by_kind(offered, partial(firelights.legal_actions, state), rng, FIRELIGHTS_WEIGHTS)


#: A well-formed action of each kind, to play when the kind is not offered.
FIRELIGHTS_SAMPLES: dict[str, Callable[[firelights.State], Any]] = {
    "begin": lambda s: FA.Begin("Wick", "she/her", 2, 1, 0),
    "choose": lambda s: FA.Choose("random"),
    "confront": lambda s: FA.Confront("quick"),
    "search": lambda s: FA.Search("patient"),
    "buy": lambda s: FA.BuyInformation(1),
    "discover": lambda s: FA.Discover("forceful"),
    "fight": lambda s: FA.Fight("quick", s.facing or s.curses[0].name),
    "evade": lambda s: FA.Evade("quick"),
    "ask": lambda s: FA.Ask("even"),
    "travel": lambda s: FA.Travel(s.world.regions[-1].at if s.world.regions else (0, 0)),
    "rest": lambda s: FA.Rest(""),
    "flee": lambda s: FA.Flee(),
    "slip": lambda s: FA.Slip("a note"),
}


def firelights_not_offered(state: firelights.State) -> list[Any]:
    offered = firelights.available(state)
    return [sample(state) for kind, sample in FIRELIGHTS_SAMPLES.items() if kind not in offered]


def firelights_malformed(state: firelights.State) -> list[Callable[[], Any]]:
    perished = [t.name for t in state.curses if t.perished]
    found: list[Callable[[], Any]] = [
        lambda: FA.Travel((99, 99)),
        lambda: FA.BuyInformation(state.treasures + 1),
        lambda: FA.BuyInformation(0),
        lambda: FA.Choose("nothing"),
        lambda: FA.Discover("sideways"),
        lambda: FA.Confront("quick", "reveal", (99, 99)),
        lambda: FA.Fight("quick", "Wyrm"),
        lambda: FA.Ask("certain"),
        lambda: FA.Consult("weather"),
        lambda: FA.Begin("Wick", "she/her", 2, 2, 2),
    ]
    if not firelights.ignitable(state):
        found.append(lambda: FA.Confront("forceful", "ignite"))
    found += [lambda name=name: FA.Fight("quick", name) for name in perished]
    return found


def firelights_check(state: firelights.State) -> None:
    """ "Every card is in exactly one place" (rules/firelights/state.py) of the 52; "The Fatigue
    track has 5 boxes" (RULES-NOTES): Fatigue 0..5; treasures 0 or more ("Buy Information [...]
    spends no more than you hold"); an ended journey leaves no card in play and no choice
    pending."""
    places = firelights.locations(state)  # raises on a card in two places or a lost card
    assert len(places) == 52, len(places)
    assert 0 <= state.fatigue <= firelights.FATIGUE_BOXES, state.fatigue
    assert state.treasures >= 0, state.treasures
    assert state.status in ("playing", "complete", "extinguished"), state.status
    firelights.GAME.check(state)  # the game's own hook agrees
    if state.over:
        assert state.in_play == () and state.pending is None, (state.in_play, state.pending)


def firelights_probe(state: firelights.State, action: Any) -> None:
    """The panel's questions: the odds of a rolling action (exact, summing to 1), the label of
    each option of a pending choice, the risk of each offered kind."""
    if action.kind in ROLLING:
        assert sum(firelights.odds(state, action).values()) == 1
    if state.pending is not None:
        assert all(firelights.option_text(state, o) for o in state.pending.options)
    for kind in firelights.available(state):
        firelights.risk(state, kind)


# --- Voidlight -------------------------------------------------------------------------------------


#: A well-formed action of each kind, to play when the kind is not offered.
VOIDLIGHT_SAMPLES: dict[str, Any] = {
    "create": VA.Create("Vex", "she/her", 2, 1, 1, 1),
    "create_random": VA.CreateRandom("Rook"),
    "take": VA.Take("Pistol"),
    "drop": VA.Drop("Pistol"),
    "credits": VA.Credits(5),
    "check": VA.Check("vigor"),
    "push": VA.Push(),
    "cost": VA.Cost(),
    "skip_cost": VA.SkipCost(),
    "damage": VA.Damage(2),
    "condition": VA.GainCondition("Sick"),
    "treat": VA.Treat("Sick"),
    "save": VA.Save("vigor"),
    "choose": VA.Choose("vigor"),
    "short_rest": VA.ShortRest(),
    "long_rest": VA.LongRest(""),
    "advance": VA.Advance("vigor"),
    "elapse": VA.Elapse(5),
    "timer": VA.SetTimer("interval", 20),
    "roll_light": VA.RollLight(),
    "beam": VA.Beam("high"),
    "swap_battery": VA.SwapBattery(),
    "encounter": VA.StartEncounter("Pool X", 4),
    "roll_encounter": VA.RollEncounter("Pool 0"),
    "end_encounter": VA.EndEncounter("Pool 0"),
    "enemy": VA.RollEnemy(""),
    "hurt_enemy": VA.HurtEnemy("Stalker", 1),
    "join": VA.Join("Ada", "", 2, 1, 1, 1),
    "leave": VA.Leave("Vex"),
}

#: How often each kind is picked when offered, against 1 for the others: the clock and Checks
#: most; now and then someone joins or leaves (crews of 1 to 6).
VOIDLIGHT_WEIGHTS = {"elapse": 6, "check": 6, "push": 3, "cost": 5, "take": 3, "swap_battery": 4,
                     "join": 1.5, "leave": 1}  # fmt: skip


def voidlight_pick(state: voidlight.State, rng: random.Random) -> Any:
    """A kind of move the rules offer, weighted, and one of the actions ``legal`` lists of it
    (for anyone in the crew): only that kind's actions are built."""
    offered = [kind for kind, _who in voidlight.legal(state)]
    return by_kind(offered, partial(voidlight.legal_actions, state), rng, VOIDLIGHT_WEIGHTS)


def voidlight_crew(size: int) -> list[Any]:
    """The actions that begin a Voidlight journey with a crew of ``size`` (0 to 6): one
    character created, the others joined."""
    first, *others = CREW_NAMES
    joined = [VA.Join(name, "", 1, 2, 1, 1) for name in others[: max(0, size - 1)]]
    return [VA.Create(first, "she/her", 2, 1, 1, 1), *joined] if size else []


def voidlight_not_offered(state: voidlight.State) -> list[Any]:
    """Kinds no one may take now; in a crew, a move offered to some but not to the one it names,
    and a move about a character that names no one."""
    offered = voidlight.available(state)
    found = [action for kind, action in VOIDLIGHT_SAMPLES.items() if kind not in offered]
    if len(state.crew) > 1:
        found.append(VA.Check("vigor"))  # say who
        legal = set(voidlight.legal(state))
        for kind, action in VOIDLIGHT_SAMPLES.items():
            if kind in ABOUT and kind in offered:
                found += [replace(action, who=c.name) for c in state.crew
                          if (kind, c.name) not in legal]  # fmt: skip
    return found


def voidlight_malformed(state: voidlight.State) -> list[Callable[[], Any]]:
    credits = state.character.credits if state.character is not None else 0
    return [
        lambda: VA.Elapse(-5),
        lambda: VA.Damage(-1),
        lambda: VA.Check("luck"),
        lambda: VA.Save("luck"),
        lambda: VA.Beam("blinding"),
        lambda: VA.Take("Crate", "huge"),
        lambda: VA.StartEncounter("Pool Z", 40),
        lambda: VA.React(40),
        lambda: VA.Choose("nothing"),
        lambda: VA.Advance("luck"),
        lambda: VA.Credits(-(credits + 1)),
        lambda: VA.Create("Vex", "she/her", 9, 0, 0, 0),
        lambda: VA.HurtEnemy("Nobody", 3),
        lambda: VA.RollEncounter("no such pool"),
        lambda: VA.SetTimer("hourglass", 20),
        lambda: VA.Take("Rope", who="Nobody"),
        lambda: VA.Join("Ada", "", 2, 1, 1),
        lambda: VA.Join("Ada", "", 2, 1, 1, 1, at_random=True),
        lambda: VA.Join(state.names[0] if state.crew else "Ada", "", 9, 0, 0, 0),
        lambda: VA.Leave("Nobody"),
    ]


def voidlight_check(state: voidlight.State) -> None:
    """ "Your character has 10 Slots": 10 at most filled; Hit Points 0..max ("damage never goes
    below 0"); "Attributes [...] each 0..6", for every character of the crew; the Voidlight (P6)
    and every Encounter Pool 0..6 dice ("the pool at 0 dice triggers its event"); foes' Hit
    Points 0..their max; a known status (RULES-NOTES)."""
    assert 0 <= state.light.dice <= FULL, state.light
    assert all(0 <= pool.dice <= FULL for pool in state.encounters), state.encounters
    assert all(0 <= foe.hp <= foe.max_hp for foe in state.enemies), state.enemies
    assert state.status in STATUSES, state.status
    assert state.clock.minute <= state.clock.until, state.clock
    # the crew: 0 to 6 with names of their own; the expedition's status the crew's
    # ("ends when no character is left standing or dying"); each choice asked of one of them
    # who is not lost, and no one asked two saves at once
    assert len(state.crew) <= CREW_MOST, state.names
    assert len({name.casefold() for name in state.names}) == len(state.crew), state.names
    assert state.status == crew_status(state.crew), (state.status, state.crew)
    asked = [p for p in (state.pending, *state.queue) if p is not None]
    assert state.pending is not None or not state.queue, state.queue
    assert all(state.member(p.who).status != "lost" for p in asked) or state.over, asked
    saves = [p.who for p in asked if p.kind == "save"]
    assert len(saves) == len(set(saves)), saves
    for sheet in state.crew:
        assert 0 <= sheet.used_slots <= SLOTS, sheet.used_slots
        assert 0 <= sheet.hp <= sheet.max_hp, (sheet.hp, sheet.max_hp)
        assert all(0 <= sheet.score(name) <= MAX_SCORE for name in ATTRIBUTES), sheet.scores
        assert all(0 <= sheet.effective(name) <= sheet.score(name) for name in ATTRIBUTES)


def voidlight_probe(state: voidlight.State, action: Any) -> None:
    """The panel's questions: the odds of the action (when it has some), the label of each
    option of a pending choice, the timer's countdown and the light's expected life."""
    odds = voidlight.odds(state, action)
    if odds is not None:
        assert sum(odds.values()) == 1, odds
    if state.pending is not None:
        assert all(voidlight.option_text(state, o) for o in state.pending.options)
    voidlight.countdown(state)
    voidlight.light_life(state)


# --- Embers ----------------------------------------------------------------------------------------


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


#: What the tests know of the shipped games beyond the generic checker, by name.
DRIVERS: dict[str, Driver] = {
    "firelights": Driver(
        pick=firelights_pick,
        not_offered=firelights_not_offered,
        malformed=firelights_malformed,
        check=firelights_check,
        probe=firelights_probe,
    ),
    "voidlight": Driver(
        pick=voidlight_pick,
        not_offered=voidlight_not_offered,
        malformed=voidlight_malformed,
        check=voidlight_check,
        probe=voidlight_probe,
        options=lambda rng: rng.choice([{}, {"play": "group"}]),
        opening=lambda rng: voidlight_crew(rng.randrange(7)),
    ),
    "embers": Driver(
        pick=embers_pick,
        not_offered=embers_not_offered,
        malformed=embers_malformed,
        check=embers_check,
        probe=embers_probe,
        check_step=embers_check_step,
        options=lambda rng: {"difficulty": rng.choice(embers.DIFFICULTIES)},
    ),
}


def random_play(name: str, drivers: dict[str, Driver] = DRIVERS) -> RandomPlay:
    """The generic checker's random play of the game ``name``, with its driver when it has one."""
    return RandomPlay(game(name), drivers.get(name))
