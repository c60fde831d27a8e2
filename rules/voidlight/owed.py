"""What the rules still ask of the player before play goes on: a Critical Save, a choice, the
cost of a Check.

Why one place: a step that is owed must be said where the player looks, and an action that
would pass it by must not drop it silently. :func:`owed` lists what is due now, in the order it
is taken; :func:`passed_by` names the step an action of a kind would leave behind, and
:func:`still_due` says so in a sentence (the refusal :mod:`rules.voidlight.moves` gives).

"When a Check yields 1 or 0 Hits, and you need a cost for your character's action, roll or pick
on the table below." The cost is owed after such a Check until it is taken, rolled or picked, or
skipped (:class:`~rules.voidlight.actions.SkipCost`: the text takes one from the table only "when
you need a cost"; a reduced effect or wasted time is a cost too). A new Check or a rest ends the
moment of the last Check, so they are refused while its cost is owed (house rule). Journeys begun
before this rule (no "costs" option recorded: :data:`LAPSE`) let an untaken cost lapse at the
next Check or rest, as they always did, so they replay unchanged.

In a crew, each character's cost is their own: Kai may check while Vex's cost is owed.

>>> from rules.voidlight.character import Character, LastCheck
>>> vex = Character("Vex", "", 2, 1, 1, 1, last_check=LastCheck("vigor", "standard", (2, 3), 0, "failure"))
>>> state = State(crew=(vex,), status="standing", costs=DUE)
>>> [due.text for due in owed(state)]
['the cost of your Vigor check']
>>> still_due(passed_by(state, "check"))
'the cost of your Vigor check is still due: take it, or skip it'
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.voidlight.state import State

__all__ = [
    "COSTS",
    "DUE",
    "LAPSE",
    "PASS_BY_COST",
    "Due",
    "cost_due",
    "cost_owed",
    "owed",
    "passed_by",
    "still_due",
]

#: The "costs" option: "due" (a cost is owed until taken or skipped; every journey begun since)
#: or "lapse" (the next Check or rest lets it go: journeys recorded before, which name no option).
DUE, LAPSE = "due", "lapse"
#: The two readings of the "costs" option, the first the default.
COSTS = (DUE, LAPSE)
#: The moves that end the moment of the last Check, and so would pass its cost by.
PASS_BY_COST = ("check", "short_rest", "long_rest")


@dataclass(frozen=True)
class Due:
    """One step owed before play goes on, and the actions that take or waive it."""

    #: "save", "choose" or "cost".
    kind: str
    #: The step, in the player's words.
    text: str
    #: The action kinds that take it.
    takes: tuple[str, ...]
    #: The action kind that waives it (None: it cannot be waived).
    skip: str | None = None


def cost_due(state: State, who: int = 0) -> Due | None:
    """The cost of the last Check of the character at ``who`` when it is owed: it yielded 1 or
    0 Hits, and its cost is neither taken nor skipped; the character stands (the dying take no
    cost: a Long Rest first)."""
    if not cost_owed(state, who):
        return None
    sheet = state.crew[who]
    last = sheet.last_check
    assert last is not None
    whose = "your" if len(state.crew) == 1 else f"{sheet.name}'s"
    return Due(
        "cost", f"the cost of {whose} {last.attribute.title()} check", ("cost",), "skip_cost"
    )


def cost_owed(state: State, who: int = 0) -> bool:
    """Whether :func:`cost_due` owes a cost, without writing what it is called (the moves ask
    this of every state; the words are for the player)."""
    if not state.crew:
        return False
    sheet = state.crew[who]
    last = sheet.last_check
    return not (
        last is None or last.outcome == "success" or last.costed or sheet.status != "standing"
    )


def owed(state: State) -> tuple[Due, ...]:
    """Everything owed now, first what must be answered first (a save or a choice stops play)."""
    found: list[Due] = []
    if not state.over:
        for asked in (state.pending, *state.queue) if state.pending is not None else ():
            if asked.kind == "save":
                whose = f"{asked.who}'s " if len(state.crew) > 1 else "a "
                found.append(Due("save", f"{whose}Critical Save", ("save",)))
            else:
                found.append(Due("choose", asked.prompt, ("choose",)))
    for index in range(len(state.crew)):
        cost = cost_due(state, index)
        if cost is not None:
            found.append(cost)
    return tuple(found)


def passed_by(state: State, kind: str, who: int = 0) -> Due | None:
    """The owed step an action of ``kind`` by the character at ``who`` would leave behind, where
    the rules refuse that: their cost, for a Check or a rest, in a journey whose costs are "due".
    (A pending save or choice refuses every other move already:
    :func:`rules.voidlight.moves.refusal`.)"""
    if kind not in PASS_BY_COST or state.costs != DUE:
        return None
    return cost_due(state, who)


def still_due(due: Due | None) -> str:
    """The sentence a move refused for ``due`` reads."""
    if due is None:
        return "nothing is owed"
    how = "take it, or skip it" if due.skip else "take it first"
    return f"{due.text} is still due: {how}"
