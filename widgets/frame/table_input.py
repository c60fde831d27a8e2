""" "At the table": the cards and dice a player drew and rolled with their own deck and dice.

Why a box of its own: a solo player often plays with physical components and wants Lantern only
to keep the book. They type what they got (``7H QS 4 5``, :func:`rules.table.physical.parse_table_results`)
before clicking an action; Lantern uses it instead of drawing and rolling. Typing too few is
refused by the journey unless *Lantern draws the rest* is ticked; then the line under the box says
what Lantern drew or rolled, so the table and the book never disagree silently.

As the player types, the line says what the kernel has read ("Ready for your next action: 7♥ Q♠
4 5"): the text reaches the kernel in a message of its own, apart from the click, and the line
shows the player that Lantern has it before they click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from rules.errors import LanternError
from rules.table.physical import parse_table_results
from widgets.parts.theme import escape

__all__ = ["AtTheTable", "outcome_text"]


def outcome_text(outcome: object) -> str:
    """One chance outcome as typed at the table: ``7H QS`` for a draw, ``4 5`` for a roll."""
    if isinstance(outcome, list | tuple):
        return " ".join(map(str, outcome))
    return str(outcome)


class AtTheTable(widgets.VBox):
    """The text box, the *Lantern draws the rest* option, and a line saying what happened."""

    def __init__(self, placeholder: str = "7H QS 4 5 — your own cards and dice") -> None:
        super().__init__()
        self.add_class("lantern-at-table")
        self.text = widgets.Text(
            description="At the table",
            placeholder=placeholder,
            layout=widgets.Layout(width="28em"),
            style={"description_width": "initial"},
        )
        self.text.add_class("lantern-table-results")
        self.draw_rest = widgets.Checkbox(
            value=False,
            description="Lantern draws or rolls what I leave out",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.draw_rest.add_class("lantern-table-draw-rest")
        self.note = widgets.HTML()
        self.note.add_class("lantern-table-note")
        self.children = (widgets.HBox([self.text, self.draw_rest]), self.note)
        #: How the typed text becomes chance outcomes: card codes and dice by default; a game
        #: whose cards carry names reads those (the Embers panel).
        self.parse: Callable[[str], list[object]] = parse_table_results
        self.text.observe(self._read, names="value")

    def _read(self, change: dict[str, Any]) -> None:
        """Say what the typed text gives the next action, once it reads as cards or dice (text
        still being typed that does not read yet says nothing: the click says what is wrong)."""
        text = str(change["new"]).strip()
        if not text:
            return  # emptied by the action that used it: its line says what it used
        try:
            outcomes = self.parse(text)
        except LanternError:
            self.note.value = ""
            return
        said = escape(" · ".join(map(outcome_text, outcomes)))
        self.note.value = (
            f'<div class="lantern-table-ready">Ready for your next action: {said}</div>'
        )

    def typed(self) -> list[object] | None:
        """The outcomes typed, in order (None when the box is empty); bad text raises."""
        text = self.text.value.strip()
        return self.parse(text) if text else None

    def used(self, entry: Any) -> None:
        """Empty the box and say what was typed and what Lantern drew or rolled for ``entry``."""
        chance: Sequence[object] = entry.chance
        typed, drawn = chance[: entry.supplied], chance[entry.supplied :]
        parts = [f"Used from the table: {escape(' · '.join(map(outcome_text, typed)))}"]
        if drawn:
            parts.append(
                f"<b>Lantern drew or rolled the rest: "
                f"{escape(' · '.join(map(outcome_text, drawn)))}</b>"
            )
        self.note.value = f'<div class="lantern-table-used">{". ".join(parts)}.</div>'
        self.text.value = ""

    def clear_note(self) -> None:
        """Forget what the last action used from the table (another action, or another journey, is
        shown); text still in the box (an action refused) is said as ready again."""
        self.note.value = ""
        self._read({"new": self.text.value})
