"""The HTML sanitizer in pure Python, for where nh3 has no wheel (a browser's Pyodide).

Why a second sanitizer: nh3 is compiled (Rust), and PyPI has no build of it for the browser. This
one applies the same policy as :func:`widgets.parts.sanitize.clean_html` with the standard
library's HTML parser: the same tags, attributes, table alignment and URL schemes kept, ``<script>``
and ``<style>`` dropped with their content, comments dropped, ``rel="noopener noreferrer"`` on
every link. The hostile-text catalogue (``tests/hardening/test_hostile_text.py``) runs against
both, and on Markdown's own HTML the two give the same string.

Where it is stricter than nh3: an attribute URL with a colon before any ``/``, ``?`` or ``#`` is
kept only when what comes before the colon is one of the allowed schemes (nh3 would keep
``a b:c``, a relative path); text the parser cannot read as a tag is kept as text, escaped. Every
tag it opens it closes, so what it gives never leaves an element open around the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from html.parser import HTMLParser

__all__ = ["clean"]

#: Elements with no content and no end tag.
_VOID = frozenset({"br", "hr", "img"})
#: What a browser ignores in a URL before reading its scheme (tabs, newlines, edge spaces).
_IGNORED_IN_URL = re.compile(r"[\t\n\r]")
#: What a URL parser strips from both ends: C0 controls and the space.
_EDGE = "".join(map(chr, range(0x21)))
_SCHEME = re.compile(r"([^/?#]*):")
_URL_ATTRIBUTES = frozenset({"href", "src"})


def _text(data: str) -> str:
    """Text as html5ever serializes it (what nh3 gives): ``&``, ``<``, ``>`` and no-break
    spaces escaped."""
    return (
        data.replace("&", "&amp;")
        .replace("\xa0", "&nbsp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


def _attribute(value: str) -> str:
    """An attribute value as html5ever serializes it: ``&``, ``"`` and no-break spaces."""
    return value.replace("&", "&amp;").replace("\xa0", "&nbsp;").replace('"', "&quot;")


def safe_url(url: str, schemes: Set[str]) -> bool:
    """Whether a link or image address may stay: relative, or of one of ``schemes``.

    >>> [safe_url(u, {"https"}) for u in ("x", "https://a", "java\\tscript:f()", " JAVASCRIPT:x")]
    [True, True, False, False]
    """
    bare = _IGNORED_IN_URL.sub("", url).strip(_EDGE)
    found = _SCHEME.match(bare)
    return found is None or found[1].lower() in schemes


class _Cleaner(HTMLParser):
    """Feeds on a fragment and keeps only what the policy allows (see the module docstring)."""

    def __init__(
        self,
        tags: Set[str],
        attributes: Mapping[str, Set[str]],
        values: Mapping[str, Mapping[str, Set[str]]],
        schemes: Set[str],
        dropped: Set[str],
        link_rel: str,
    ) -> None:
        super().__init__(convert_charrefs=True)
        self.tags, self.attributes, self.values = tags, attributes, values
        self.schemes, self.dropped, self.link_rel = schemes, dropped, link_rel
        self.out: list[str] = []
        self.open: list[str] = []
        self.skipping: str | None = None  # inside <script> or <style>: their content goes too

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping is not None:
            return
        if tag in self.dropped:
            self.skipping = tag
            return
        if tag not in self.tags:
            return  # the tag goes, its content stays (as nh3 does)
        kept: dict[str, str] = {}
        for name, value in attrs:
            text = value or ""
            if name in kept or not self._allowed(tag, name, text):
                continue
            kept[name] = text
        if tag == "a":
            kept["rel"] = self.link_rel
        shown = "".join(f' {name}="{_attribute(value)}"' for name, value in kept.items())
        self.out.append(f"<{tag}{shown}>")
        if tag not in _VOID:
            self.open.append(tag)

    def _allowed(self, tag: str, name: str, value: str) -> bool:
        if name in self.attributes.get(tag, ()):
            return name not in _URL_ATTRIBUTES or safe_url(value, self.schemes)
        return value in self.values.get(tag, {}).get(name, ())

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in self.open and tag not in _VOID and self.skipping is None:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping is not None:
            if tag == self.skipping:
                self.skipping = None
            return
        if tag not in self.open:
            return  # an end tag of nothing open (or of a tag that went) says nothing
        while self.open:
            last = self.open.pop()
            self.out.append(f"</{last}>")
            if last == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.skipping is None:
            self.out.append(_text(data))

    def result(self) -> str:
        self.close()
        return "".join(self.out) + "".join(f"</{tag}>" for tag in reversed(self.open))


def clean(
    fragment: str,
    *,
    tags: Set[str],
    attributes: Mapping[str, Set[str]],
    tag_attribute_values: Mapping[str, Mapping[str, Set[str]]],
    url_schemes: Set[str],
    clean_content_tags: Set[str],
    link_rel: str,
) -> str:
    """``fragment`` cleaned by the policy given (the keywords of ``nh3.clean`` that Lantern uses;
    comments are always dropped).

    >>> clean('<img src=x onerror=alert(2)><a href="javascript:alert(1)">go</a>',
    ...       tags={"img", "a"}, attributes={"img": {"src"}, "a": {"href"}},
    ...       tag_attribute_values={}, url_schemes={"https"}, clean_content_tags={"script"},
    ...       link_rel="noopener noreferrer")
    '<img src="x"><a rel="noopener noreferrer">go</a>'
    """
    cleaner = _Cleaner(
        tags, attributes, tag_attribute_values, url_schemes, clean_content_tags, link_rel
    )
    cleaner.feed(fragment)
    return cleaner.result()
