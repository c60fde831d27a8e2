"""Firelights as a player meets it: notebooks/firelights.ipynb in JupyterLab, played by clicking.

After Begin, every card and die is typed into "At the table" (``lantern-table-results``) before
the click, so each outcome is known: "7H QS 4 5" draws the 7♥ and the Q♠ and rolls 4 and 5.
Begin's start region comes from the notebook's seed (see Script). The Firelight is forceful +2,
patient +1, quick 0 (the panel's default), and the approach stays Forceful.

The window is 1400×1000, the size the game frame is laid out for: after Fight, Ask the Oracle,
Rest and Discover the test scrolls the panel's top into view, as a player would, and checks that
the result, the button clicked and the message area are all in view together.

A screenshot of each step lands in tests/browser/screenshots/<test>/ (the whole window, for
diagnosis). With LANTERN_DOC_SCREENSHOTS=1 the test also rewrites the README's pictures in
docs/screenshots/ (normal runs leave those committed files alone): the panel alone, cropped to the
notebook's view, light and dark.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import (
    REPO,
    SCRIPTS_RUN,
    assert_no_tracebacks,
    open_notebook,
    save_panel,
    type_at_table,
    wait_panels_settled,
    wait_script_after,
)
from playwright.sync_api import expect

from rules.book import JourneyBook
from rules.firelights.world import direction
from rules.table.cards import Card

NOTEBOOK = "firelights.ipynb"
DOC_SCREENSHOTS = REPO / "docs" / "screenshots"
LIGHT_THEME = "JupyterLab Light"
DARK_THEME = "JupyterLab Dark"
#: The window the game frame is laid out for (controls, result and messages in view together).
WINDOW = {"width": 1400, "height": 1000}
#: Tall enough to show a whole panel in one screenshot (test_voila.py uses it).
TALL = {"width": 1280, "height": 2000}


def doc_screenshots_wanted() -> bool:
    """LANTERN_DOC_SCREENSHOTS=1 (or yes/true): rewrite docs/screenshots/ from this run."""
    return os.environ.get("LANTERN_DOC_SCREENSHOTS", "").lower() in {"1", "yes", "true"}


def set_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme and wait until the page wears it."""
    page.evaluate(
        "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})", theme
    )
    light = "true" if theme == LIGHT_THEME else "false"
    page.wait_for_function(
        "(light) => document.body.dataset.jpThemeLight === light", arg=light, timeout=10_000
    )
    # The theme's CSS variables apply on the next frames.
    page.wait_for_timeout(300)


# The part of the window where a notebook's cells show: the viewport, cut to the notebook's
# scrolling area (an element below its bottom edge is hidden behind the status bar).
_VISIBLE_BOX = """
(el) => {
  let box = {x: 0, y: 0, right: window.innerWidth, bottom: window.innerHeight};
  for (let up = el.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll|hidden)/.test(style.overflowY) && up.scrollHeight > up.clientHeight) {
      const r = up.getBoundingClientRect();
      box = {x: Math.max(box.x, r.left), y: Math.max(box.y, r.top),
             right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom)};
    }
  }
  return box;
}
"""


def scroll_panel_top(panel: Any) -> None:
    """Scroll the notebook so that the panel's top edge is at the top, as a player would."""
    panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")


def assert_in_view_together(panel: Any, **parts: Any) -> None:
    """With the panel's top scrolled into view, every part (a locator) lies wholly inside the
    visible part of the window; on failure, say where each part is."""
    scroll_panel_top(panel)
    visible = panel.evaluate(_VISIBLE_BOX)
    where = {}
    outside = []
    for name, part in parts.items():
        box = part.bounding_box()
        assert box is not None, f"{name} is not shown"
        where[name] = {k: round(v) for k, v in box.items()}
        inside = (
            box["x"] >= visible["x"] - 1
            and box["y"] >= visible["y"] - 1
            and box["x"] + box["width"] <= visible["right"] + 1
            and box["y"] + box["height"] <= visible["bottom"] + 1
        )
        if not inside:
            outside.append(name)
    assert not outside, (
        f"not in view with the panel's top scrolled into view: {', '.join(outside)}; "
        f"visible {visible}, parts {where}"
    )


def save_window(page: Any, path: Path) -> None:
    """The window as a player sees it now (no button left looking pressed or hovered)."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), animations="disabled")


def save_for_docs(page: Any, part: Any, name: str) -> None:
    """With LANTERN_DOC_SCREENSHOTS=1, ``docs/screenshots/<name>``: ``part`` (a panel, or the
    section of it a caption speaks of) as far as the notebook shows it, without the browser
    window around it, so that it reads at the docs' page width. The full window stays in the
    test's own screenshots, for diagnosis."""
    if not doc_screenshots_wanted():
        return
    notebook = page.locator(".jp-NotebookPanel-notebook:visible")
    within = notebook.first if notebook.count() else None  # a seat page has no notebook around it
    save_panel(page, part, DOC_SCREENSHOTS / name, within)


SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SYMBOLS = {letter: symbol for symbol, letter in SUITS.items()}
SAME_COLOUR = {"H": "D", "D": "H", "S": "C", "C": "S"}


def card_code(label: str) -> str:
    """A map cell's card, as typed at the table: "◉ K♦ ☆" -> "KD"."""
    face = next(part for part in label.split() if part[-1] in SUITS)
    return face[:-1] + SUITS[face[-1]]


def label(code: str) -> str:
    """A typed card as the panel shows it: "QS" -> "Q♠"."""
    return code[:-1] + SYMBOLS[code[-1]]


def beside(code: str, current: str) -> str:
    """Where `code` joins the map next to `current`, in the rules' words: "below K♦"."""
    return f"{direction(Card.parse(code), Card.parse(current))} {label(current)}"


def keep_text(code: str, current: str, beacon: bool = False) -> str:
    """A Shade choice's button on Discover: "7♥: joins the map below K♦" (" (a beacon)")."""
    return f"{label(code)}: joins the map {beside(code, current)}" + " (a beacon)" * beacon


class Script:
    """The cards to type, minus the one the notebook's seed drew for the start region.

    Begin draws the start region from the seeded deck (as a player who lets Lantern deal would);
    a scripted card equal to that start card is swapped for the same rank of the other suit of
    its colour (H<->D, S<->C), which plays the same (red cards count double for Calamity).
    """

    def __init__(self, start: str) -> None:
        self.start = start

    def __call__(self, *codes: str) -> list[str]:
        return [c[:-1] + SAME_COLOUR[c[-1]] if c == self.start else c for c in codes]


class Table:
    """The Firelights panel on the page, driven by clicks and typing only."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.panel = page.locator(".lantern-firelights")
        self.header = self.panel.locator(".lantern-header")
        self.report = self.panel.locator(".lantern-report-view")
        self.sheet = self.panel.locator(".lantern-sheet")
        self.status = self.panel.locator(".lantern-status")
        self.messages = self.panel.locator(".lantern-dock > .lantern-messages")
        self.cells = self.panel.locator(".lantern-map-cell")
        self.choices = self.panel.locator(".lantern-choice .lantern-act-choose")
        self.prompt = self.panel.locator(".lantern-choice .lantern-prompt")
        self.table_box = self.panel.locator(".lantern-table-results input")
        self.log = self.panel.locator(".lantern-log-lines")

    def button(self, kind: str) -> Any:
        """The action button `kind` (lantern-act-<kind>)."""
        return self.panel.locator(f".lantern-act-{kind}")

    def type_table(self, results: str) -> None:
        """Type the cards and dice for the next action into "At the table" (and wait until the
        kernel has read them: :func:`harness.type_at_table`)."""
        type_at_table(self.panel, results)
        expect(self.table_box).to_have_value(results)

    def click(self, kind: str, table: str = "") -> None:
        """Click the action button `kind` (lantern-act-<kind>), after typing `table` if given."""
        if table:
            self.type_table(table)
        button = self.button(kind)
        expect(button).to_be_enabled()
        scripts = self.panel.evaluate(SCRIPTS_RUN)
        button.click()
        if kind == "begin":  # the form asks for no script: the play view (its dock) replaces it
            expect(self.panel.locator(".lantern-dock")).to_be_visible()
            wait_panels_settled(self.page)
            return
        if table:  # what was typed is used up: the box empties and says what it took
            expect(self.table_box).to_have_value("")
        # The page has drawn all of the click's updates once it has run the script that shows
        # the result whole. Only then is a box typed into next the one the kernel reads: a
        # redraw arriving late (a loaded machine) replaces the box, and what was typed with it.
        wait_script_after(self.page, self.panel, scripts, timeout=5_000)

    def report_says(self, text: str | re.Pattern[str]) -> None:
        """The report area contains `text`; on failure, say what the panel's message area says
        (a rule error or an unexpected one shows there, not as a traceback)."""
        try:
            expect(self.report).to_contain_text(text)
        except AssertionError as error:
            raise AssertionError(
                f"{error}\nThe panel's message: {self.messages.inner_text()!r}"
            ) from None

    def no_error(self) -> None:
        """The panel shows no error message (a rule error or an unexpected one)."""
        expect(self.panel.locator(".lantern-message-error")).to_have_count(0)

    def curse(self, name: str) -> Any:
        return self.panel.locator(f'.lantern-curse[data-curse="{name}"]')

    def cell_texts(self) -> list[str]:
        return sorted(text.strip() for text in self.cells.all_inner_texts())

    def log_lines(self) -> list[str]:
        """The log's entries as shown, newest first (the text of each, its dice aside): in the
        order they stand on the page (the rows sit oldest first in the list, each placed by its
        CSS order)."""
        texts = self.log.locator(".lantern-log-entry").evaluate_all(
            "(all) => all.map((e) => [e.getBoundingClientRect().top, [...e.children].filter((c) "
            "=> !c.classList.contains('lantern-log-dice')).map((c) => c.textContent).join('')])"
            ".sort((a, b) => a[0] - b[0]).map((pair) => pair[1])"
        )
        return [text.replace("\xa0", " ").strip() for text in texts]

    def in_view_after(self, kind: str) -> None:
        """After clicking `kind`: its result, its button and the message area in view together."""
        assert_in_view_together(
            self.panel, result=self.report, button=self.button(kind), messages=self.messages
        )


@pytest.fixture
def light_theme_after(page: Any) -> Iterator[None]:
    """The theme is a user setting, shared by the session's server: put Light back after."""
    yield
    set_theme(page, LIGHT_THEME)


def test_play_a_journey_by_clicking(page, jupyter_server, shot, light_theme_after):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, NOTEBOOK)
    table = Table(page)
    expect(table.panel).to_be_visible()
    expect(table.header.locator(".lantern-title")).to_contain_text("Firelights")
    expect(table.header).to_contain_text("Journey firelights")
    expect(table.panel.locator(".lantern-create")).to_contain_text("Create your Firelight")
    expect(table.report).to_have_count(0)
    scroll_panel_top(table.panel)
    shot(page, "opened")

    # Create the character: forceful +2, patient +1, quick 0 (the defaults). The start region
    # comes from the notebook's seed (nothing is typed at the table for Begin).
    table.panel.locator(".lantern-name input").fill("Wick")
    table.panel.locator(".lantern-pronouns input").fill("she/her")
    table.click("begin")
    expect(table.sheet).to_contain_text("Wick (she/her)")
    expect(table.sheet).to_contain_text("forceful +2 · patient +1 · quick +0")
    expect(table.sheet).to_contain_text("Fatigue: 0/5")
    expect(table.status).to_contain_text("Beacons lit 0/6 · Story Deck 51 cards, 0 discarded")
    table.report_says("Wick (she/her) sets out")
    expect(table.cells).to_have_count(1)
    start_cell = table.cells.inner_text().strip()
    assert start_cell.startswith("◉ "), start_cell
    assert "☆" not in start_cell, f"the starting region holds no beacon: {start_cell!r}"
    start = card_code(start_cell)
    table.report_says(f"you start at {label(start)}: this is where you are right now")
    expect(table.panel.locator(".lantern-create")).to_have_count(0)
    expect(table.panel.locator(".lantern-odds-view")).to_contain_text("Odds now, forceful +2")
    expect(table.log.locator(".lantern-log-entry")).to_have_count(1)
    table.no_error()
    shot(page, "begun")
    cards = Script(start)

    # Discover a Region: 4+5 +2 = 11 beats the 7 only: Shade, choose which card joins the map;
    # each choice says where its card would go. No odds while nothing can be taken.
    low, queen = cards("7H", "QS")
    table.click("discover", f"{low} {queen} 4 5")
    table.report_says("4+5 +2 = 11 → Shade")
    expect(table.prompt).to_have_text("Shade: choose which card joins your map")
    expect(table.choices).to_have_text(
        [keep_text(low, start), keep_text(queen, start, beacon=True)]
    )
    expect(table.button("discover")).to_be_disabled()
    expect(table.panel.locator(".lantern-odds-view")).to_have_text("")
    table.no_error()
    shot(page, "discover-shade")

    table.panel.locator(f".lantern-act-choose.lantern-choose-{queen}").click()
    table.report_says(f"{label(queen)} joins the map {beside(queen, start)} — it holds a beacon")
    table.report_says("→ Shade")  # the roll stays in view after the choice
    expect(table.choices).to_have_count(0)
    expect(table.cells).to_have_count(2)
    assert table.cell_texts() == sorted([start_cell, f"{label(queen)} ☆"])
    expect(table.panel.locator(".lantern-map-here")).to_have_text(start_cell)
    expect(table.status).to_contain_text("Story Deck 49 cards, 1 discarded")
    table.no_error()
    shot(page, "chose-queen")

    # Search For Treasures: 1+1 +2 = 4 beats neither King: Darkness, a Curse is onto you; each
    # Curse offered shows its count and Strength.
    kings = cards("KH", "KS")
    table.click("search", " ".join(kings) + " 1 1")
    table.report_says("1+1 +2 = 4 → Darkness")
    table.report_says("a Curse is onto you")
    table.report_says("mark 1 Fatigue (1/5)")
    expect(table.sheet).to_contain_text("Fatigue: 1/5")
    expect(table.prompt).to_have_text("Which Curse is onto you? (or random)")
    expect(table.choices).to_have_text(
        ["Calamity (0/5)", "Screecher (0/8)", "Hollow (0/8)", "Talon (0/13)",
         "let Lantern pick at random"]
    )  # fmt: skip
    table.no_error()
    shot(page, "search-darkness")

    table.panel.locator(".lantern-act-choose.lantern-choose-Calamity").click()
    table.report_says("Calamity is onto you")
    expect(table.status).to_contain_text("Facing Calamity")
    expect(table.curse("Calamity")).to_have_class("lantern-curse lantern-curse-facing")
    expect(table.curse("Calamity").locator(".lantern-curse-count")).to_have_text("0/5")
    expect(table.panel.locator(".lantern-curse-choice select")).to_have_value("Calamity")
    table.no_error()
    shot(page, "curse-calamity")

    # Fight a Curse: 6+6 +2 = 14 beats both: Light, both stacked (the red 2 counts double).
    two, three = cards("2H", "3S")
    table.click("fight", f"{two} {three} 6 6")
    table.report_says("6+6 +2 = 14 → Light")
    table.report_says(f"{label(two)} {label(three)} stacked on Calamity: 3/5")
    expect(table.curse("Calamity").locator(".lantern-curse-count")).to_have_text("3/5")
    expect(table.curse("Calamity").locator(".lantern-card")).to_have_count(2)
    expect(table.curse("Screecher").locator(".lantern-curse-count")).to_have_text("0/8")
    table.no_error()
    table.in_view_after("fight")
    shot(page, "fight-light")

    # Ask the Oracle, even odds (+1): 3+3 +1 = 7 beats the 5 and the 6: Light, "yes, and".
    five, six = cards("5C", "6C")
    table.panel.locator(".lantern-question input").fill("Is the river safe?")
    table.click("ask", f"{five} {six} 3 3")
    table.report_says("3+3 +1 = 7 → Light")
    table.report_says("“Is the river safe?” the Oracle answers yes, and...")
    expect(table.status).to_contain_text("Story Deck 43 cards, 5 discarded")
    table.no_error()
    table.in_view_after("ask")
    shot(page, "ask-oracle")

    # Rest with a Journey Book entry: discards shuffled back, Fatigue cleared, entry box emptied;
    # the Curse is still onto you.
    entry = table.panel.locator(".lantern-rest-entry textarea")
    entry.fill("We camped by the river.")
    table.click("rest")
    table.report_says(
        "you rest: 5 discarded cards shuffled back (48 in the Story Deck), Fatigue cleared"
    )
    table.report_says("Journey Book: We camped by the river.")
    table.report_says("Calamity is still onto you: resting does not end the fight")
    expect(table.sheet).to_contain_text("Fatigue: 0/5")
    expect(table.status).to_contain_text("Story Deck 48 cards, 0 discarded · Facing Calamity")
    expect(entry).to_have_value("")
    table.no_error()
    table.in_view_after("rest")
    shot(page, "rested")
    # The entry is in the journey the notebook saved.
    book = JourneyBook.open(jupyter_server.journeys / "firelights.lantern")
    try:
        assert book.state.book[-1] == "We camped by the river."
    finally:
        book.close()

    # One more Discover, a Light this time (the 7 is back in the deck): both join the map.
    (four,) = cards("4C")
    table.click("discover", f"{low} {four} 6 6")
    table.report_says("6+6 +2 = 14 → Light")
    expect(table.cells).to_have_count(4)
    assert table.cell_texts() == sorted([start_cell, f"{label(queen)} ☆", label(low), label(four)])
    table.no_error()
    expect(table.messages).to_have_text("")
    expect(table.log.locator(".lantern-log-entry")).to_have_count(9)
    assert table.log_lines()[0].startswith("9 · Discover a Region +2"), table.log_lines()[0]
    table.in_view_after("discover")
    shot(page, "discover-light")
    assert_no_tracebacks(page)
    save_for_docs(page, table.panel, "firelights-panel.png")

    # The same panel in JupyterLab's dark theme.
    set_theme(page, DARK_THEME)
    table.report_says("→ Light")
    table.in_view_after("discover")
    shot(page, "dark-theme")
    save_for_docs(page, table.panel, "firelights-dark.png")

    # Write to journal: the last action's mechanics as a Markdown cell under the "Journey Book"
    # heading that asks for entries (not above it, right under the panel), each after the last.
    cells = page.locator(".jp-Notebook .jp-Cell")
    panel_cell = cells.filter(has=table.panel)
    expect(panel_cell).to_have_count(1)
    expect(table.panel.locator(".lantern-journal-tools.lantern-journal-lab")).to_have_count(1)
    heading = panel_cell.locator("xpath=following-sibling::div[1]")
    expect(heading.locator("h2")).to_have_text(re.compile("Journey Book"))
    before = cells.count()
    line = f"Discover a Region +2: {label(low)} {label(four)} vs 6+6+2 = 14: Light"
    for count in (1, 2):
        table.panel.locator(".lantern-journal-write").click()
        expect(cells).to_have_count(before + count)
        written = panel_cell.locator(f"xpath=following-sibling::div[{1 + count}]")
        expect(written).to_have_class(re.compile(r"\bjp-MarkdownCell\b"))
        expect(written.locator(".jp-RenderedMarkdown")).to_contain_text(line)
        expect(written.locator("xpath=following-sibling::div[1]").locator("h2")).to_have_text(
            re.compile("What are my odds")
        )
    expect(heading.locator("h2")).to_have_text(re.compile("Journey Book"))
    expect(table.panel.locator(".lantern-journal-tools .lantern-messages")).to_contain_text(
        "Written to the journal"
    )
    table.no_error()
    written.scroll_into_view_if_needed()
    shot(page, "written-to-journal")
    assert_no_tracebacks(page)
