"""``legal`` and the engine agree: in a handful of positions of Firelights and Voidlight, every
action ``legal(state)`` lists is accepted, and every action the engine accepts from a wide
sample of candidates (each kind, with right and wrong arguments) is listed.

The candidates' typed words and free numbers come from the few each game declares
(``rules.*.offered``), with values beside them that the rules refuse; in a Voidlight crew of one,
``who`` is left blank (naming the only character means the same and is not listed twice).
"""

from __future__ import annotations

import random
from itertools import permutations
from types import ModuleType
from typing import Any

import pytest
from stateful_play import DRIVERS, voidlight_crew

from rules import embers, firelights, voidlight
from rules.errors import LanternError
from rules.firelights import actions as FA
from rules.firelights import offered as FO
from rules.firelights.curses import CURSES
from rules.play.check import check_game
from rules.record.journey import Journey
from rules.table.chance import Chance
from rules.voidlight import actions as VA
from rules.voidlight import offered as VO
from rules.voidlight.character import ATTRIBUTES


def positions(name: str, seeds: range, crew: int = 0) -> list[Any]:
    """States reached by seeded random play (each seed a different length), and the first."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        journey = Journey.start(name, seed, {})
        found.append(journey.state)
        for action in voidlight_crew(crew) if name == "voidlight" else []:
            journey.play(action)
        for _ in range(seed * 7 % 60):
            if journey.state.over:
                break
            journey.play(DRIVERS[name].pick(journey.state, rng))
        found.append(journey.state)
    return found


def accepted(game: Any, state: Any, action: Any) -> bool:
    try:
        game.apply(state, action, Chance(1))
    except LanternError:
        return False
    return True


def assert_agree(game: Any, state: Any, candidates: list[Any]) -> None:
    listed = list(game.legal(state))
    refused = [action for action in listed if not accepted(game, state, action)]
    assert not refused, f"legal lists what the engine refuses: {refused}"
    missing = [a for a in dict.fromkeys(candidates) if a not in listed and accepted(game, state, a)]
    assert not missing, f"the engine accepts what legal does not list: {missing}"


# --- Firelights -----------------------------------------------------------------------------------


def firelights_candidates(state: firelights.State) -> list[Any]:
    """Each kind with arguments right and wrong: every approach, purpose and cell of the map
    (and one off it), every spend from 0 to one more than held, every Curse, every option."""
    cells = [r.at for r in state.world.regions] + [(99, 99)]
    found: list[Any] = [FA.Begin(n, p, *s) for s in permutations((2, 1, 0)) for n, p in FO.NAMES]
    found.append(FA.Begin("Wick", "she/her", 2, 2, 0))
    for approach in (*firelights.APPROACHES, "sideways"):
        found += [FA.Search(approach), FA.Discover(approach), FA.Evade(approach)]
        found += [FA.Confront(approach, p) for p in ("risk", "ignite", "reveal")]
        found += [FA.Confront(approach, "reveal", cell) for cell in cells]
        found += [FA.Fight(approach, curse.name) for curse in CURSES]
    found += [
        FA.BuyInformation(n, t) for n in range(1, state.treasures + 2) for t in (None, *cells)
    ]
    options = state.pending.options if state.pending else ()
    found += [FA.Choose(option) for option in (*options, "random", "nothing")]
    found += [FA.Travel(cell) for cell in cells]
    found += [FA.Ask(odds, q) for odds in FA.LIKELIHOODS for q in FO.QUESTIONS]
    found += [FA.Rest(entry) for entry in FO.ENTRIES] + [FA.Flee()]
    found += [FA.Consult(column) for column in FA.table_columns()]
    return found + [FA.Slip(words) for words in FO.SLIPS]


@pytest.mark.parametrize("state", positions("firelights", range(6)))
def test_firelights_legal_lists_exactly_what_the_rules_accept(state: firelights.State) -> None:
    """ "Assign one to a +2, another with a +1, the third defaults to a 0"; Buy Information
    "spends no more than you hold"; "travel one region at a time" to a revealed region; a Curse
    that has perished is fought no more; a choice is answered with one of its options."""
    assert_agree(firelights.GAME, state, firelights_candidates(state))


# --- Voidlight ------------------------------------------------------------------------------------


def voidlight_candidates(state: voidlight.State) -> list[Any]:
    """Each kind for each one who may be named (blank, each of the crew, a stranger), with
    arguments right and wrong: each attribute and Position, each item, condition, pool and foe
    there is and one there is not, Credits one past what is held."""
    whos = [""] if len(state.crew) <= 1 else [*state.names, "", "Nobody"]
    items = {i.name for c in state.crew for i in c.items} | {"Nothing"}
    conditions = {x.name for c in state.crew for x in c.conditions} | {"Nothing"}
    held = max((c.credits for c in state.crew), default=0)
    taken = {name.casefold() for name in state.names}
    first = next((n for n in VO.NAMES if n.casefold() not in taken), "Vex")
    found: list[Any] = [VA.Create("Vex", "", *s) for s in VO.spreads(state.points)]
    found += [
        VA.CreateRandom("Vex"),
        VA.Join(first, "", at_random=True),
        VA.Join("Vex", "", 2, 1, 1, 1),
    ]
    found += [VA.Join(first, "", *s) for s in VO.spreads(state.points)]
    options = (*(state.pending.options if state.pending else ()), "nothing")
    for who in whos:
        found += [VA.Check(a, p, who) for a in (*ATTRIBUTES, "luck") for p in VO.POSITIONS]
        found += [VA.Save(a, p, who) for a in ATTRIBUTES for p in VO.POSITIONS]
        found += [VA.Take(n, size, who) for n, size in VO.ITEMS]
        found += [VA.Drop(n, who) for n in items] + [VA.Treat(n, who) for n in conditions]
        found += [VA.Credits(c, who) for c in (*VO.CHANGES, -(held + 1))]
        found += [VA.Cost(e, who) for e in VO.COST_ENTRIES] + [VA.Damage(d, who) for d in VO.DAMAGE]
        found += [VA.GainCondition(n, s, who=who) for n, s in VO.CONDITIONS]
        found += [VA.Choose(option, who) for option in options]
        found += [VA.LongRest(a, who) for a in ("", *ATTRIBUTES)]
        found += [VA.Advance(a, who) for a in ATTRIBUTES]
        found += [VA.Push(who), VA.SkipCost(who), VA.ShortRest(who), VA.SwapBattery(who)]
        found += [VA.Leave(who)] if who else []
        found += [
            VA.Fortune(attribute=a, position=p, who=who) for a in ATTRIBUTES for p in VO.POSITIONS
        ]
    found += [VA.Fortune(odds, "", p) for odds in voidlight.FORTUNE_DICE for p in VO.POSITIONS]
    found += [VA.React(n, "", p) for n in VO.REACTION_DICE for p in VO.POSITIONS]
    found += [VA.Elapse(m) for m in VO.MINUTES] + [VA.RollLight()]
    found += [VA.SetTimer(t, i) for t in ("interval", "scenes") for i in VO.INTERVALS]
    found += [VA.Beam(mode) for mode in ("high", "standard", "low")]
    pools = [*VO.POOLS, *(p.name for p in state.encounters), "Pool 9"]
    found += [VA.StartEncounter(n, s) for n in VO.POOLS for s in VO.POOL_SIZES]
    found += [VA.RollEncounter(n) for n in pools] + [VA.EndEncounter(n) for n in pools]
    foes = {foe.name for foe in state.enemies} | {"Nobody"}
    found += [VA.HurtEnemy(n, d) for n in foes for d in VO.DAMAGE]
    found += [VA.RollEnemy(n) for n in VO.ENEMIES] + [VA.Inspire(t) for t in VO.TABLES]
    return found


@pytest.mark.parametrize(
    "state",
    positions("voidlight", range(4)) + positions("voidlight", range(4, 8), crew=3),
)
def test_voidlight_legal_lists_exactly_what_the_rules_accept(state: voidlight.State) -> None:
    """ "spread exactly 5 points over the attributes" (each 0..3); "no room for [an item]: drop
    something first"; "you cannot spend" more Credits than held; a lasting condition "cannot be
    cleared"; a Long Rest restores "the attributes below their full score"; a choice "is asked
    of" one character, who answers it."""
    assert_agree(voidlight.GAME, state, voidlight_candidates(state))


@pytest.mark.parametrize("game", [firelights.GAME, voidlight.GAME], ids=lambda game: game.name)
def test_the_generic_checker_plays_each_game_through_legal_alone(game: Any) -> None:
    """One line a game's author writes: no driver, only the game's own ``legal`` and invariants
    (a short run: the state machine and ``make fuzz`` play more, with each game's driver)."""
    checked = check_game(game, seed=3, steps=150)
    assert checked.actions == 150 and checked.refusals, checked


@pytest.mark.parametrize("package", [firelights, voidlight, embers], ids=lambda p: p.__name__)
def test_each_game_names_its_concrete_actions_legal(package: ModuleType) -> None:
    """Every shipped game says "the actions the rules allow now" with one name and meaning: its
    package's ``legal(state)`` lists concrete actions, each ready for ``apply``, and is the
    ``legal=`` its game object hands random play (Voidlight's (kind, who) pairs, what a panel
    enables, are ``open_moves``)."""
    state = package.GAME.initial({})
    assert package.legal(state) == list(package.GAME.legal(state))
    offered = package.legal(state)
    assert offered and all(package.GAME.parse_action(a.to_json()) == a for a in offered)
