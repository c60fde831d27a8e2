"""Voila play mode (`make voila GAME=firelights`): notebooks/play-firelights.ipynb as a page a
player reads and plays by clicking: a title, the panel, how to play, the attribution; no code, no
checks, no JupyterLab instructions. The panel helpers come from test_firelights.py."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from harness import REPO, assert_no_tracebacks, open_notebook
from lab_servers import VoilaServer
from playwright.sync_api import expect
from test_firelights import TALL, Script, Table, beside, card_code, keep_text, label

PLAY_NOTEBOOK = "play-firelights.ipynb"
# Voila runs every cell before the page shows the panel: a cold kernel plus the imports.
VOILA_TIMEOUT = 60_000
# Nothing a player of the page should read: code, JupyterLab instructions, the checks' output.
NOT_FOR_PLAYERS = [
    "import",
    "JourneyBook",
    "FirelightsPanel(",
    "Run All",
    "Run ▸",
    "%%journal",
    "cards accounted for",
    "{'",
]


def test_make_voila_serves_the_play_notebook():
    dry = subprocess.run(
        ["make", "-n", "voila", "GAME=firelights"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    assert re.search(r"-m tools\.serve voila notebooks/play-firelights\.ipynb ", dry.stdout), (
        dry.stdout
    )


def test_voila_plays_firelights(page, voila, shot):
    page.set_viewport_size(TALL)
    server = voila(PLAY_NOTEBOOK)
    page.goto(server.url)
    table = Table(page)
    expect(table.panel).to_be_visible(timeout=VOILA_TIMEOUT)
    body = page.locator("body")
    expect(page.locator("h1")).to_contain_text("Firelights")
    expect(page.locator("h2", has_text="How to play")).to_be_visible()
    attribution = page.locator("em", has_text="This work is based on Firelights")
    expect(attribution).to_contain_text(
        "licensed for our use under the Creative Commons Attribution"
    )
    expect(attribution.locator("a")).to_have_text(
        ["https://farirpgs.com/", "https://creativecommons.org/licenses/by/4.0/"]
    )
    expect(page.locator(".jp-CodeCell .jp-InputArea, .cm-editor")).to_have_count(0)  # no code
    # What the page shows (innerText): no code, no instructions for JupyterLab, no check output.
    shown = body.inner_text()
    for text in NOT_FOR_PLAYERS:
        assert text not in shown, f"{text!r} is on the play page"
    expect(table.panel.locator(".lantern-create")).to_contain_text("Create your Firelight")
    shot(page, "opened")

    table.panel.locator(".lantern-name input").fill("Ember")
    table.panel.locator(".lantern-pronouns input").fill("they/them")
    table.click("begin")
    expect(table.sheet).to_contain_text("Ember (they/them)")
    table.report_says("Ember (they/them) sets out")
    expect(table.status).to_contain_text("Story Deck 51 cards, 0 discarded")
    expect(table.cells).to_have_count(1)
    start_cell = table.cells.inner_text().strip()
    shot(page, "begun")

    low, queen = Script(card_code(start_cell))("7H", "QS")
    table.click("discover", f"{low} {queen} 4 5")
    table.report_says("4+5 +2 = 11 → Shade")
    start = card_code(start_cell)
    expect(table.choices).to_have_text(
        [keep_text(low, start), keep_text(queen, start, beacon=True)]
    )
    table.panel.locator(f".lantern-act-choose.lantern-choose-{low}").click()
    table.report_says(f"{label(low)} joins the map {beside(low, start)}")
    expect(table.choices).to_have_count(0)
    expect(table.cells).to_have_count(2)
    assert sorted(t.strip() for t in table.cells.all_inner_texts()) == sorted(
        [start_cell, label(low)]
    )
    expect(table.status).to_contain_text("Story Deck 49 cards, 1 discarded")
    shot(page, "discovered")
    assert_no_tracebacks(page)


@pytest.fixture
def lab_game(notebook_dir):
    """The repository's firelights.ipynb (no outputs) under a name of its own: the served copy
    may have been saved with outputs by an earlier test (Write to journal saves)."""
    name = "voila-then-lab.ipynb"
    shutil.copy(REPO / "notebooks" / "firelights.ipynb", notebook_dir / name)
    yield name
    (notebook_dir / name).unlink(missing_ok=True)


def test_a_journey_played_in_voila_is_offered_to_open_again_in_jupyterlab(
    page, jupyter_server, lab_game, notebook_dir, state_dir, shot
):
    """Why: "when Voilà changed the journey, the JupyterLab panel said 'open it again' but
    the Open list was empty". The Voilà page and the notebook share one journeys folder here,
    as they do under `make play` and `make voila`."""
    open_notebook(page, jupyter_server, lab_game)
    lab = page.locator(".lantern-firelights")
    lab.locator(".lantern-name input").fill("Ember")
    lab.locator(".lantern-pronouns input").fill("they/them")
    lab.locator(".lantern-act-begin").click()
    expect(lab.locator(".lantern-log-entry")).to_have_count(1)

    server = VoilaServer(notebook_dir / PLAY_NOTEBOOK, state_dir)
    server._process.env["LANTERN_JOURNEYS"] = str(jupyter_server.journeys)  # the same folder
    server.start()
    try:
        played = page.context.new_page()
        played.goto(server.url)
        there = played.locator(".lantern-firelights")
        expect(there.locator(".lantern-act-ask")).to_be_enabled(timeout=VOILA_TIMEOUT)
        there.locator(".lantern-act-ask").click()
        expect(there.locator(".lantern-log-entry")).to_have_count(2)
        shot(played, "played-in-voila")
        played.close()
    finally:
        server.stop()

    page.bring_to_front()
    lab.locator(".lantern-act-ask").click()
    expect(lab.locator(".lantern-message-error")).to_contain_text("open it again")
    choice = lab.locator(".lantern-journal-journeys select")
    expect(choice.locator("option")).to_have_text(["firelights (played elsewhere: open it again)"])
    expect(lab.locator(".lantern-journal-open")).to_be_enabled()
    shot(page, "told-to-open-it-again")
    lab.locator(".lantern-journal-open").click()
    expect(lab.locator(".lantern-log-entry")).to_have_count(2)  # what Voilà played
    lab.locator(".lantern-act-ask").click()
    expect(lab.locator(".lantern-log-entry")).to_have_count(3)
    expect(choice.locator("option")).to_have_count(0)
    shot(page, "opened-again")
    assert_no_tracebacks(page)
