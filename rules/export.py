"""The Journey Book as Markdown blocks: what the ``.md`` and ``.ipynb`` exports are made of.

Why blocks: the Markdown file is the blocks joined by blank lines, and the notebook export puts
one block in each Markdown cell (widgets/journal.py, with nbformat), so the two always agree.

The full book has the title, a summary of where the journey stands (the game's
``summary(state)`` hook, else a generic outline), then every action's mechanics line (the book's
log, :mod:`rules.book_log`) and every journal entry in the order they happened; a reroll's first
try is struck through, and undone actions are left out (they are not part of the journey). ``story_only``
keeps the title, the summary and the journal entries, and hides the mechanics lines. Mechanics
lines the player wrote into the journal with the button are not repeated: the full book already
has every action's line, and the story-only book hides them.
"""

from __future__ import annotations

import dataclasses
import enum
import html
import re
from dataclasses import dataclass
from typing import Any

from rules.book_journal import Note

__all__ = [
    "SAFE_SCHEMES",
    "Block",
    "blocks",
    "escape",
    "inert_markdown",
    "no_raw_html",
    "outline",
    "to_markdown",
]

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


@dataclass(frozen=True)
class Block:
    """One piece of the book: ``kind`` is "title", "summary", "mechanics" or "note"."""

    kind: str
    text: str


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
    once more with nh3 (:mod:`widgets.sanitize`). In code, such a ``<`` shows as ``&lt;``: the
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


def blocks(book: Any, *, story_only: bool = False) -> list[Block]:
    """The book (a :class:`~rules.book.JourneyBook`) as Markdown blocks, in order."""
    title = getattr(book.game, "title", book.game.name.title())
    kept = "story only" if story_only else "the full record"
    out = [
        Block(
            "title",
            f"# {escape(book.name)}: a {escape(title)} journey\n\n"
            f"*Journey Book kept by Lantern: seed {book.seed}, {book.actions} actions "
            f"({kept}).*",
        ),
        Block(
            "summary",
            f"## Where the journey stands\n\n{no_raw_html(book.summary())}\n\n## The journey",
        ),
    ]
    actions = [] if story_only else [line for line in book.log() if line.status != "undone"]
    notes = [note for note in book.notes() if note.kind == "note"]
    lines: list[str] = []
    for item in sorted([*actions, *notes], key=lambda item: item.seq):
        if isinstance(item, Note):
            if lines:
                out.append(Block("mechanics", "\n".join(lines)))
                lines = []
            out.append(Block("note", inert_markdown(item.text.strip())))
        elif item.status == "superseded":
            lines.append(f"- ~~**{item.number}.** {escape(item.text)}~~ *(superseded by a reroll)*")
        else:
            lines.append(f"- **{item.number}.** {escape(item.text)}")
    if lines:
        out.append(Block("mechanics", "\n".join(lines)))
    return out


def to_markdown(book: Any, *, story_only: bool = False) -> str:
    """The whole book as one Markdown document."""
    return "\n\n".join(block.text for block in blocks(book, story_only=story_only)) + "\n"


def outline(value: object, depth: int = 0) -> str:
    """A generic Markdown outline of a dataclass state: its fields, nested ones, counts of lists.

    What the Journey Book shows of a game without a ``summary(state)`` hook.
    """
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return f"{'  ' * depth}- {_brief(value)}"
    lines = []
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        label = f"{'  ' * depth}- **{f.name.replace('_', ' ')}**"
        if dataclasses.is_dataclass(item) and depth < 1:
            lines += [f"{label}:", outline(item, depth + 1)]
        else:
            lines.append(f"{label}: {_brief(item)}")
    return "\n".join(lines)


def _brief(item: object) -> str:
    """A value in a few words: scalars as they print, a short tuple listed, a long one counted."""
    if item is None:
        return "—"
    if isinstance(item, enum.Enum):
        return str(item.value)
    if isinstance(item, tuple):
        if len(item) > 6 or any(dataclasses.is_dataclass(x) and not _has_str(x) for x in item):
            return f"{len(item)} items"
        return ", ".join(map(_brief, item)) if item else "none"
    if dataclasses.is_dataclass(item) and not _has_str(item):
        return type(item).__name__
    return escape(str(item))


def _has_str(item: object) -> bool:
    """Whether the value's class says how it prints (Card does: ``QH``)."""
    return type(item).__str__ is not object.__str__
