"""The Lamplighter panel: the bridge, three buttons, the exact odds and advice, on the game frame.

A projection of one journey (:class:`widgets.frame.GameFrame` does the rest: the journey
controls, the result of the last click, messages, the log, "At the table", the ending). Every
button is offered by :func:`lamplighter.game.legal` and every figure comes from the rules: no
rule is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from lamplighter.game import (
    ACTIONS,
    LAMPS,
    OIL,
    Report,
    State,
    advise,
    legal,
    light_odds,
    night_odds,
)
from widgets.frame import GameFrame, section
from widgets.frame.advice import AdviceHook
from widgets.frame.thinking import Advisor
from widgets.parts.theme import button, escape

__all__ = ["LamplighterPanel"]

#: What each button says when the pointer rests on it.
TIPS = {
    "light": "Roll the wind dice: a 1 on any die blows out the lamps not yet shielded",
    "shield": "One measure of oil: the lamps lit so far are safe; the night turns a card",
    "turn_back": "End the journey with the lamps shielded so far",
}
#: The panel's own look, under its ``lantern-lamplighter`` class.
CSS = """
.lantern-lamplighter .lamp-row { font-size: 1.8em; letter-spacing: 0.2em; }
.lantern-lamplighter .lamp-lit { color: #f0a020; }
.lantern-lamplighter .lamp-shielded { color: #c07000; }
"""


def percent(chance: Fraction) -> str:
    """An exact chance as the player reads it: ``31% (11/36)``."""
    return f"{float(chance):.0%} ({chance})"


def bridge_html(state: State) -> str:
    """The six lamps (shielded, lit, dark), the oil and the wind."""
    lamps = (
        '<span class="lamp-shielded" title="shielded">●</span>' * state.lamps
        + '<span class="lamp-lit" title="lit, not shielded">◐</span>' * state.flames
        + '<span title="dark">○</span>' * (LAMPS - state.lamps - state.flames)
    )
    return (
        f'<div class="lamp-row">{lamps}</div><div>Oil <b>{state.oil}</b> of {OIL} · wind '
        f"<b>{state.dice}</b> dice · night deck {len(state.deck)} cards</div>"
    )


def odds_html(state: State) -> str:
    """The exact odds of what the offered buttons would meet."""
    offered = {action.kind for action in legal(state)}
    rows = []
    if "light" in offered:
        rows.append(f"Light: a gust {percent(light_odds(state)['gust'])}")
    if "shield" in offered:
        cards = night_odds(state)
        rows.append("Shield, then: " + ", ".join(f"{c} {percent(p)}" for c, p in cards.items()))
    return "".join(f'<div class="lantern-odds">{escape(row)}</div>' for row in rows)


class LamplighterAdvice(AdviceHook):
    """The Advice section's rows: each move's chance to cross (:func:`lamplighter.game.advise`),
    labelled as its button is, the best one's button marked."""

    question = "cross"

    def advisor(self) -> Advisor:
        return advise

    def label(self, state: State, move: Any) -> str:
        return str(move.title)

    def controls(self, state: State, move: Any) -> Sequence[widgets.DOMWidget]:
        return [self.panel.buttons[move.kind]]


class LamplighterPanel(GameFrame):
    """Everything a lamplighter needs, re-rendered from ``journey.state`` after each click."""

    game_name = "lamplighter"
    title = "🏮 Lamplighter"
    plain_text = "🏮 Lamplighter: the game panel (run the notebook to play)"
    css = CSS
    table_placeholder = "4 5 — your own wind dice, for Light"
    advice_hook = LamplighterAdvice

    def build(self) -> None:
        self.bridge = widgets.HTML()
        self.odds = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        for kind, cls in ACTIONS.items():
            made = button(cls.title, f"lantern-act-{kind}", TIPS[kind])
            made.on_click(lambda _button, cls=cls: self.act(cls()))
            self.buttons[kind] = made

    def board(self) -> Sequence[widgets.Widget]:
        return (section("The bridge", self.bridge),)

    def actions(self) -> Sequence[widgets.Widget]:
        return (section("Actions", widgets.HBox(list(self.buttons.values())), self.odds),)

    def render_board(self, state: State, live: bool) -> None:
        self.bridge.value = bridge_html(state)

    def render_actions(self, state: State) -> None:
        offered = {action.kind for action in legal(state)}
        for kind, made in self.buttons.items():
            made.disabled = kind not in offered
        self.odds.value = odds_html(state)

    def status_html(self, state: State) -> str:
        return f'<span class="lantern-status">{state.lamps} of {LAMPS} lamps shielded</span>'

    def report_html(self, reports: Sequence[Any]) -> str:
        shown = [r for r in reports if isinstance(r, Report)]
        return "".join(
            f'<div class="lantern-report lantern-{r.outcome}">{escape(r.mechanics())}</div>'
            for r in shown
        )

    def ending_html(self, state: State) -> str | None:
        endings = {
            "crossed": "All six lamps burn across the gorge: <b>you crossed</b>.",
            "dark": "The oil is gone and the bridge is <b>dark</b>.",
            "turned back": f"You turned back with <b>{state.lamps}</b> lamps shielded.",
        }
        return endings.get(state.status)
