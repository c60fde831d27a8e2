"""A game panel that says when it is not connected, and comes back live after a reload.

* ``FRAME_CLASS`` goes on the panel's outermost widget; ``FRAME_CSS`` goes into the CSS the panel
  already ships in a widget (``style_widget``), so it is in the page exactly while the live view
  is. When the kernel dies, restarts or shuts down, ipywidgets adds ``jupyter-widgets-disconnected``
  to every view of the old kernel's widgets (and shows only a small chain-broken icon on each
  part, while clicks still go to the dead widgets): ``FRAME_CSS`` then dims the panel, takes its
  clicks away and shows ``MESSAGE`` over it.
* ``fallback()`` is displayed right after the panel, as a plain HTML output (a panel class that
  mixes in ``ShowsFallback`` does it itself, so a cell ending in ``panel`` is enough). Where the
  live view is not in the page (saved outputs whose widget models are gone: "Loading widget..." or "Error
  displaying widget: model not found"; an untrusted notebook; nbconvert and GitHub), it shows
  ``MESSAGE``, after a 3 s grace in which a reload restores the live panel.
* ``replace_children()`` is how a panel swaps parts of itself: set the new children, then close
  what only the old ones held. Closing a widget that a live container still lists (as the
  Firelights panel did with its choice buttons and map cells) makes that container's state
  unserialisable, which silently breaks ipywidgets' restore after a browser reload.
  ``broken_widgets()`` finds such containers, for a unit test: ``assert broken_widgets() == []``.
* ``holder()``: in JupyterLab a panel is shown inside a box whose model id comes from the cell
  that showed it. After Restart Kernel + Run All the new panel has the id the notebook file
  already holds, saved or not since: a reload restores it live from the kernel, where a fresh
  random id would leave "model not found" until the file was saved again (docs/developer-guide/connection.md).
"""

from __future__ import annotations

import functools
import html
import uuid
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import ipywidgets as widgets
import traitlets
from IPython.display import HTML, display

__all__ = [
    "FALLBACK_CLASS",
    "FRAME_CLASS",
    "FRAME_CSS",
    "MESSAGE",
    "VOILA_MESSAGE",
    "ShowsFallback",
    "broken_widgets",
    "fallback",
    "fallback_html",
    "holder",
    "replace_children",
    "saved_lines",
    "shown_in_cell",
]

#: The CSS class on a panel's outermost widget, which the disconnected and fallback rules look for.
FRAME_CLASS = "lantern-frame"
#: The CSS class of the plain HTML output shown after a panel, seen only where the live panel is
#: not.
FALLBACK_CLASS = "lantern-fallback"
#: What a disconnected or missing panel says in JupyterLab.
MESSAGE = (
    "The panel is disconnected from the game: Run ▸ Run All Cells to bring your journey back "
    "where you left off."
)
#: What it says under Voilà, where a reload starts the kernel again.
VOILA_MESSAGE = (
    "The panel is disconnected from the game: reload the page to bring your journey back "
    "where you left off."
)
#: Seconds the fallback waits before it shows: a reload restores the live view in about 2.
GRACE_SECONDS = 3


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal (non-ASCII escaped, so any page encoding reads it)."""
    out = []
    for char in text:
        if char in '"\\' or not char.isascii() or not char.isprintable():
            out.append(f"\\{ord(char):x} ")  # the space ends the escape (and is consumed)
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


_DISCONNECTED = f".{FRAME_CLASS}.jupyter-widgets-disconnected"

#: Into the panel's own CSS widget. Every selector is scoped by the frame or fallback class.
FRAME_CSS = f"""
/* The live panel is in this output area: its fallback line is not needed. */
.jp-OutputArea:has(.{FRAME_CLASS}) .{FALLBACK_CLASS} {{ display: none !important; }}
/* The kernel behind this view is gone (died, restarted, shut down): say so, take the clicks. */
{_DISCONNECTED} {{ position: relative; }}
{_DISCONNECTED}, {_DISCONNECTED} * {{ pointer-events: none !important; }}
{_DISCONNECTED} > * {{ opacity: 0.35; }}
{_DISCONNECTED}::before {{
  content: {_css_string(MESSAGE)};
  position: sticky; top: 0; z-index: 2; display: block; box-sizing: border-box;
  margin: 0 0 0.5em 0; padding: 0.5em 0.8em; width: 100%; white-space: normal;
  text-align: left; font-family: var(--jp-ui-font-family, sans-serif); font-size: 1rem;
  font-weight: 600; line-height: 1.4;
  color: var(--jp-ui-font-color1, #212121); background: var(--jp-layout-color2, #eeeeee);
  border-left: 4px solid var(--jp-warn-color0, #e65100);
}}
/* ipywidgets' own sign, a small chain-broken icon on each part: the banner says it once. */
{_DISCONNECTED} .jupyter-widgets-disconnected::before {{ display: none; }}
{_DISCONNECTED}::after {{
  content: ""; position: absolute; inset: 0; z-index: 1;
  background: var(--jp-layout-color0, #ffffff); opacity: 0.3;
}}
body[data-voila] {_DISCONNECTED}::before {{ content: {_css_string(VOILA_MESSAGE)}; }}
"""

#: In the fallback output itself: applies where JupyterLab keeps <style> (trusted outputs; an
#: untrusted output loses it to the sanitizer, and the line then shows as plain text).
_FALLBACK_CSS = f"""
.{FALLBACK_CLASS} {{
  margin: 0.3em 0; padding: 0.5em 0.8em; font-family: var(--jp-ui-font-family, sans-serif);
  font-size: 1rem; font-weight: 600; line-height: 1.4;
  color: var(--jp-ui-font-color1, #212121); background: var(--jp-layout-color2, #eeeeee);
  border-left: 4px solid var(--jp-warn-color0, #e65100);
  animation: lantern-fallback-grace 0s {GRACE_SECONDS}s both;
}}
@keyframes lantern-fallback-grace {{ from {{ visibility: hidden; }} to {{ visibility: visible; }} }}
.jp-OutputArea:has(.{FRAME_CLASS}) .{FALLBACK_CLASS} {{ display: none !important; }}
/* Instead of "Loading widget..." or "Error displaying widget" (a widget output with no view),
   after the same grace: one line, the fallback's. */
.jp-OutputArea:has(.{FALLBACK_CLASS}):not(:has(.{FRAME_CLASS}))
  > .jp-OutputArea-child > .jp-OutputArea-output.lm-Panel:not(:has(*)) {{
  animation: lantern-placeholder-grace 0s {GRACE_SECONDS}s both;
}}
/* "Error displaying widget: model not found" (the renderer adds .jupyter-widgets only to say it
   failed; "Loading widget..." has none): the kernel has no such widget and never will (a notebook
   reopened after the server or kernel restarted), so no grace: the line at once, in its place.
   (A :has() may not hold another, hence the sibling combinator.) */
.jp-OutputArea:has(.{FALLBACK_CLASS}):not(:has(.{FRAME_CLASS}))
  > .jp-OutputArea-child:has(> .jp-OutputArea-output.jupyter-widgets) {{
  display: none;
}}
.jp-OutputArea:not(:has(.{FRAME_CLASS}))
  > .jp-OutputArea-child:has(> .jp-OutputArea-output.jupyter-widgets)
  ~ .jp-OutputArea-child .{FALLBACK_CLASS} {{
  animation: none; visibility: visible;
}}
@keyframes lantern-placeholder-grace {{
  to {{ visibility: hidden; height: 0; min-height: 0; padding: 0; overflow: hidden; }}
}}
.{FALLBACK_CLASS}-voila {{ display: none; }}
body[data-voila] .{FALLBACK_CLASS}-lab {{ display: none; }}
body[data-voila] .{FALLBACK_CLASS}-voila {{ display: inline !important; }}
"""


def saved_lines(journey: str | None) -> tuple[str, str]:
    """What the fallback says in JupyterLab (and Notebook 7, nbconvert) and on a Voilà page, as
    HTML: the journey's name where the panel plays a saved journey, as the panel would say it."""
    if journey is None:
        return html.escape(MESSAGE), html.escape(VOILA_MESSAGE)
    name = f"Your journey <em>{html.escape(journey)}</em> is saved"
    return (
        f"{name}: Run ▸ Run All Cells to continue where you left off.",
        f"{name}: reload the page to continue where you left off.",
    )


def fallback_html(journey: str | None = None) -> str:
    """The fallback output's HTML: the line, its Voilà variant, and their CSS."""
    lab, voila = saved_lines(journey)
    return (
        f'<div class="{FALLBACK_CLASS}" role="status">'
        f'<span class="{FALLBACK_CLASS}-lab">{lab}</span>'
        # Inline display:none survives the sanitizer of an untrusted output; <style> does not.
        f'<span class="{FALLBACK_CLASS}-voila" style="display: none">{voila}</span>'
        f"</div><style>{_FALLBACK_CSS}</style>"
    )


def fallback(journey: str | None = None) -> HTML:
    """Display this right after the panel, in the same cell: ``display(panel, fallback())``."""
    return HTML(fallback_html(journey))


class ShowsFallback:
    """Mix into a panel (before the ipywidgets class): showing the panel shows its fallback
    line right below it, in the same output area, so a notebook cell needs only ``panel``.

    ``plain_text`` is what front ends without widgets show for the panel itself (an untrusted
    notebook, nbconvert, GitHub) instead of the widget's repr.
    """

    #: What front ends without widgets show for the panel (nbconvert, an untrusted notebook).
    plain_text: ClassVar[str] = "✹ Lantern"
    #: The last fallback line shown, to name another journey when the panel switches to it.
    _fallback_shown: Any = None

    def fallback_journey(self) -> str | None:
        """The name of the saved journey the panel plays, for its fallback line (None: none)."""
        return None

    def _ipython_display_(self, **kwargs: Any) -> None:
        running = _running_cell()
        if running is not None:
            _shown_cell[0] = running[0]
        shown = holder(self)  # type: ignore[arg-type]
        bundle = shown._repr_mimebundle_(**kwargs) or {}  # None: a closed widget, no view
        # An HTML comment for front ends that show HTML but no widget (nbconvert's export, an
        # untrusted notebook): the fallback line below says it, once.
        display({**bundle, "text/html": _NO_WIDGET_HTML, "text/plain": self.plain_text}, raw=True)
        self._fallback_shown = display(fallback(self.fallback_journey()), display_id=True)

    def update_fallback(self) -> None:
        """Name the journey the panel plays now in its saved fallback line (after New or Open)."""
        if self._fallback_shown is not None:
            self._fallback_shown.update(fallback(self.fallback_journey()))


_NO_WIDGET_HTML = "<!-- a Lantern panel: the line below stands in for it -->"
#: The id of the notebook cell that showed a panel last (journal cells go below its section).
_shown_cell: list[str | None] = [None]


def shown_in_cell() -> str | None:
    """The id of the notebook cell that last showed a panel in this kernel, if any."""
    return _shown_cell[0]


# --- a model id that survives Restart Kernel + Run All -----------------------------------------

#: The holders open in this kernel, by model id (one per cell and place in its output), each
#: with the panel it shows and the watcher that closes it with that panel.
_holders: dict[str, tuple[widgets.Box, widgets.Widget, Any]] = {}
#: How many holders the running execution made so far: (its message id, count).
_made: list[Any] = [None, 0]
_NAMESPACE = uuid.UUID("9b0f3c52-6a8e-4d1e-9a57-2f1c8e6d4b10")


def _running_cell() -> tuple[str, str] | None:
    """The running cell's id and its execution's message id; None outside a JupyterLab cell
    (nbconvert, Voilà, a script, a button's callback: no cell id comes with those)."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
    except Exception:  # no kernel, or one too old to tell
        return None
    cell = (parent or {}).get("metadata", {}).get("cellId")
    message = (parent or {}).get("header", {}).get("msg_id")
    return (str(cell), str(message)) if cell and message else None


def holder(panel: widgets.DOMWidget) -> widgets.DOMWidget:
    """A box showing ``panel`` whose model id is made from the running cell's id (and how many
    holders this run of the cell made before), so Run All remakes the same id; ``panel`` itself
    where no cell id comes.

    The holder of that id made by an earlier run is closed first (one comm per id), and a
    holder closes when its panel does: no open box may list a closed widget (see
    :func:`replace_children`).
    """
    running = _running_cell()
    if running is None:
        return panel
    cell, message = running
    if _made[0] != message:
        _made[:] = [message, 0]
    place = _made[1]
    _made[1] += 1
    model_id = uuid.uuid5(_NAMESPACE, f"{cell}:{place}").hex
    earlier = _holders.pop(model_id, None)
    if earlier is not None:
        box, shown, watcher = earlier
        shown.unobserve(watcher, "comm")
        box.close()
        if shown is not panel and shown.comm is not None:
            # Run All replaced the panel this cell showed, and nothing closed it (a journey kept
            # in memory only: a book's panel closes the one on its file itself): its live parts
            # (a Voidlight timer's task) stop with it.
            shown.close()
    box = widgets.VBox([panel], model_id=model_id, layout=widgets.Layout(width="100%"))
    box.add_class(f"{FRAME_CLASS}-holder")

    def closed(change: dict[str, Any]) -> None:
        if change["new"] is None and model_id in _holders and _holders[model_id][0] is box:
            del _holders[model_id]
            box.close()

    panel.observe(closed, "comm")
    _holders[model_id] = (box, panel, closed)
    return box


# --- the kernel side: replacing parts without breaking restore ----------------------------------


#: Traits that never hold a widget: a text, a number, a flag, a choice among names.
_SCALARS = (traitlets.Unicode, traitlets.Bool, traitlets.Int, traitlets.Float, traitlets.Enum)


@functools.cache
def _widget_traits(kind: type[widgets.Widget]) -> tuple[str, ...]:
    """The names of ``kind``'s traits that may refer to a widget (children, layout, style, ...).

    Why not every trait: a widget has dozens (description, tooltip, value, ...), reading each
    through traitlets is what a walk of a panel's tree spent its time on (the log's 30 entries
    made every click walk some 700 widgets), and the scalar ones can never hold a widget.
    """
    names = []
    for name, trait in kind.class_traits().items():
        inner = getattr(trait, "_trait", None)  # a tuple or list of texts (_dom_classes)
        if isinstance(trait, _SCALARS) or isinstance(inner, _SCALARS):
            continue
        names.append(name)
    return tuple(names)


def _held(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widgets that ``widget``'s traits refer to (children, layout, style, ...)."""
    for name in _widget_traits(type(widget)):
        value = getattr(widget, name)
        if isinstance(value, widgets.Widget):
            yield value
        elif isinstance(value, list | tuple):
            yield from (v for v in value if isinstance(v, widgets.Widget))


def _subtree(roots: Iterable[widgets.Widget]) -> dict[int, widgets.Widget]:
    found: dict[int, widgets.Widget] = {}
    stack = list(roots)
    while stack:
        widget = stack.pop()
        if id(widget) not in found:
            found[id(widget)] = widget
            stack.extend(_held(widget))
    return found


def replace_children(
    box: widgets.Box,
    children: Iterable[widgets.Widget],
    keep: Iterable[widgets.Widget] = (),
    owned: bool = False,
) -> None:
    """Show ``children`` in ``box``, then close every widget only the old children held.

    In that order: a container must never list a closed widget (its state can then not be
    sent, and ipywidgets' restore of a reloaded page stops at it). For parts rebuilt on each
    render; a widget the panel holds elsewhere too (and shows again later) goes in ``keep``.
    ``owned``: each child owns its whole tree (nothing in it is held by another child, nor
    anywhere else), so only the children dropped are walked and closed, not every child kept
    (the log keeps 29 of its 30 entries on a click).
    """
    new = tuple(children)
    if owned:
        staying = {id(widget) for widget in (*new, *keep)}
        dropped = [widget for widget in box.children if id(widget) not in staying]
        box.children = new
        for widget in _subtree(dropped).values():
            widget.close()
        return
    kept = _subtree((*new, *keep))
    kept.update(_subtree(w for w in _held(box) if w not in box.children))
    old = _subtree(box.children)
    box.children = new
    for key, widget in old.items():
        if key not in kept:
            widget.close()


def broken_widgets() -> list[widgets.Widget]:
    """Open widgets whose state cannot be serialised (they refer to a closed widget).

    One of these makes the kernel's answer to the front end's "request_states" raise, so a
    reloaded page shows "Loading widget..." until Run All. Expect ``[]`` after any play.
    """
    from ipywidgets.widgets.widget import _instances

    broken = []
    for widget in list(_instances.values()):
        try:
            widget.get_state()
        except AttributeError:
            broken.append(widget)
    return broken
