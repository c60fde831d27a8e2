"""Every widget under a panel: what closing it closes, and what a test walks to see what a page
could be sent (each widget's model and state).

Why apart from :mod:`widgets.frame.base`: the frame, the seats and the tests all walk a panel's
widgets, and the frame's module is full.
"""

from __future__ import annotations

import weakref

import ipywidgets as widgets

__all__ = ["descendants", "share"]

#: Widgets a panel holds but does not own: the kernel's one ipylab front end, which every panel of
#: the kernel uses. A walk stops at them, so closing a panel leaves them open: once, Run All's new
#: panel closed the one it replaced and with it the front end, and no panel of that kernel could
#: insert a journal cell any more.
_SHARED: weakref.WeakSet[widgets.Widget] = weakref.WeakSet()


def share(widget: widgets.Widget) -> None:
    """Mark ``widget`` as held by panels without being theirs:
    :func:`~widgets.frame.tree.descendants` leaves it, and what it holds, out."""
    _SHARED.add(widget)


def descendants(root: widgets.Widget) -> list[widgets.Widget]:
    """Every widget under ``root`` (itself last), through children and the panel's attributes,
    but those it shares with other panels (:func:`~widgets.frame.tree.share`)."""
    found: list[widgets.Widget] = []
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen or (widget in _SHARED and widget is not root):
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
