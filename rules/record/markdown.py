"""A player's words and the rules' words as Markdown that shows them as they are, and runs nothing.

Why in the record: a game's summary (its ``summary(state)`` hook) escapes the names a player
gave, and the Journey Book's exports keep a player's notes inert; both read the same rules here,
and a game never reaches into the book for them.
"""

from __future__ import annotations

import html
import re

__all__ = ["SAFE_SCHEMES", "escape", "inert_markdown", "no_raw_html"]

_SPECIAL = re.compile(r"([\\`*_\[\]>#|~])")
#: The only URL schemes a link or image in an exported note keeps (no ``javascript:``, ``data:``).
SAFE_SCHEMES = ("http", "https", "mailto")
#: Where raw HTML (or an autolink, which may carry any scheme) can start: ``<`` then a letter,
#: ``/``, ``!`` or ``?``. A ``<`` before a digit or a space (``x < 3``, ``<3``) starts nothing.
_HTML_START = re.compile(r"<(?=[A-Za-z/!?])")
#: A link or image target: after ``](``, or in a reference definition ``[label]: target``.
_TARGET = re.compile(
    r"(?P<lead>\]\(\s*|^[ ]{0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*)"
    r"(?P<url><[^>\n]*>?|(?:[^\s()]|\([^\s()]*\))+)",
    re.MULTILINE,
)
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
#: What a browser ignores in a URL (tabs, newlines, other controls) or Markdown strips.
_IGNORED = re.compile(r"[\x00-\x20\x7f]")
_BACKSLASH = re.compile(r"\\([!-/:-@\[-`{-~])")


def escape(text: str) -> str:
    r"""``text`` that Markdown shows as it is: ``*``, ``_``, ``#`` and the like escaped, ``&``
    and ``<`` written ``&amp;`` and ``&lt;`` (an entity means the same to every renderer, and no
    raw HTML can start, whatever precedes it). A bare ``https://`` address stays a link that
    shows its own address (GitHub and JupyterLab link those): no other link or image can form.

    >>> escape("“Is it *safe*?” the Oracle answers <yes> & [no](javascript:x)")
    '“Is it \\*safe\\*?” the Oracle answers &lt;yes\\> &amp; \\[no\\](javascript:x)'
    """
    return _SPECIAL.sub(r"\\\1", text).replace("&", "&amp;").replace("<", "&lt;")


def inert_markdown(text: str) -> str:
    r"""A player's Markdown with nothing in it that can run: formatting kept, raw HTML shown as
    text (its ``<`` written ``&lt;``), and a link or image whose target is not http, https, mailto or a plain
    relative address pointed at ``#`` instead.

    Why the standard library and not a sanitizer: ``rules/`` imports nothing else, and the exports
    are Markdown, not HTML. Escaping every ``<`` that could open a tag leaves no raw HTML for a
    renderer to run, whatever it allows; an entity, unlike a backslash, cannot be undone by a
    backslash before it or by a code span around it. What a kernel shows is rendered and cleaned
    once more with nh3 (:mod:`widgets.parts.sanitize`). In code, such a ``<`` shows as ``&lt;``: the
    cost of not guessing where a renderer thinks code begins.

    >>> inert_markdown("The bridge *sways* <img src=x onerror=alert(2)> [go](javascript:alert(1))")
    'The bridge *sways* &lt;img src=x onerror=alert(2)> [go](#)'
    >>> inert_markdown("[map](https://example.org/map) and x < 3")
    '[map](https://example.org/map) and x < 3'
    """
    return no_raw_html(_TARGET.sub(_safe_target, text))


def no_raw_html(text: str) -> str:
    """``text`` with every ``<`` that could open a tag, a comment or an autolink as ``&lt;``."""
    return _HTML_START.sub("&lt;", text)


def _safe_target(match: re.Match[str]) -> str:
    url = match["url"].removeprefix("<").removesuffix(">")
    # A renderer reads entities and backslash escapes in a target, in either order; a browser
    # drops tabs and newlines inside it. Refuse the target if any reading is not safe.
    readings = {url}
    if "&" in url or "\\" in url:
        readings = {
            html.unescape(_BACKSLASH.sub(r"\1", url)),
            _BACKSLASH.sub(r"\1", html.unescape(url)),
        }
    for reading in readings:
        scheme = _SCHEME.match(_IGNORED.sub("", reading))
        if scheme is not None and scheme[1].lower() not in SAFE_SCHEMES:
            return match["lead"] + "#"
    return match[0]
