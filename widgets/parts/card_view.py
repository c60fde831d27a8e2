"""A playing card on screen: face up, face down, or an empty slot where a card will go.

Why HTML and not an image: a card is a rank and a suit symbol; text scales with the notebook's
font, takes the theme's colours (see :mod:`widgets.parts.theme`) and is readable by screen readers and
browser tests alike. A face-down card renders nothing of its face, not even in its ``title``, so
the page never leaks a hidden card.

The views are projections: set ``.card`` / ``.face_up`` (or ``.cards``) and the HTML follows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.table.cards import Card, Colour
from widgets.parts.theme import escape

__all__ = ["CardRow", "CardView", "card_html", "card_name", "cards_html"]

#: Each rank in words, for a screen reader's name of a card ("Queen of Hearts").
RANK_WORDS = {
    1: "Ace",
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
    9: "Nine",
    10: "Ten",
    11: "Jack",
    12: "Queen",
    13: "King",
}

#: What a screen reader says for a card lying face down.
FACE_DOWN_NAME = "Face-down card"
#: What a screen reader says for an empty card slot.
EMPTY_NAME = "Empty card slot"


def card_name(card: Card) -> str:
    """The card read aloud: ``"Queen of Hearts"``."""
    return f"{RANK_WORDS[card.rank]} of {card.suit.name.title()}"


def card_html(card: Card | None, face_up: bool = True) -> str:
    """One card as HTML: ``lantern-card`` plus ``-red``/``-black``, ``-back`` or ``-empty``."""
    if card is None:
        return (
            f'<div class="lantern-card lantern-card-empty" title="{EMPTY_NAME}" '
            f'role="img" aria-label="{EMPTY_NAME}"></div>'
        )
    if not face_up:
        return (
            f'<div class="lantern-card lantern-card-back" title="{FACE_DOWN_NAME}" '
            f'role="img" aria-label="{FACE_DOWN_NAME}"></div>'
        )
    colour = "red" if card.colour is Colour.RED else "black"
    name = escape(card_name(card))
    return (
        f'<div class="lantern-card lantern-card-{colour}" title="{name}" role="img" '
        f'aria-label="{name}" data-card="{escape(card)}">'
        f'<span class="lantern-card-rank">{escape(card.rank_name)}</span>'
        f'<span class="lantern-card-suit">{escape(card.suit.symbol)}</span></div>'
    )


def cards_html(cards: Iterable[Card | None], face_up: bool = True) -> str:
    """A row of cards, all face up or all face down (``None`` is an empty slot)."""
    inner = "".join(card_html(card, face_up) for card in cards)
    return f'<div class="lantern-card-row">{inner}</div>'


class CardView(widgets.HTML):
    """One card slot. ``card=None`` shows an empty slot; ``face_up=False`` shows the back."""

    card = traitlets.Instance(Card, allow_none=True, help="The card shown, or None for a slot.")
    face_up = traitlets.Bool(True, help="Show the face (True) or the patterned back (False).")

    def __init__(self, card: Card | None = None, face_up: bool = True, **kwargs: Any) -> None:
        super().__init__(card=card, face_up=face_up, **kwargs)
        self.add_class("lantern-card-view")
        self._render()

    @traitlets.observe("card", "face_up")
    def _on_change(self, change: dict[str, object]) -> None:
        self._render()

    def _render(self) -> None:
        self.value = card_html(self.card, self.face_up)

    @property
    def accessible_name(self) -> str:
        """What the player can see: the card's name, or that it is face down or missing."""
        if self.card is None:
            return EMPTY_NAME
        return card_name(self.card) if self.face_up else FACE_DOWN_NAME


class CardRow(widgets.HTML):
    """A row of card slots (a hand, a tableau line), all face up or all face down."""

    cards = traitlets.Tuple(help="The cards shown, in order; None is an empty slot.")
    face_up = traitlets.Bool(True, help="Show the faces (True) or the backs (False).")

    def __init__(
        self, cards: Iterable[Card | None] = (), face_up: bool = True, **kwargs: Any
    ) -> None:
        super().__init__(cards=tuple(cards), face_up=face_up, **kwargs)
        self.add_class("lantern-card-row-view")
        self._render()

    @traitlets.validate("cards")
    def _check_cards(self, proposal: traitlets.Bunch) -> tuple[Card | None, ...]:
        cards: tuple[Card | None, ...] = tuple(proposal["value"])
        bad = [card for card in cards if card is not None and not isinstance(card, Card)]
        if bad:
            raise traitlets.TraitError(f"a CardRow shows Card or None values, got {bad!r}")
        return cards

    @traitlets.observe("cards", "face_up")
    def _on_change(self, change: dict[str, object]) -> None:
        self._render()

    def _render(self) -> None:
        self.value = cards_html(self.cards, self.face_up)
