"""What an action did, in words: the report a panel shows and the Journey Book keeps."""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card
from rules.firelights.action_roll import Result

__all__ = ["Report"]


@dataclass(frozen=True)
class Report:
    """What an action did: the cards, the dice, the result, and each change in words."""

    title: str
    lines: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    dice: tuple[int, ...] = ()
    modifier: int | None = None
    result: Result | None = None
    d66: int | None = None

    @property
    def score(self) -> int | None:
        return None if self.modifier is None else sum(self.dice) + self.modifier

    def mechanics(self) -> str:
        """One line for the Journey Book: ``Discover a Region +2: 7♥ Q♠ vs 4+5+2 = 11: Shade``."""
        text = self.title
        if self.d66 is not None:
            return "; ".join(self.lines)
        if self.result is not None:
            cards = " ".join(card.label for card in self.cards)
            dice = "+".join(map(str, self.dice))
            text += f" {self.modifier:+d}: {cards} vs {dice}{self.modifier:+d} = {self.score}: {self.result.value}"
        return text + ("; " + "; ".join(self.lines) if self.lines else "")
