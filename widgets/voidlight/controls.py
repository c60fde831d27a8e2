"""Small pieces every Voidlight control uses: buttons gated by the rules, dropdown refresh, odds.

A button is enabled exactly when :func:`rules.voidlight.available` offers its kind; its tooltip
then says why not (:func:`rules.voidlight.why_not`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

import ipywidgets as widgets

from rules.table.chance import Distribution
from rules.voidlight import State, why_not
from rules.voidlight.owed import passed_by, still_due
from widgets.parts import theme
from widgets.parts.dropdown import set_options
from widgets.parts.theme import chance_html, escape
from widgets.voidlight.sheet import OUTCOME_CLASS

__all__ = [
    "Act",
    "Who",
    "beam_words",
    "button",
    "check_words",
    "gate",
    "odds_html",
    "seat_of",
    "set_options",
    "waits_for_cost",
]


class Act(Protocol):
    """The panel's way to play an action (its :meth:`~widgets.frame.base.GameFrame.act`);
    returns the report or None. ``table=False``: an action that never takes the dice or cards
    typed "At the table"."""

    def __call__(self, action: Any, /, *, table: bool = True) -> Any: ...


#: Whose sheet is open: the name an action about a character carries ("" for a crew of one, so a
#: solo journey's record reads as it always did).
Who = Callable[[], str]


def button(description: str, kind: str, tooltip: str = "", style: str = "") -> widgets.Button:
    """An action button, styled by its kind (``lantern-act-<kind>``)."""
    return theme.button(description, f"lantern-act-{kind}", tooltip, style)


def check_words(state: State, attribute: str, who: str = "") -> str:
    """A Check's button: the Attribute and its score now ("Roll Grit 2"); Advice names the move
    the same way."""
    return f"Roll {attribute.title()} {state.member(who).effective(attribute)}"


def beam_words(mode: str) -> str:
    """A beam mode's button ("High beam"); Advice names the move the same way."""
    return f"{mode.title()} beam"


def gate(each: widgets.Button, offered: Iterable[str], kind: str, tip: str, why: str) -> None:
    """Enable ``each`` when ``kind`` is offered; else disable it and say why in the tooltip."""
    disabled = kind not in offered
    with each.hold_sync():
        each.disabled = disabled
        each.tooltip = f"{tip} — not now: {why}" if disabled else tip


def seat_of(state: State, who: str) -> int:
    """Where ``who`` (blank: the only one) sits in the crew; 0 before there is a crew."""
    return state.index(who) if state.crew else 0


def waits_for_cost(state: State, kind: str, who: str) -> bool:
    """Whether ``kind`` (a Check or a rest) by ``who`` is refused now only because a cost is
    still due: its control stays enabled on purpose, and the click says so beside the cost. Any
    other refusal (a Critical Save asked first) disables it like every control."""
    due = passed_by(state, kind, seat_of(state, who))
    return due is not None and why_not(state, kind, who or None) == still_due(due)


def odds_html(dist: Distribution[Any] | None, label: str = "", tail: str = "") -> str:
    """``Success 44% · Partial 41% · Failure 15%``: percentages, the exact fraction in each
    tooltip (:func:`widgets.parts.theme.chance_html`)."""
    if dist is None:
        return ""
    parts = [
        chance_html(str(outcome).capitalize(), dist[outcome],
                    f"lantern-{OUTCOME_CLASS.get(str(outcome), 'odds-plain')}")
        for outcome in dist
    ]  # fmt: skip
    head = f"{escape(label)}: " if label else ""
    if tail:  # HTML of its own (an expected loss)
        parts.append(tail)
    return f'<div class="lantern-odds-line">{head}{" · ".join(parts)}</div>'
