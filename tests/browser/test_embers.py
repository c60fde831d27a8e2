"""Embers as a player meets it: notebooks/embers.ipynb in JupyterLab, a whole night played by
clicking the buttons the panel offers (each built from rules.embers.legal) to a win or a loss.
Screenshots at 1400×1000, light and dark, land in tests/browser/screenshots/<test>/ (with
LANTERN_DOC_SCREENSHOTS=1 also the docs', in docs/screenshots/, cropped to the panel)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import (
    assert_no_tracebacks,
    click_handled,
    new_journey,
    open_notebook,
    run_in_kernel,
    wait_kernel_idle,
)
from playwright.sync_api import expect
from test_firelights import (
    DARK_THEME,
    LIGHT_THEME,
    WINDOW,
    save_for_docs,
    save_window,
    set_theme,
)
from test_frame import restart_and_run_all

NOTEBOOK = "embers.ipynb"
SHIPPED = Path(__file__).resolve().parents[2] / "rules" / "data" / "embers-original.toml"


@pytest.fixture
def light_theme_after(page: Any) -> Iterator[None]:
    yield
    set_theme(page, LIGHT_THEME)


def test_a_night_by_clicking(page, jupyter_server, shot, light_theme_after):
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, NOTEBOOK)
    panel = page.locator(".lantern-embers")
    expect(panel).to_be_visible()
    panel.locator(".lantern-difficulty select").select_option(label="Recruit")
    panel.locator("button.lantern-act-begin").click()
    ring = panel.locator(".lantern-ring-view")
    expect(ring.locator(".lantern-location")).to_have_count(8)
    expect(panel.locator(".lantern-header")).to_contain_text("Recruit")
    expect(panel.locator(".lantern-info-view")).to_contain_text("Next spawn")
    # A hero, then one of its actions.
    panel.locator("button.lantern-act-hero").first.click()
    expect(panel.locator(".lantern-prompt")).to_contain_text(re.compile(r"action points? left"))
    expect(panel.locator(".lantern-house").first).to_be_visible()
    panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    save_window(page, shot.directory / "light.png")
    save_for_docs(page, panel, "embers-panel.png")
    set_theme(page, DARK_THEME)
    save_window(page, shot.directory / "dark.png")
    save_for_docs(page, panel, "embers-dark.png")
    set_theme(page, LIGHT_THEME)
    ending = panel.locator(".lantern-ending")
    choices = panel.locator(".lantern-choice-buttons button")
    for _ in range(400):
        expect(choices.first.or_(ending)).to_be_visible()
        if ending.is_visible():
            break
        # Waited for until the kernel handled it and the page drew its row again (each choice
        # rebuilds it): the next look finds the new row, or the ending the last click brought.
        click_handled(page, NOTEBOOK, choices.first)
    expect(ending).to_be_visible()
    assert any(words in ending.inner_text() for words in ("Dawn breaks", "The fire goes out"))
    save_window(page, shot.directory / "ending.png")
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    assert_no_tracebacks(page)


def test_a_named_night_at_recruit_and_attacks_a_player_can_count(page, jupyter_server, shot):
    """A name typed for New journey is kept when the night begins at another
    difficulty than the journey's; the flames in play are counted against the fire cards before
    the attacks; each attack button says the cards its flames burn and the hero's fate, exactly
    as rules.embers.preview says it (read from the kernel), and the report after it names them."""
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, NOTEBOOK)
    panel = page.locator(".lantern-embers")
    expect(panel).to_be_visible()
    panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    header = panel.locator(".lantern-header")
    tools = panel.locator(".lantern-journal-tools")
    new_journey(page, NOTEBOOK, panel, "my night")
    panel.locator(".lantern-difficulty select").select_option(label="Recruit")
    panel.locator("button.lantern-act-begin").click()
    expect(panel.locator(".lantern-ring-view .lantern-location")).to_have_count(8)
    expect(header).to_contain_text("my night")
    expect(header).to_contain_text("Recruit")
    expect(header).not_to_contain_text("embers-20")
    kept = run_in_kernel(
        page, NOTEBOOK, "print(panel.book.name, panel.book.options['difficulty'], "
        "sorted(p.name for p in panel.book.path.parent.glob('*.lantern')))",
    )  # fmt: skip
    assert kept.strip() == "my night recruit ['embers.lantern', 'my night.lantern']", kept
    expect(tools.locator(".lantern-journal-journeys option", has_text="embers")).to_have_count(1)

    danger = panel.locator(".lantern-danger")
    expect(danger).to_contain_text(re.compile(r"Flames in play: \d+ — deck: \d+ fire cards"))
    wanted = run_in_kernel(
        page, NOTEBOOK, "from rules.embers.preview import danger as _d; _f = _d(panel.state); "
        "print(_f.most, _f.cards)",
    )  # fmt: skip
    flames, cards = wanted.split()
    expect(danger).to_contain_text(f"Flames in play: {flames} — deck: {cards} fire cards")
    save_window(page, shot.directory / "named-night-danger.png")

    panel.locator("button.lantern-act-end_actions").click()
    wait_kernel_idle(page, NOTEBOOK)
    expect(header).to_contain_text("Monster attacks")
    attacks = panel.locator("button.lantern-act-attack")
    expect(attacks.first).to_be_visible()
    said = run_in_kernel(
        page, NOTEBOOK, "from rules.embers.preview import attack_preview, legal_attacks\n"
        "for _a in legal_attacks(panel.state):\n"
        "    print(f'Attack from {_a.location} on {_a.target}: '"
        " + attack_preview(panel.state, _a).text())",
    )  # fmt: skip
    expected = said.strip().splitlines()
    assert [text.strip() for text in attacks.all_inner_texts()] == expected
    for text in expected:
        assert re.search(r"burns? |no card burns", text) and re.search(r"(falls|stands): ", text)
    first = expected[0]
    save_window(page, shot.directory / "attack-buttons.png")
    attacks.first.click()
    wait_kernel_idle(page, NOTEBOOK)
    report = panel.locator(".lantern-report-view")
    expect(report).to_contain_text("the attack at")
    fate = re.search(r"\w+ (falls|stands): [^;]*health", first)
    assert fate is not None
    expect(report).to_contain_text(fate.group(0))
    burned = run_in_kernel(page, NOTEBOOK, "print(*panel.state.forage[1:], sep='|')").strip()
    for card in filter(None, burned.split("|")):
        expect(report).to_contain_text(card)
    save_window(page, shot.directory / "attack-report.png")
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    assert_no_tracebacks(page)


def test_voila_plays_embers(page, voila, shot):
    """`make voila GAME=embers`: a title, the panel, how to play; no code."""
    page.set_viewport_size(WINDOW)
    server = voila("play-embers.ipynb")
    page.goto(server.url)
    panel = page.locator(".lantern-embers")
    expect(panel).to_be_visible(timeout=60_000)
    expect(page.locator("h1")).to_contain_text("Embers")
    expect(page.locator("h2", has_text="How to play")).to_be_visible()
    expect(page.locator(".jp-CodeCell .jp-InputArea, .cm-editor")).to_have_count(0)
    shown = page.locator("body").inner_text()
    for text in ("import", "JourneyBook", "EmbersPanel("):
        assert text not in shown, text
    panel.locator("button.lantern-act-begin").click()
    expect(panel.locator(".lantern-ring-view .lantern-location")).to_have_count(8)
    panel.locator("button.lantern-act-end_actions").click()
    expect(panel.locator(".lantern-report-view")).to_contain_text("End actions")
    expect(panel.locator(".lantern-header")).to_contain_text("Monster attacks")
    expect(panel.locator("button.lantern-act-attack").first).to_be_visible()
    expect(panel.locator(".lantern-prompt")).to_contain_text("Monster attacks")
    save_window(page, shot.directory / "voila.png")
    assert_no_tracebacks(page)


def test_an_uploaded_card_set_survives_restart_and_run_all(page, jupyter_server, shot, tmp_path):
    """The panel's file picker, then the next day: the journey keeps the cards it was begun with
    (the file is not on the server at all), and Run All brings the same night back."""
    page.set_viewport_size(WINDOW)
    open_notebook(page, jupyter_server, NOTEBOOK)
    panel = page.locator(".lantern-embers")
    expect(panel).to_be_visible()
    panel.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    own = tmp_path / "yew-cards.toml"
    own.write_text(SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8")
    with page.expect_file_chooser() as chooser:  # the picker's input is not in the page
        panel.locator(".lantern-cards-upload").click()
    chooser.value.set_files(str(own))
    expect(panel).to_contain_text("read from yew-cards.toml: Begin the night")
    expect(panel.locator(".lantern-cards-file input")).to_have_value("yew-cards.toml")
    panel.locator("button.lantern-act-begin").click()
    expect(panel.locator(".lantern-ring-view .lantern-location")).to_have_count(8)
    choices = panel.locator(".lantern-choice-buttons button")
    for _ in range(6):  # each click handled before the next (the kernel's idle is not enough)
        click_handled(page, NOTEBOOK, choices.first)
    expect(panel.locator(".lantern-message-error")).to_have_count(0)
    header, ring = panel.locator(".lantern-header"), panel.locator(".lantern-ring-view")
    log = panel.locator(".lantern-log-entry")
    # How many actions the panel's journey holds (Begin with the uploaded set made the journey
    # again, so the notebook's `book` is no longer the panel's), once every click was handled:
    # the panel shows them all.
    played = int(run_in_kernel(page, NOTEBOOK, "print(len(panel.book.journey.entries))"))
    expect(log).to_have_count(played)
    before = (header.inner_text(), ring.inner_text(), log.all_inner_texts())
    save_window(page, shot.directory / "played.png")
    restart_and_run_all(page, NOTEBOOK, timeout=120_000)
    expect(panel).to_have_count(1)
    expect(log.first).to_be_attached()
    after = (header.inner_text(), ring.inner_text(), log.all_inner_texts())
    save_window(page, shot.directory / "after-restart-run-all.png")
    assert after == before
    kept = run_in_kernel(
        page,
        NOTEBOOK,
        "print(panel.book.options['cards']['file'], 'Yew' in panel.state.cards.named)",
    )
    assert "yew-cards.toml True" in kept, kept
    assert_no_tracebacks(page)
