"""Every action open now, with its arguments: what random play, the suite's state machine and
``make fuzz`` pick from (:func:`legal`, the game's ``legal(state)``, as in every game).

Why here and not in :mod:`rules.firelights.moves`: :func:`~rules.firelights.moves.available`
says which *kinds* are open (a panel enables exactly these); :func:`legal` expands each
open kind into the concrete actions the rules accept now, which card, which path, which Curse,
which option. It asks :func:`~rules.firelights.moves.refusal` which kinds are open, so the two
cannot disagree on that; the arguments follow the rules' own sentences:

- "Assign one to a +2, another with a +1, the third defaults to a 0": Begin with each of the 6
  ways to give out +2, +1 and 0;
- Confront Risk to face a risk, to ignite the unlit beacon where you stand (house rule), or to
  reveal each hidden path on the map; Buy Information spends 1 treasure up to all you hold
  ("spends no more than you hold"), to reveal each hidden path or none;
- Fight the Curse you face, else any living one; Travel to each revealed region touching your
  location ("travel one region at a time"); Choose each option of the pending choice.

What a player types (a name, a question for the Oracle, a Rest's journal entry, a slip's words)
has no finite list: the game offers a representative few (:data:`NAMES`, :data:`QUESTIONS`,
:data:`ENTRIES`, :data:`SLIPS`); any other words are accepted the same way.

>>> from rules.firelights.state import State
>>> [action.kind for action in legal(State())][:7]
['begin', 'begin', 'begin', 'begin', 'begin', 'begin', 'consult']
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

from rules.firelights import actions as A
from rules.firelights.character import APPROACH_VALUES, APPROACHES
from rules.firelights.moves import fightable, hidden_paths, ignitable, refusal
from rules.firelights.state import State

__all__ = ["ENTRIES", "NAMES", "QUESTIONS", "SLIPS", "legal"]

#: The Firelight's name and pronouns offered to Begin (any name and pronouns are accepted).
NAMES = (("Wick", "she/her"),)
#: The Oracle's questions offered (any question is accepted, and none).
QUESTIONS = ("Is it safe?",)
#: A Rest's journal entries offered (any entry is accepted, and none).
ENTRIES = ("", "a night by the fire")
#: The words offered for a slip (any words are accepted).
SLIPS = ("a cairn of grey stones",)


def legal(state: State, kind: str | None = None) -> list[Any]:
    """Every action the rules accept now (of ``kind`` only, when given: a player who picks the
    move first builds only its actions), in the order :data:`~rules.firelights.moves.KINDS`
    lists the kinds (typed words from the representative few above)."""
    found: list[Any] = []
    for each, build in _BUILDERS.items():
        if (kind is None or each == kind) and refusal(state, each) is None:
            found += build(state)
    return found


def _begin(state: State) -> list[Any]:
    scores = permutations(sorted(APPROACH_VALUES, reverse=True))
    return [A.Begin(name, pronouns, *each) for each in scores for name, pronouns in NAMES]


def _choose(state: State) -> list[Any]:
    return [A.Choose(option) for option in state.pending.options] if state.pending else []


def _confront(state: State) -> list[Any]:
    purposes: list[tuple[str, tuple[int, int] | None]] = [("risk", None)]
    if ignitable(state):
        purposes.append(("ignite", None))
    purposes += [("reveal", cell) for cell in hidden_paths(state)]
    return [A.Confront(a, purpose, cell) for a in APPROACHES for purpose, cell in purposes]


def _by_approach(cls: Callable[[str], Any]) -> Callable[[State], list[Any]]:
    return lambda state: [cls(approach) for approach in APPROACHES]


def _buy(state: State) -> list[Any]:
    targets = (None, *hidden_paths(state))
    return [
        A.BuyInformation(spend, target)
        for spend in range(1, state.treasures + 1)
        for target in targets
    ]


def _fight(state: State) -> list[Any]:
    return [A.Fight(approach, curse) for approach in APPROACHES for curse in fightable(state)]


def _ask(state: State) -> list[Any]:
    return [A.Ask(likelihood, question) for likelihood in A.LIKELIHOODS for question in QUESTIONS]


def _travel(state: State) -> list[Any]:
    return [A.Travel(region.at) for region in state.world.neighbours() if region.face_up]


def _consult(state: State) -> list[Any]:
    return [A.Consult(column) for column in A.table_columns()]


#: How each kind's actions are built, in the order of :data:`~rules.firelights.moves.KINDS`.
_BUILDERS: dict[str, Callable[[State], list[Any]]] = {
    "begin": _begin,
    "choose": _choose,
    "confront": _confront,
    "search": _by_approach(A.Search),
    "buy": _buy,
    "discover": _by_approach(A.Discover),
    "fight": _fight,
    "evade": _by_approach(A.Evade),
    "ask": _ask,
    "travel": _travel,
    "rest": lambda state: [A.Rest(entry) for entry in ENTRIES],
    "flee": lambda state: [A.Flee()],
    "consult": _consult,
    "slip": lambda state: [A.Slip(words) for words in SLIPS],
}
