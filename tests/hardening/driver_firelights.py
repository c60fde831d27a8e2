"""What random play knows of Firelights beyond the generic checker: the sensible player mixed in
so journeys reach their endings, the kinds weighed, a well-formed action of each kind to aim
refusals at, the invariants of the rules' text and the panel's questions (:data:`DRIVER`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from picks import SENSIBLE, by_kind, listed

from rules import firelights
from rules.firelights import actions as FA
from rules.firelights.moves import ROLLING
from rules.play.check import Driver

__all__ = ["DRIVER", "FIRELIGHTS_SAMPLES", "FIRELIGHTS_WEIGHTS"]

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
        return listed(action, firelights.legal(state, action.kind))
    offered = firelights.available(state)
    return by_kind(offered, partial(firelights.legal, state), rng, FIRELIGHTS_WEIGHTS)


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


#: What the tests know of Firelights beyond the generic checker.
DRIVER = Driver(
    pick=firelights_pick,
    not_offered=firelights_not_offered,
    malformed=firelights_malformed,
    check=firelights_check,
    probe=firelights_probe,
)
