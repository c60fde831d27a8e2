"""What an action did, in words: the report a panel shows and the Journey Book keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.firelights.action_roll import Result
from rules.table.cards import Card

__all__ = ["OUTCOMES", "Report", "outcome_of"]

#: What each Action's Light, Shade and Darkness came to, as :attr:`Report.outcome` says it, in
#: the rulebook's words. Keyed by the action's kind; Confront Risk aimed at a beacon or a hidden
#: path by its purpose, "ignite" or "reveal".
OUTCOMES: Mapping[str, tuple[str, str, str]] = {
    "confront": ("full success", "partial success", "setback"),
    "ignite": ("lit", "lit with a complication", "stays dark"),
    "reveal": ("revealed", "revealed at a cost", "setback"),
    "search": ("2 treasures", "1 treasure", "a curse is onto you"),
    "buy": ("precise", "partial", "ambiguous"),
    "discover": ("both cards join the map", "choose one", "a hidden path"),
    "fight": ("both stacked", "choose one to stack", "evade now"),
    "evade": ("avoided", "1 fatigue", "2 fatigue"),
    "ask": ("yes, and", "yes, but", "no, and"),
}

_ORDER = (Result.LIGHT, Result.SHADE, Result.DARKNESS)


def outcome_of(key: str, result: Result) -> str:
    """The outcome of ``result`` for the action ``key`` (a key of :data:`OUTCOMES`).

    >>> outcome_of("ignite", Result.SHADE)
    'lit with a complication'
    """
    return OUTCOMES[key][_ORDER.index(result)]


@dataclass(frozen=True)
class Report:
    """What an action did: the cards, the dice, the result, and each change in words."""

    #: The action's title, first in the panel's result and in the log.
    title: str
    #: Each change the action made, in words, in order.
    lines: tuple[str, ...] = ()
    #: The cards drawn, shown face up.
    cards: tuple[Card, ...] = ()
    #: The faces of the two Action Dice rolled.
    dice: tuple[int, ...] = ()
    #: What was added to the dice (an approach's value, the treasures spent, the Oracle's
    #: likelihood); None when nothing was rolled.
    modifier: int | None = None
    #: Light, Shade or Darkness, for one of the seven Actions.
    result: Result | None = None
    #: The d66 rolled on the tables (11 to 66), for a roll on them.
    d66: int | None = None
    #: What the result came to, as data (a string of :data:`OUTCOMES`, JSON-simple): set for the
    #: seven Actions, None for the moves around them (Begin, Choose, Travel, Rest, Flee, the tables,
    #: a slip).
    outcome: str | None = None
    #: The question put to the Oracle, kept beside its answer.
    asked: str | None = None

    @classmethod
    def made(
        cls,
        title: str,
        lines: tuple[str, ...],
        cards: tuple[Card, ...] = (),
        dice: tuple[int, ...] = (),
        modifier: int | None = None,
        result: Result | None = None,
        d66: int | None = None,
        outcome: str | None = None,
        asked: str | None = None,
    ) -> Report:
        """A report the rules engine writes (every action writes one): the dataclass's own
        constructor sets each field through ``object.__setattr__``, this all at once."""
        report = object.__new__(cls)
        report.__dict__.update(
            title=title, lines=lines, cards=cards, dice=dice, modifier=modifier, result=result,
            d66=d66, outcome=outcome, asked=asked,
        )  # fmt: skip
        return report

    @property
    def score(self) -> int | None:
        """The Action's score: the dice plus the modifier (None for a move that rolls nothing)."""
        return None if self.modifier is None else sum(self.dice) + self.modifier

    def mechanics(self) -> str:
        """One line for the Journey Book: ``Discover a Region +2: 7♥ Q♠ vs 4+5+2 = 11: Shade``.

        The question the action left (``asked``: "Shade: choose which card joins your map") is
        no result: the log says what the roll came to instead ("choose one"), and the Choose
        that follows says what was chosen."""
        text = self.title
        if self.d66 is not None:
            return "; ".join(self.lines)
        if self.result is not None:
            cards = " ".join(card.label for card in self.cards)
            dice = "+".join(map(str, self.dice))
            text += f" {self.modifier:+d}: {cards} vs {dice}{self.modifier:+d} = {self.score}: {self.result.value}"
        lines = [(self.outcome or "") if line == self.asked else line for line in self.lines]
        lines = [line for line in lines if line]
        return text + ("; " + "; ".join(lines) if lines else "")
