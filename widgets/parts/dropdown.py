"""Dropdowns whose choices follow the game: options replaced only when they change.

Why a helper of its own: a panel re-renders after every action, and assigning a dropdown's options
makes the page redraw it and can drop the player's pick. Every game's panel offers choices that
change with the state (a Curse to fight, an item to drop), so the rule for keeping the pick lives
here once.
"""

from __future__ import annotations

from typing import Any

__all__ = ["set_options"]


def set_options(dropdown: Any, options: list[tuple[str, Any]]) -> None:
    """Replace a dropdown's options only when they changed, keeping the choice if still offered.

    ``options`` are ``(label, value)`` pairs; when the chosen value is no longer among them the
    first is chosen (or none, for no options).
    """
    if [tuple(o) for o in dropdown.options] == options:
        return
    keep = dropdown.value
    dropdown.options = options
    values = [value for _label, value in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)
