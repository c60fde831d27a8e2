"""The ending's recap and its count: what the journey went through, told under the ending.

Why in the frame: every game's ending says why in the same place and the same form (a short list
under the title); a game supplies its rules' ``recap(states)`` as its panel's ``recap_of``
(:func:`rules.embers.recap`, :func:`rules.firelights.recap`, :func:`rules.voidlight.recap`). The
states come from a replay of a copy (:func:`rules.play.recap.states_of`), made once per journey
and length and kept: an ending is re-rendered on every click of the controls around it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from rules.book import JourneyBook
from rules.play.recap import states_of
from widgets.parts.theme import button, escape

__all__ = ["ending_export_button", "ending_tail", "recap_html"]


def recap_html(panel: Any) -> str:
    """The recap of ``panel``'s journey as a list ("" when its game tells none)."""
    recap = getattr(panel, "recap_of", None)
    journey = panel.journey
    if recap is None or journey is None:
        return ""
    key = (id(journey), len(getattr(journey, "journey", journey).entries))
    kept = getattr(panel, "_recap_kept", None)
    if kept is None or kept[0] != key:
        kept = (key, tuple(recap(states_of(journey))))
        panel._recap_kept = kept
    lines = "".join(f"<li>{escape(line)}</li>" for line in kept[1])
    return f'<ul class="lantern-ending-recap">{lines}</ul>' if lines else ""


def ending_tail(panel: Any) -> str:
    """The recap, then how many actions were played and what may be done next."""
    book = panel.journey if isinstance(panel.journey, JourneyBook) else None
    count = (
        book.actions if book is not None else sum(not e.superseded for e in panel.journey.entries)
    )
    undo = " Undo takes the last action back." if book is not None else ""
    return recap_html(panel) + (
        f'<div class="lantern-ending-count">{count} actions played.{undo} '
        "Start another journey with New journey above.</div>"
    )


def ending_export_button(panel: Any) -> widgets.Button | None:
    """The ending's own *Export the Journey Book* (None where the panel has no journey controls:
    a seat, or a journey kept in memory)."""
    if panel.controls is None:
        return None
    made = button(
        "Export the Journey Book", "lantern-ending-export",
        "Write the whole Journey Book as Markdown and as a notebook", "primary",
    )  # fmt: skip
    made.on_click(lambda _b: None if panel.controls is None else panel.controls.export())
    return made
