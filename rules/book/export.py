"""The Journey Book as Markdown blocks: what the ``.md`` and ``.ipynb`` exports are made of.

Why blocks: the Markdown file is the blocks joined by blank lines, and the notebook export puts
one block in each Markdown cell (widgets/parts/journal.py, with nbformat), so the two always agree.

The full book has the title, a summary of where the journey stands (the game's
``summary(state)`` hook, else a generic outline), then every action's mechanics line (the book's
log, :mod:`rules.book.log`) and every journal entry in the order they happened; a reroll's first
try is struck through, and undone actions are left out (they are not part of the journey). ``story_only``
keeps the title, the summary, the journal entries and every word the player wrote into an
action (a Rest's entry, the Oracle's question, a character's name: the fields an action names
in ``words``), and hides the mechanics lines. Mechanics
lines the player wrote into the journal with the button are not repeated: the full book already
has every action's line, and the story-only book hides them.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

from rules.book.journal import Note
from rules.record.markdown import escape, inert_markdown, no_raw_html

__all__ = ["Block", "blocks", "outline", "to_markdown"]


@dataclass(frozen=True)
class Block:
    """One piece of the book: ``kind`` is "title", "summary", "mechanics", "note" or "words"
    (what the player wrote into an action, in the story-only book)."""

    #: What the block is: "title", "summary", "mechanics", "note" or "words" (what the player wrote
    #: into an action, kept in the story-only book); an export styles each kind its own way.
    kind: str
    #: The block's Markdown, as the exported book prints it.
    text: str


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
    said = _words(book) if story_only else []
    lines: list[str] = []
    for item in sorted([*actions, *notes, *said], key=lambda item: item.seq):
        if isinstance(item, Block):
            out.append(item)
        elif isinstance(item, Note):
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


@dataclass(frozen=True)
class _Said(Block):
    seq: int = 0


def _words(book: Any) -> list[_Said]:
    """What the player wrote into the actions of the journey as it stands (not a reroll's first
    try: the action played again says the same), as blocks, each with its row."""
    found = []
    query = "kind = 'action' AND undone IS NULL AND superseded IS NULL"
    for row in book.store.rows_where(query):
        action = book.game.parse_action(row.entry().action)
        texts = [getattr(action, name) for name in getattr(action, "words", ())]
        texts = [text.strip() for text in texts if isinstance(text, str) and text.strip()]
        if texts:  # a quotation: the player's words, without the action's mechanics
            quoted = "\n".join(
                f"> {line}".rstrip() for line in inert_markdown(" · ".join(texts)).splitlines()
            )
            found.append(_Said("words", quoted, row.seq))
    return found


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
