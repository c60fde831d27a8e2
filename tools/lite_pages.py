"""The notebooks' cells of the JupyterLite site (tools/lite.py): the install cell each notebook
starts with, and the odds explorer's page. The explorer needs pandas and matplotlib, which have
no browser build on PyPI, so the site carries a page in its place that says which of its parts
need the full install, and shows the exact odds the rules give."""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "NOTEBOOK_PACKAGES",
    "ODDS",
    "code_cell",
    "install_cell",
    "markdown_cell",
    "odds_page",
]

#: The notebook's packages, as wheels of the versions installed here (so each front end matches).
NOTEBOOK_PACKAGES = ("ipywidgets", "comm", "jupyterlab_widgets", "ipylab", "mistune")


def install_cell() -> str:
    """The first cell of each notebook of the site: the wheels the site carries, no others."""
    names = " ".join(["lantern", *NOTEBOOK_PACKAGES])
    return (
        "# Lantern in your browser: installs the rules and panels this site carries (no network)\n"
        "# and keeps your journeys in this browser (widgets/frame/keep.py says where and how).\n"
        f"%pip install --no-deps {names}\n"
        "from widgets.frame.keep import keep_journeys\n"
        "\n"
        "await keep_journeys()"
    )


def code_cell(id_: str, source: str) -> dict[str, Any]:
    """An nbformat-4 code cell, not run yet."""
    return {"cell_type": "code", "execution_count": None, "id": id_, "metadata": {},
            "outputs": [], "source": source}  # fmt: skip


def markdown_cell(id_: str, source: str) -> dict[str, Any]:
    """An nbformat-4 Markdown cell."""
    return {"cell_type": "markdown", "id": id_, "metadata": {}, "source": source}


#: The odds explorer: its tables and charts need pandas and matplotlib, so the site carries a page
#: of its own in its place (:func:`odds_page`), which says which parts need the full install.
ODDS = "odds-explorer.ipynb"


#: What a code cell of the odds explorer shows, by what it calls (first match wins); a cell with
#: none of these (its checks) or its set-up (imports) shows nothing a player would miss.
_DRAWS = (
    (re.compile(r"\bFigure\(|\bplt\."), "a chart, drawn with matplotlib"),
    (re.compile(r"\bOddsExplorer\("), "the explorer (its slider and bars), which imports pandas"),
    (re.compile(r"\bpd\.|\bpercent\(|\bchance_view\(|\.style\b"), "a table, made with pandas"),
)

#: The odds page's words: why, and what runs here instead.
ODDS_WHY = (
    "# What are my odds? (in your browser)\n\n"
    "The odds explorer draws its tables with **pandas** and its charts with **matplotlib**. This "
    "site is built from PyPI and npm alone, and PyPI has no browser build of either (they are "
    "compiled), so those parts **need the full install**: `make play` on a computer with Python "
    "(see the README). Below, each section of the explorer says what it would show there.\n\n"
    "The odds themselves come from Lantern's rules, which run here: the next cell prints some "
    "of them, exact, as fractions."
)
ODDS_HERE = """\
from rules.firelights.action_roll import odds
from rules.table.cards import full_deck
from rules.voidlight import check_odds

for modifier in range(4):
    chances = odds(full_deck(), modifier)
    print(f"Firelights, an action at +{modifier} from a full deck:",
          ", ".join(f"{result.name.title()} {chances[result]}" for result in chances))
for position in ("good", "standard", "bad"):
    print(f"Voidlight, a Check of 2 dice in a {position} Position:", check_odds(2, position))"""


def odds_page(notebook: dict[str, Any]) -> dict[str, Any]:
    """The site's odds explorer: ``notebook``'s words, each code cell replaced by a line that
    says what it draws and that it needs the full install; first, why, and a cell of exact odds
    from the rules alone (what does run in the browser).

    >>> page = odds_page({"cells": [{"cell_type": "code", "source": "fig = Figure()"}]})
    >>> [cell["cell_type"] for cell in page["cells"]]
    ['markdown', 'code', 'markdown']
    >>> page["cells"][-1]["source"]
    '> **Needs the full install:** a chart, drawn with matplotlib.'
    """
    cells = [markdown_cell("lantern-lite-why", ODDS_WHY), code_cell("lantern-lite-odds", ODDS_HERE)]
    for index, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            if index:  # the explorer's own title: this page has its own
                cells.append(markdown_cell(f"words-{index}", source))
            continue
        shows = next((words for pattern, words in _DRAWS if pattern.search(source)), None)
        if shows is not None and "import pandas" not in source:  # not the explorer's set-up
            note = f"> **Needs the full install:** {shows}."
            cells.append(markdown_cell(f"needs-{index}", note))
    return {**notebook, "cells": cells}
