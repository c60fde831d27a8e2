"""Player Markdown as HTML that runs nothing: rendered with mistune, then cleaned by nh3.

Why at the display edge and not in ``rules/``: ``rules/`` is standard library only, and a
sanitizer is only as good as the parser it mirrors, so the note is rendered here, to the HTML the
page will get, and that HTML is cleaned with nh3's allow-list. ``rules/`` makes the Markdown of the
exports inert with the standard library (:func:`rules.record.markdown.inert_markdown`: raw HTML shown as
text, unsafe link targets removed); this module is the second, stricter layer for what a kernel
shows, which JupyterLab trusts and does not sanitize again (a notebook's own outputs are trusted).

What is kept: the HTML that Markdown itself produces (paragraphs, emphasis, lists, quotes, code,
tables, links and images), with no attribute that runs code, no ``style`` beyond table alignment,
and only http, https and mailto URLs (so no ``javascript:`` and no ``data:``). Raw HTML in a note
keeps only those tags; ``<script>`` and ``<style>`` go with their content.

mistune comes with JupyterLab and Voila (nbconvert renders Markdown with it). Where nh3 is
missing (a browser: it is compiled and has no wheel there; :data:`rules.table.platform.HAS`), the
same policy is applied by :func:`widgets.parts.clean.clean`, in pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import TypedDict

import mistune

from rules.record.markdown import SAFE_SCHEMES
from rules.table import platform
from widgets.parts.clean import clean
from widgets.parts.theme import escape

__all__ = ["ALLOWED_TAGS", "URL_SCHEMES", "clean_html", "markdown_html"]

#: Every tag Markdown (CommonMark with tables and strikethrough) renders to.
ALLOWED_TAGS = frozenset(
    {
        *("p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"),
        *("em", "strong", "del", "code", "pre", "ul", "ol", "li", "a", "img"),
        *("table", "thead", "tbody", "tr", "th", "td"),
    }
)
_ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title"},
    "ol": {"start"},
    "code": {"class"},
}
#: Table alignment is the one style Markdown writes; any other style value is dropped.
_ALIGN = {f"text-align:{side}" for side in ("left", "right", "center")}
#: The link schemes kept: the exports' own (:data:`rules.record.markdown.SAFE_SCHEMES`).
URL_SCHEMES = frozenset(SAFE_SCHEMES)


class _Policy(TypedDict):
    """The keywords of ``nh3.clean`` that Lantern sets, which :func:`widgets.parts.clean.clean`
    takes too: one policy for both."""

    tags: Set[str]
    attributes: Mapping[str, Set[str]]
    tag_attribute_values: Mapping[str, Mapping[str, Set[str]]]
    url_schemes: Set[str]
    clean_content_tags: Set[str]
    link_rel: str


_render = mistune.create_markdown(escape=False, plugins=["strikethrough", "table", "url"])


def clean_html(fragment: str) -> str:
    """``fragment`` with only :data:`ALLOWED_TAGS`, harmless attributes and safe URLs left.

    >>> clean_html('<img src=x onerror=alert(2)><a href="javascript:alert(1)">go</a>')
    '<img src="x"><a rel="noopener noreferrer">go</a>'
    """
    policy: _Policy = {
        "tags": set(ALLOWED_TAGS),
        "attributes": {tag: set(names) for tag, names in _ATTRIBUTES.items()},
        "tag_attribute_values": {"th": {"style": _ALIGN}, "td": {"style": _ALIGN}},
        "url_schemes": set(URL_SCHEMES),
        "clean_content_tags": {"script", "style"},
        "link_rel": "noopener noreferrer",
    }
    if not platform.HAS.nh3:
        return clean(fragment, **policy)
    import nh3  # compiled: a browser has no wheel of it (see the module docstring)

    return nh3.clean(fragment, strip_comments=True, **policy)


def markdown_html(text: str) -> str:
    """A player's Markdown as clean HTML (see the module docstring).

    >>> markdown_html("The bridge *sways* <script>alert(1)</script>")
    '<p>The bridge <em>sways</em> </p>\\n'

    Text the renderer cannot read is shown as written, never lost:

    >>> markdown_html("```&#9;")
    '<pre>```&amp;#9;</pre>'
    """
    try:
        rendered = str(_render(text))
    except Exception:  # mistune 3.1 raises IndexError on a fence such as "```&#9;"
        rendered = f"<pre>{escape(text)}</pre>"  # shown as written, still cleaned below
    return clean_html(rendered)
