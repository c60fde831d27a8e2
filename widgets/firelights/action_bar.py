"""The Firelights actions on screen: the approach, the action buttons and their inputs, the odds.

A projection of :func:`rules.firelights.available` (which buttons are enabled, and why not in the
tooltip), :func:`rules.firelights.odds` (the chance of Light, Shade and Darkness before acting, only
for an action that can be taken) and :func:`rules.firelights.risk` (what pushing on risks when your
Fatigue is full). The buttons call back into the panel, which plays the action.

The approach chosen is the one the journey last acted with (:func:`last_approach`), set when the
panel meets a journey (Run All, Open, New journey): a projection of the record, so Run All does
not reset it to Forceful, and no file beside the journey keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from rules.firelights import (
    APPROACHES,
    LIKELIHOODS,
    Ask,
    BuyInformation,
    Discover,
    State,
    available,
    fightable,
    hidden_path_names,
    risk,
    why_not,
)
from rules.firelights.actions import ACTIONS
from rules.firelights.words import RISK, aims
from rules.record.journey import Entry
from widgets.firelights.report_view import odds_line_html
from widgets.parts import theme
from widgets.parts.dropdown import set_options
from widgets.parts.theme import escape

__all__ = ["ACTION_LABELS", "TOOLTIPS", "ActionBar", "last_approach", "set_options"]

#: The action buttons, in the order shown, labelled with the rulebook's names of the actions.
ACTION_LABELS = {
    kind: ACTIONS[kind].title
    for kind in ("discover", "search", "confront", "evade", "fight", "flee", "buy", "ask", "rest")
}
#: Each Action's button tooltip: the rule it follows in a line, and what a house rule adds.
TOOLTIPS = {
    "discover": "Action+Approach: find a new path",
    "search": "Action+Approach: Light 2 treasures, Shade 1",
    "confront": "Action+Approach: act in the face of adversity. Aimed at a beacon or a hidden "
    "path, it ignites or reveals it on Light or Shade (house rule)",
    "evade": "Action+Approach: avoid an impending threat",
    "fight": "Action+Approach: stack cards on the curse",
    "flee": "Flee from the Curse; its stack persists",
    "buy": "Action+Treasures spent (at least 1)",
    "ask": "Action+2 likely, +1 otherwise, +0 unlikely",
    "rest": "Write a Journey Book entry (or leave it blank), shuffle the discards back, clear "
    "Fatigue. Resting does not end a fight: the Curse you face is still there",
}
#: The actions whose modifier is the approach, so the approach's odds line speaks for them.
APPROACH_ACTIONS = ("discover", "search", "confront", "evade", "fight")


def button(description: str, kind: str, tooltip: str = "", style: str = "") -> widgets.Button:
    """An action button of the bar, styled by its kind (``lantern-act-<kind>``) and wide enough to
    read."""
    return theme.button(description, f"lantern-act-{kind}", tooltip, style, min_width="9em")


def cell_value(at: tuple[int, int]) -> str:
    """A map cell as a dropdown's value (``"x,y"``): a dropdown's values are plain text."""
    return f"{at[0]},{at[1]}"


def parse_cell(text: str) -> tuple[int, int] | None:
    """A map cell from a dropdown value ``"x,y"`` (``""``: none)."""
    if not text:
        return None
    x, y = text.split(",")
    return int(x), int(y)


#: How far back :func:`last_approach` looks (a long journey's early entries stay unread).
LOOK_BACK = 60


def last_approach(entries: Sequence[Entry]) -> str | None:
    """The approach of the journey's last action that took one (None: none in the last
    :data:`LOOK_BACK` entries), read from the record.

    >>> from rules.record.journey import Entry
    >>> last_approach([Entry({"kind": "discover", "approach": "quick"}), Entry({"kind": "flee"})])
    'quick'
    """
    for place in range(len(entries) - 1, max(len(entries) - LOOK_BACK, 0) - 1, -1):
        approach = entries[place].action.get("approach")  # a place reads its page if unread
        if approach in APPROACHES:
            return str(approach)
    return None


class ActionBar:
    """The action widgets of the Firelights panel; ``act(kind)`` is called on each click."""

    def __init__(self, act: Callable[[str], None]) -> None:
        self.approach = widgets.ToggleButtons(
            options=[(a.title(), a) for a in APPROACHES], description="Approach"
        )
        self.approach.add_class("lantern-approach")
        self._followed: object = None  # the journey whose last approach was last taken up
        self.odds = widgets.HTML()
        self.odds.add_class("lantern-odds-view")
        self.risk = widgets.HTML()
        self.risk.add_class("lantern-risk-view")
        self.buttons = {
            kind: button(label, kind, TOOLTIPS[kind]) for kind, label in ACTION_LABELS.items()
        }
        for kind, each in self.buttons.items():
            each.on_click(lambda _b, kind=kind: act(kind))
        self.confront_input = widgets.Dropdown(
            description="Confront", options=[(RISK, "risk")], layout={"width": "22em"}
        )
        self.confront_input.add_class("lantern-confront-purpose")
        self.curse_input = widgets.Dropdown(
            description="Curse", options=[], layout={"width": "16em"}
        )
        self.curse_input.add_class("lantern-curse-choice")
        self.spend_input = widgets.IntText(value=1, description="Spend", layout={"width": "11em"})
        self.spend_input.add_class("lantern-spend")
        self.reveal_input = widgets.Dropdown(
            description="Reveal", options=[("nothing", "")], layout={"width": "20em"}
        )
        self.reveal_input.add_class("lantern-reveal")
        self.likelihood_input = widgets.Dropdown(
            description="Likely?",
            options=[(f"{k} (+{v})", k) for k, v in LIKELIHOODS.items()],
            value="even",
            layout={"width": "14em"},
        )
        self.question_input = widgets.Text(placeholder="a yes/no question", description="Question")
        self.question_input.add_class("lantern-question")
        self.entry_input = widgets.Textarea(
            placeholder="Your Journey Book entry for this rest (you may leave it blank)",
            layout={"width": "24em", "height": "3.2em"},
        )
        self.entry_input.add_class("lantern-rest-entry")
        self.buy_odds = widgets.HTML()
        self.ask_odds = widgets.HTML()

    def widgets(self) -> list[widgets.Widget]:
        """The rows, in the order shown."""
        b = self.buttons
        return [
            widgets.HBox([self.approach]),
            self.odds,
            self.risk,
            widgets.HBox([b["discover"], b["search"], b["evade"]]),
            widgets.HBox([self.confront_input, b["confront"]]),
            widgets.HBox([self.curse_input, b["fight"], b["flee"]]),
            widgets.HBox([self.spend_input, self.reveal_input, b["buy"]]),
            self.buy_odds,
            widgets.HBox([self.likelihood_input, self.question_input, b["ask"]]),
            self.ask_odds,
            widgets.HBox([self.entry_input, b["rest"]]),
        ]

    def follow(self, journey: Any) -> None:
        """Choose the approach ``journey`` last acted with, once per journey met; the player's
        choice stands after that."""
        if journey is self._followed:
            return
        self._followed = journey
        approach = last_approach(journey.entries)
        if approach is not None:
            self.approach.value = approach

    def render(self, state: State) -> None:
        """Enable what the rules offer; odds only for what can be taken now."""
        offered = available(state)
        for kind, each in self.buttons.items():
            tip = TOOLTIPS[kind]
            disabled = kind not in offered
            with each.hold_sync():  # one message per button, not one per trait
                each.disabled = disabled
                each.tooltip = f"{tip} — not now: {why_not(state, kind)}" if disabled else tip
        self._render_inputs(state)
        approach = self.approach.value
        if any(kind in offered for kind in APPROACH_ACTIONS) and state.character is not None:
            bonus = state.character.modifier(approach)
            self.odds.value = (
                f'<div class="lantern-odds-line">Odds now, {escape(approach)} {bonus:+d}: '
                f"{odds_line_html(state, Discover(approach))}</div>"
            )
        else:
            self.odds.value = ""
        risks = {risk(state, kind) for kind in offered} - {None}
        self.risk.value = "".join(
            f'<div class="lantern-risk">⚠ {escape(text)}</div>'
            for text in sorted(risks)  # type: ignore[type-var]
        )
        spend = self.spend_input.value
        if "buy" in offered and isinstance(spend, int) and 1 <= spend <= state.treasures:
            buy = odds_line_html(state, BuyInformation(spend))
            self.buy_odds.value = f'<div class="lantern-odds-line">Spending {spend}: {buy}</div>'
        else:
            self.buy_odds.value = ""
        if "ask" in offered:
            ask = odds_line_html(state, Ask(self.likelihood_input.value))
            self.ask_odds.value = f'<div class="lantern-odds-line">Oracle: {ask}</div>'
        else:
            self.ask_odds.value = ""

    def _render_inputs(self, state: State) -> None:
        if state.character is not None:
            set_options(
                self.approach,
                [(f"{a.title()} {state.character.modifier(a):+d}", a) for a in APPROACHES],
            )
        purposes = [
            (words, f"reveal:{cell_value(at)}" if at is not None else purpose)
            for words, purpose, at in aims(state)
        ]  # named as Advice names the move (rules.firelights.words)
        set_options(self.confront_input, purposes)
        hidden = hidden_path_names(state)
        set_options(
            self.reveal_input, [("nothing", ""), *((name, cell_value(at)) for at, name in hidden)]
        )
        set_options(self.curse_input, [(name, name) for name in fightable(state)])
