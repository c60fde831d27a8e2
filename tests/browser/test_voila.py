"""Voila play mode (`make voila GAME=firelights`): the Firelights notebook as a code-free page,
played by clicking. The panel helpers come from test_firelights.py."""

from __future__ import annotations

from harness import assert_no_tracebacks
from playwright.sync_api import expect
from test_firelights import NOTEBOOK, TALL, Script, Table, card_code, label

# Voila runs every cell before the page shows the panel: a cold kernel plus the imports.
VOILA_TIMEOUT = 60_000


def test_voila_plays_firelights(page, voila, shot):
    page.set_viewport_size(TALL)
    server = voila(NOTEBOOK)
    page.goto(server.url)
    table = Table(page)
    expect(table.panel).to_be_visible(timeout=VOILA_TIMEOUT)
    expect(page.get_by_text("from widgets.firelights import")).to_have_count(0)  # no code
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
    expect(table.choices).to_have_text([label(low), label(queen)])
    table.panel.locator(f".lantern-act-choose.lantern-choose-{low}").click()
    table.report_says(f"{label(low)} joins the map at")
    expect(table.choices).to_have_count(0)
    expect(table.cells).to_have_count(2)
    assert sorted(t.strip() for t in table.cells.all_inner_texts()) == sorted(
        [start_cell, label(low)]
    )
    expect(table.status).to_contain_text("Story Deck 49 cards, 1 discarded")
    shot(page, "discovered")
    assert_no_tracebacks(page)
