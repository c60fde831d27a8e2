"""What a player reads about chance at the table: what an action asks the table for, counted in
words, and the sentence that refuses too few outcomes typed.

Why apart from :mod:`rules.table.chance`: that module is about sources of randomness (seeds,
generators, replay); these are sentences. A chance step says what it asks of a player by a
method of its own (:class:`AtTheTable`), so a new kind of step joins these sentences with no
edit here or in :mod:`rules.table.chance`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

__all__ = [
    "COUNTED",
    "AtTheTable",
    "action_title",
    "at_the_table",
    "table_needs",
    "too_few",
    "typed_size",
]

#: How each kind of outcome is counted in words, one and many (a kind not listed is counted by
#: its own name).
COUNTED = {
    "card": ("card", "cards"),
    "die": ("die", "dice"),
    "d66": ("d66 roll", "d66 rolls"),
    "pick": ("random pick", "random picks"),
    "outcome": ("outcome", "outcomes"),
}


@runtime_checkable
class AtTheTable(Protocol):
    """A chance step that says what it asks of a player at the table: a kind of outcome
    (:data:`COUNTED` names the usual ones) and how many of it."""

    def at_the_table(self) -> tuple[str, int]:
        """The kind of outcome and how many of it a player rolls, draws or picks for this step:
        what the refusal of too few outcomes counts."""
        ...


def at_the_table(step: object) -> tuple[str, int]:
    """What one chance step asks of a player at the table: a kind and how many of it, as the
    step says (:class:`AtTheTable`); "outcome", once, for a step that does not say.

    >>> from rules.table.dice import D66, Roll
    >>> at_the_table(Roll(2)), at_the_table(D66()), at_the_table(object())
    (('die', 2), ('d66', 1), ('outcome', 1))
    """
    if isinstance(step, AtTheTable):
        return step.at_the_table()
    return "outcome", 1


def typed_size(outcome: object) -> int:
    """How many things a player typed for one outcome: the cards of a draw, the dice of a roll."""
    return len(outcome) if isinstance(outcome, list | tuple) else 1


def table_needs(needs: Iterable[tuple[str, int]]) -> str:
    """Counts of outcomes in words, kinds in the order first met.

    >>> table_needs([("card", 2), ("die", 2)]), table_needs([("card", 1), ("card", 1)])
    ('2 cards and 2 dice', '2 cards')
    """
    totals: dict[str, int] = {}
    for kind, count in needs:
        if count > 0:
            totals[kind] = totals.get(kind, 0) + count
    words = [
        f"{count} {COUNTED.get(kind, (kind, kind))[count != 1]}" for kind, count in totals.items()
    ]
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def action_title(action: object) -> str:
    """What the player calls an action: its ``title``, else its kind, else its class."""
    title = getattr(action, "title", None)
    to_json = getattr(action, "to_json", None)
    if not title and callable(to_json):
        title = to_json().get("kind")
    return str(title or type(action).__name__)


def too_few(
    title: str, typed: Sequence[object], steps: Sequence[object], *, missing: bool = True
) -> str:
    """What an action (its ``title``) asks of the table, what the player typed, and (``missing``)
    what is still missing: the message that refuses too few outcomes.

    >>> from rules.table.dice import Roll
    >>> too_few("Roll two", [[6]], [Roll(2)], missing=False)
    'Roll two needs 2 dice; you typed 1: 6'
    """
    needs = [at_the_table(step) for step in steps]
    items = [str(item) for outcome in typed
             for item in (outcome if isinstance(outcome, list | tuple) else [outcome])]  # fmt: skip
    text = f"{title} needs {table_needs(needs)}; you typed {len(items)}"
    text += f": {' '.join(items)}" if items else ""
    if not missing:
        return text
    short = [(kind, count - (typed_size(typed[i]) if i < len(typed) else 0))
             for i, (kind, count) in enumerate(needs)]  # fmt: skip
    return (
        f"{text}. Missing: {table_needs(short)}; type them too, or let Lantern draw and roll the "
        "rest"
    )
