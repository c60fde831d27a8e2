"""The look shared by every Lantern widget: one CSS snippet, and small display helpers.

Why JupyterLab's ``--jp-*`` variables: the same panel must read in the light and the dark theme
(and in Voilà, which defines them too), so colours are never hard-coded; each ``var()`` carries a
fallback for front ends without them. Every rule is scoped under a ``lantern-`` class, so the
snippet cannot restyle the rest of the notebook, and including it twice is harmless.

Why here and not in each view: the views render plain HTML with class names only, so their
output stays small and testable, and the browser tests find elements by those names.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

__all__ = [
    "CSS",
    "button",
    "button_look",
    "chance_html",
    "escape",
    "format_chance",
    "percent",
    "style_widget",
]

#: The shared style sheet, scoped under ``lantern-`` classes (:func:`style_widget` adds it).
#: :meta hide-value:
CSS = """
.lantern-panel { color: var(--jp-ui-font-color1, #212121); }
.lantern-muted { color: var(--jp-ui-font-color2, #757575); }
.lantern-card-row { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: flex-start; }
.lantern-card {
  box-sizing: border-box; display: inline-flex; flex-direction: column;
  align-items: center; justify-content: center;
  width: 3.2em; height: 4.4em; line-height: 1.1; margin: 0.1em;
  border: 1px solid var(--jp-border-color1, #bdbdbd); border-radius: 0.35em;
  background: var(--jp-layout-color1, #fff); color: var(--jp-ui-font-color1, #212121);
  font-family: var(--jp-ui-font-family, sans-serif); font-weight: 600; font-size: 1.2em;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.25); user-select: none;
}
.lantern-card-rank { font-size: 1em; }
.lantern-card-suit { font-size: 1.3em; }
.lantern-card-red { color: var(--jp-error-color1, #d32f2f); }
.lantern-card-black { color: var(--jp-ui-font-color1, #212121); }
.lantern-card-back {
  background: repeating-linear-gradient(45deg,
    var(--jp-brand-color1, #1976d2) 0 0.25em, var(--jp-layout-color2, #eee) 0.25em 0.5em);
  border-color: var(--jp-brand-color1, #1976d2);
}
.lantern-card-empty {
  border: 1px dashed var(--jp-border-color1, #bdbdbd); background: transparent;
  box-shadow: none; color: var(--jp-ui-font-color3, #9e9e9e); font-weight: normal;
}
.lantern-dice { display: flex; flex-wrap: wrap; align-items: center; gap: 0.2em; line-height: 1.1; }
.lantern-die {
  font-size: 2.2em; line-height: 1; padding: 0 0.05em; border-radius: 0.15em;
  border: 2px solid transparent;
}
.lantern-hit { color: var(--jp-success-color1, #388e3c); border-color: var(--jp-success-color1, #388e3c); }
.lantern-miss { color: var(--jp-ui-font-color2, #757575); opacity: 0.75; }
.lantern-tally { margin-left: 0.6em; font-weight: 600; color: var(--jp-ui-font-color1, #212121); }
.lantern-dice-empty, .lantern-odds, .lantern-row-detail {
  color: var(--jp-ui-font-color2, #757575); font-size: 0.9em; line-height: 1.4;
}
.lantern-roll-value { font-weight: 600; line-height: 1.4; }
.lantern-entry { font-size: 1.3em; font-weight: 600; line-height: 1.4; color: var(--jp-ui-font-color1, #212121); }
.lantern-message {
  padding: 0.2em 0.6em; border-left: 4px solid var(--jp-border-color1, #bdbdbd);
  line-height: 1.4; white-space: pre-wrap; color: var(--jp-ui-font-color1, #212121);
}
.lantern-message-error {
  border-left-color: var(--jp-error-color1, #d32f2f); color: var(--jp-error-color1, #d32f2f);
  background: rgba(211, 47, 47, 0.1);
  background: color-mix(in srgb, var(--jp-error-color1, #d32f2f) 12%, transparent);
}
.lantern-message-success { border-left-color: var(--jp-success-color1, #388e3c); }
.lantern-message-info { border-left-color: var(--jp-brand-color1, #1976d2); }
/* A button the rules do not offer now. ipywidgets fades it to 0.6 opacity, which in the dark
   theme leaves grey on grey; instead: no fill, a dashed outline and the second text colour,
   readable in both themes (4.5:1 or more) and still plainly off. */
.lantern-panel .jupyter-button:disabled, .lantern-panel .jupyter-button.mod-primary:disabled {
  opacity: 1; cursor: not-allowed; box-shadow: none; background: transparent;
  color: var(--jp-ui-font-color2, #616161);
  outline: 1px dashed var(--jp-border-color1, #9e9e9e); outline-offset: -1px;
}
"""


def style_widget(*extra_css: str) -> widgets.HTML:
    """The CSS (plus a game panel's own ``extra_css``) as a hidden HTML widget for its children.

    A ``<style>`` element applies to the whole page even inside a hidden widget, so the panel
    looks right wherever it is displayed, and repeats are harmless.
    """
    css = "\n".join((CSS, *extra_css))
    style = widgets.HTML(
        value=f"<style>{css}</style>", layout=widgets.Layout(display="none", margin="0")
    )
    style.add_class("lantern-style")
    return style


def escape(text: object) -> str:
    """``text`` (from data or an error message) safe to put inside HTML, quotes included."""
    return html.escape(str(text), quote=True)


def format_chance(p: Fraction) -> str:
    """An exact chance as read at the table: ``4/9 ≈ 44%``; never rounds to a false 0 or 100%.

    >>> format_chance(Fraction(4, 9))
    '4/9 ≈ 44%'
    >>> format_chance(Fraction(1, 1000))
    '1/1000 ≈ <1%'
    """
    if p in (0, 1):
        return str(int(p))
    percent = float(p) * 100
    if percent < 1:
        approx = "<1%"
    elif percent > 99:
        approx = ">99%"
    else:
        approx = f"{percent:.0f}%"
    return f"{p} ≈ {approx}"


def percent(p: Fraction) -> str:
    """A chance read at a glance: ``42%``; never rounds to a false 0% or 100%.

    >>> percent(Fraction(19391, 45900)), percent(Fraction(1, 1000)), percent(Fraction(1))
    ('42%', '<1%', '100%')
    """
    if p in (0, 1):
        return f"{int(p) * 100}%"
    value = float(p) * 100
    if value < 1:
        return "<1%"
    if value > 99:
        return ">99%"
    return f"{value:.0f}%"


def chance_html(label: str, p: Fraction, css_class: str = "") -> str:
    """``Light 42%`` with the exact fraction in its tooltip (the odds explorer shows it in full)."""
    classes = f' class="{escape(css_class)}"' if css_class else ""
    return (
        f'<span{classes} title="{escape(label)}: exactly {p}">{escape(label)} {percent(p)}</span>'
    )


def button(
    description: str,
    css_class: str,
    tooltip: str = "",
    style: str = "",
    min_width: str = "",
    *,
    shared: tuple[widgets.Layout, widgets.ButtonStyle] | None = None,
) -> widgets.Button:
    """A button sized to its label, with the ``css_class`` panels style and browser tests find.

    ``shared``: the layout and style of a family of buttons made one per click (a choice's
    options, the log's rows), made once by their owner (:func:`button_look`). Each layout and
    style is a widget of its own, opened in the page with a message of its own: two of each per
    button were most of what a click made in the browser's kernel.
    """
    layout, looks = shared or (widgets.Layout(width="auto", min_width=min_width or None), None)
    extra = {} if looks is None else {"style": looks}
    made = widgets.Button(
        description=description, tooltip=tooltip, button_style=style, layout=layout, **extra
    )
    made.add_class(css_class)
    return made


def button_look(min_width: str = "") -> tuple[widgets.Layout, widgets.ButtonStyle]:
    """One layout and style for a family of :func:`button` (its ``shared``), sized to labels."""
    return widgets.Layout(width="auto", min_width=min_width or None), widgets.ButtonStyle()
