"""Voidlight's advice hook: each of the player's decisions open now and its chance to come back
alive from the expedition (:func:`rules.voidlight.advise`, solo play), the best one's button
marked. A crew's journey gets no advice: the advice says so (it looks at a crew of one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from rules.voidlight import Beam, Check, Choose, Push, State, SwapBattery, advise
from widgets.frame.advice import AdviceHook
from widgets.frame.thinking import Advisor
from widgets.voidlight.controls import beam_words, check_words

__all__ = ["VoidlightAdvice"]


class VoidlightAdvice(AdviceHook):
    """The hook of :class:`widgets.voidlight.VoidlightPanel`."""

    question = "come back alive"
    player = "the explorer"

    def advisor(self) -> Advisor:
        return advise

    def label(self, state: State, move: Any) -> str:
        """The move as its button says it (the same functions make both)."""
        if isinstance(move, Check):
            return f"{check_words(state, move.attribute, move.who)}, {move.position}"
        if isinstance(move, Beam):
            return beam_words(move.mode)
        if isinstance(move, Push):
            return str(self.panel.checks.push_button.description)
        if isinstance(move, SwapBattery):
            return str(self.panel.light_bar.swap_button.description)
        return str(move.option if isinstance(move, Choose) else move.title)

    def controls(self, state: State, move: Any) -> Sequence[widgets.DOMWidget]:
        panel = self.panel
        found: Any = None
        if isinstance(move, Check):
            found = panel.checks.check_buttons.get(move.attribute)
        elif isinstance(move, Beam):
            found = panel.light_bar.beam_buttons.get(move.mode)
        elif isinstance(move, Push):
            found = panel.checks.push_button
        elif isinstance(move, SwapBattery):
            found = panel.light_bar.swap_button
        elif isinstance(move, Choose):
            return [b for b in panel.choice_buttons if b.description == move.option]
        return () if found is None else (found,)
