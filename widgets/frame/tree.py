"""Every widget under a panel: what closing it closes, and what a test walks to see what a page
could be sent (each widget's model and state).

Why apart from :mod:`widgets.frame.base`: the frame, the seats and the tests all walk a panel's
widgets, and the frame's module is full.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["descendants"]


def descendants(root: widgets.Widget) -> list[widgets.Widget]:
    """Every widget under ``root`` (itself last), through children and the panel's attributes."""
    found: list[widgets.Widget] = []
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
        for value in vars(widget).values():
            values = value.values() if isinstance(value, dict) else value
            if isinstance(values, tuple | list | type({}.values())):
                stack.extend(v for v in values if isinstance(v, widgets.Widget))
            elif isinstance(value, widgets.Widget):
                stack.append(value)
    return found[::-1]
