"""The choice the rules leave to the player now: its prompt, and one button per option.

Why in the frame: every game pauses for choices (which card joins the map, which item falls,
which hero acts) and a player reads them the same way in each: a prompt above buttons labelled
with what each option would do. The row is rebuilt only when the choice changes, through
:func:`~widgets.frame.connection.replace_children` (the old buttons close after they left the
page, so a reloaded page can still restore the panel).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from widgets.frame.connection import replace_children
from widgets.parts.theme import button, button_look, escape

__all__ = ["ChoiceRow"]


class ChoiceRow(widgets.VBox):
    """``show(prompt, options)`` with ``options`` as ``(value, label)``; a click calls
    ``on_choose(value)``. Buttons carry ``lantern-act-choose`` and ``lantern-choose-<value>`` (other than letters,
    digits, ``-`` and ``_`` turned into ``-``)."""

    def __init__(self, on_choose: Callable[[str], None]) -> None:
        super().__init__()
        self.add_class("lantern-choice")
        self._on_choose = on_choose
        self._shown: object = None
        self._look = button_look("9em")  # shared by every option's button, shown or to come

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        """The option buttons shown now (none when no choice is pending)."""
        if len(self.children) < 2:
            return ()
        row = self.children[1]
        assert isinstance(row, widgets.Box)
        return tuple(row.children)  # type: ignore[arg-type]

    def show(self, prompt: str | None, options: Sequence[tuple[str, str]] = ()) -> None:
        """The prompt (None: no choice) and its options; nothing is rebuilt when unchanged."""
        key = (prompt, tuple(options))
        if key == self._shown:
            return
        self._shown = key
        if prompt is None:
            replace_children(self, (), keep=self._look)
            return
        text = widgets.HTML(f'<b class="lantern-prompt">{escape(prompt)}</b>')
        if not options:
            replace_children(self, (text,), keep=self._look)
            return
        made = []
        for value, label in options:
            each = button(
                label, "lantern-act-choose", f"Choose {label}", "warning", shared=self._look
            )
            each.add_class(f"lantern-choose-{re.sub(r'[^A-Za-z0-9_-]', '-', value)}")
            each.on_click(lambda _b, value=value: self._on_choose(value))
            made.append(each)
        replace_children(self, (text, widgets.HBox(made)), keep=self._look)

    def close(self) -> None:
        """Close the row and the look its buttons share (held by no trait when no choice shows)."""
        super().close()
        for shared in self._look:
            shared.close()
