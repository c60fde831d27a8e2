"""Export: the whole journey as Markdown and as a clean .ipynb, full or story only.

Why: "One call or button writes the whole journey (character, map or board, every entry and
mechanics line in order) as a Markdown file and as a clean .ipynb Journey Book (nbformat); a
"story only" option hides the mechanics." Golden files: a scripted journey (every card and die
supplied) must export byte for byte as tests/journal/golden/ holds. After an intended change of
the format, rewrite them with ``LANTERN_REGOLD=1 pytest tests/journal/test_export.py`` and read
the diff.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from journal_helpers import scripted

from rules.book.export import blocks, to_markdown
from widgets.parts.journal import export, to_notebook

GOLDEN = Path(__file__).resolve().parent / "golden"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("LANTERN_REGOLD"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.mark.parametrize("story_only", [False, True], ids=["full", "story"])
def test_export_matches_the_golden_files(tmp_path: Path, story_only: bool) -> None:
    book = scripted()
    markdown, notebook = export(book, tmp_path, story_only=story_only)
    kind = "story" if story_only else "full"
    assert markdown.name == ("golden.journey-story.md" if story_only else "golden.journey-book.md")
    assert notebook.name == markdown.name.removesuffix(".md") + ".ipynb"
    check_golden(f"firelights-{kind}.md", markdown.read_text(encoding="utf-8"))
    check_golden(f"firelights-{kind}.ipynb", notebook.read_text(encoding="utf-8"))


def test_the_full_book_has_every_action_and_entry_in_order() -> None:
    text = to_markdown(scripted())
    order = [
        "Begin the journey",
        "Wick wakes in the *ash fields*.",
        "Discover a Region",
        "Choose",
        "~~**4.** Ask the Oracle +2: 2♦ 3♦",
        "*(superseded by a reroll)*",
        "**4.** Ask the Oracle +2: J♦ Q♦",
        "The Oracle frowns",
    ]
    positions = [text.index(fragment) for fragment in order]
    assert positions == sorted(positions)
    assert "Search For Treasures" not in text  # undone
    assert text.count("J♦ Q♦ vs 1+1+2") == 1  # the mechanics line written in is not repeated
    assert "**Wick** (she/her)" in text  # the character, from the game's summary


def test_story_only_hides_every_mechanics_line() -> None:
    text = to_markdown(scripted(), story_only=True)
    assert "Wick wakes" in text and "The Oracle frowns" in text
    for mechanics in ("Begin the journey", "Discover a Region", "Ask the Oracle", "♦"):
        assert mechanics not in text
    assert all(block.kind != "mechanics" for block in blocks(scripted("again"), story_only=True))


def test_the_notebook_is_clean_markdown_with_stable_ids() -> None:
    notebook = to_notebook(scripted())
    nbformat.validate(notebook)
    assert {cell.cell_type for cell in notebook.cells} == {"markdown"}
    assert all("outputs" not in cell for cell in notebook.cells)
    assert [cell.id for cell in notebook.cells][:2] == ["lantern-00000", "lantern-00001"]
    assert notebook.metadata["lantern"] == {
        "journey": "golden", "game": "firelights", "seed": 11, "actions": 4, "story_only": False,
    }  # fmt: skip
    assert json.loads(nbformat.writes(notebook))["nbformat"] == 4


def test_export_goes_next_to_the_journey_by_default(journeys: Path) -> None:
    book = scripted()
    markdown, notebook = export(book)
    assert markdown == journeys / "golden.journey-book.md"
    assert notebook == journeys / "golden.journey-book.ipynb"


def test_the_default_journeys_export_never_shares_a_name_with_the_games_notebook(
    journeys: Path,
) -> None:
    """widgets.parts.journal: the default journey is named after its game, and a plain
    ``firelights.ipynb`` would open as a second tab named like the game's notebook."""
    from rules.book import JourneyBook

    book = JourneyBook.start("firelights", game="firelights")
    names = {
        path.name for story_only in (False, True) for path in export(book, story_only=story_only)
    }
    assert names == {
        "firelights.journey-book.md", "firelights.journey-book.ipynb",
        "firelights.journey-story.md", "firelights.journey-story.ipynb",
    }  # fmt: skip
    games = Path(__file__).resolve().parents[2] / "notebooks"
    assert not names & {path.name for path in games.glob("*.ipynb")}


def test_loading_the_journal_extension_does_not_import_nbformat() -> None:
    """widgets.parts.journal.to_notebook: "nbformat is imported here, not with the module: it brings
    jsonschema, over a second that ``%load_ext widgets.parts.journal`` would otherwise cost". In a fresh
    interpreter (this one has long since imported nbformat), importing the module loads neither."""
    probe = (
        "import sys, widgets.parts.journal; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('nbformat', 'jsonschema')))"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONPATH": str(root)}, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
