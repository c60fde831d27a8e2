"""The README is the project's front page, and the docs' pages say what the code says.

The README keeps what a newcomer needs on one screen (what Lantern is, "Play in your browser"
with its command, the two commands, crew play in brief, where to read on) and points into the
docs for the rest; every figure and table lives on the docs' Benchmarks and Reliability pages.
A house rules table is never copied: each game's page generates it from the game's
``HOUSE_RULES`` (``{house-rules} rules.<game>``), so it holds the panel's words, no more, no
fewer. These checks need no Sphinx build (``tests/test_docs.py`` runs the build itself).
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from rules.record.games import GAMES

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
README = (REPO / "README.md").read_text(encoding="utf-8")
sys.path.insert(0, str(DOCS / "_ext"))
import lantern_docs  # noqa: E402  (the docs' own extension, not an installed package)

#: The games Lantern ships (the registry's entries whose rules live in ``rules/``).
SHIPPED = sorted(name for name in GAMES if GAMES[name].startswith("rules."))


def test_the_readme_is_a_front_page_well_under_200_lines() -> None:
    assert len(README.splitlines()) < 160, "move details to the docs and link to them"
    assert "\n| --- |" not in README, "tables live in the docs (Benchmarks, Reliability, the games)"


def test_the_readmes_first_screen_says_play_in_your_browser_with_its_command() -> None:
    first_screen = "\n".join(README.splitlines()[:30])
    assert "## Play in your browser" in first_screen
    assert "make lite && make lite-serve" in first_screen


def test_the_readme_keeps_the_two_commands_and_the_crews_section() -> None:
    assert "make play    # creates .venv if needed" in README
    assert "make test    # the same set-up" in README
    crew = README.split("## Playing Voidlight as a crew", 1)[1].split("\n## ", 1)[0]
    for needed in ("make table HOST=", "Invite players", "python -m bench follow_six", "p95"):
        assert needed in crew, needed
    for screenshot in ("voidlight-invite.png", "voidlight-seat-link.png"):
        assert f"(docs/screenshots/{screenshot})" in crew


def test_every_link_of_the_readme_names_a_file_of_the_repository() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    local = [link for link in links if "://" not in link]
    assert local, "the README links into the docs"
    missing = [link for link in local if not (REPO / link).is_file()]
    assert missing == []


@pytest.mark.parametrize("page", ["benchmarks", "reliability"])
def test_the_figures_have_a_page_in_the_developer_guide(page: str) -> None:
    index = (DOCS / "developer-guide" / "index.md").read_text(encoding="utf-8")
    assert f"\n{page}\n" in index, f"{page} is in the developer guide's table of contents"
    text = (DOCS / "developer-guide" / f"{page}.md").read_text(encoding="utf-8")
    assert "| command |" in text or "| what (`python -m bench" in text


@pytest.mark.parametrize("game", SHIPPED)
def test_each_games_page_generates_its_house_rules_from_the_rules(game: str) -> None:
    """Every house rule is on the game's page in the words the panel shows, in the game's order,
    and nothing else is: the page holds the directive, and the directive writes a row per rule."""
    module = f"rules.{game}"
    page = (DOCS / "play" / f"{game}.md").read_text(encoding="utf-8")
    assert f"```{{house-rules}} {module}\n```" in page
    house_rules = importlib.import_module(module).HOUSE_RULES
    header, rule, *rows = lantern_docs.house_rules_table(module)
    assert (header, rule) == ("| where | our reading |", "| --- | --- |")
    keys = [row.split(" | ")[0].removeprefix("| ") for row in rows]
    assert keys == list(house_rules) != []
    for key, row in zip(house_rules, rows, strict=True):
        assert " ".join(house_rules[key].split()).replace("|", "\\|") in row


def test_the_docs_pictures_show_the_panel_not_the_browser_window() -> None:
    """A picture of the whole 1400×1000 browser window shrinks to small print at the docs' page
    width; the browser tests crop the docs' pictures to the panel (``save_for_docs``), about 970
    pixels wide, or to the part of it a caption speaks of."""
    pictures = sorted((DOCS / "screenshots").glob("*.png"))
    assert pictures, "the docs show the panels"
    # a PNG's width is the big-endian number at bytes 16-20 (its IHDR chunk)
    wide = {p.name: int.from_bytes(p.read_bytes()[16:20], "big") for p in pictures}
    assert {name: width for name, width in wide.items() if width > 1000} == {}
