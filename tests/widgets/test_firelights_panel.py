"""The Firelights panel, clicked without a browser: each click plays through the rules and the
panel shows the result. Cards and dice are typed into "At the table" so every outcome is known."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.book import JourneyBook
from rules.firelights import TABLE, Discover, Result, locations, odds
from rules.table import tables
from rules.table.cards import Card
from widgets.firelights import FirelightsPanel
from widgets.parts.theme import percent


def begun(start: str = "5S", **approaches: int) -> FirelightsPanel:
    panel = FirelightsPanel(seed=11)
    panel.name_input.value = "Wick"
    panel.pronouns_input.value = "she/her"
    for name, value in (approaches or {"forceful": 2, "patient": 1, "quick": 0}).items():
        panel.approach_inputs[name].value = value
    panel.table_input.value = start
    panel.begin_button.click()
    return panel


def click(panel: FirelightsPanel, kind: str, table: str = "") -> None:
    panel.table_input.value = table
    panel.buttons[kind].click()


def test_begin_draws_the_starting_region_and_shows_the_sheet() -> None:
    panel = begun()
    assert panel.state.world.current.card == Card.parse("5S")
    assert "Wick" in panel.sheet.value and "she/her" in panel.sheet.value
    assert "forceful <b>+2</b>" in panel.sheet.value
    assert panel.create_box not in panel.children


def test_approaches_other_than_2_1_0_show_an_error_and_begin_nothing() -> None:
    panel = begun(forceful=2, patient=2, quick=0)
    assert panel.messages.is_error
    assert "+2, +1 and 0" in panel.messages.text
    assert panel.state.character is None and not panel.journey.entries


def test_odds_are_shown_before_acting_for_the_chosen_approach() -> None:
    """Percentages in the line, the exact fraction in each one's tooltip."""
    panel = begun()
    panel.approach.value = "quick"
    exact = odds(panel.state, Discover("quick"))
    assert "quick" in panel.odds.value
    for result in Result:
        assert f"{result.value} {percent(exact[result])}" in panel.odds.value
        assert f"exactly {exact[result]}" in panel.odds.value


def test_discover_light_puts_both_cards_on_the_map() -> None:
    panel = begun()
    click(panel, "discover", "7H 3C 6 6")  # 12 + 2 beats 7 and 3: Light
    assert panel.journey.last.result.value == "Light"
    assert {str(r.card) for r in panel.state.world.regions} == {"5S", "7H", "3C"}
    assert "Light" in panel.report.value and "7♥" in panel.report.value
    locations(panel.state)


def test_discover_shade_offers_the_two_cards_as_buttons() -> None:
    panel = begun()
    click(panel, "discover", "7H QS 4 5")  # 9 + 2 = 11 beats 7 only: Shade
    options = panel.choice_buttons
    assert all("lantern-act-choose" in b._dom_classes for b in options)
    assert [b.description for b in options] == [
        "7♥: joins the map above 5♠",
        "Q♠: joins the map above 5♠ (a beacon)",
    ]
    assert panel.buttons["discover"].disabled  # a choice is pending
    options[1].click()
    queen = [r for r in panel.state.world.regions if r.card == Card.parse("QS")]
    assert queen and queen[0].beacon
    assert Card.parse("7H") in panel.state.deck.discard_pile
    assert panel.choice.children == ()


def test_a_pending_choice_is_asked_once_beside_its_buttons_not_again_in_the_report() -> None:
    """The rules' report says the prompt (the log and exports keep it); the panel shows it in the
    choice row only, and the report keeps its outcome ("choose one")."""
    panel = begun()
    click(panel, "discover", "7H QS 4 5")
    prompt = panel.state.pending.prompt
    assert prompt in panel.journey.last.lines
    assert panel.report.value.count(prompt) == 0
    assert "choose one" in panel.report.value
    assert prompt in panel.choice.children[0].value


def test_search_then_fight_a_curse_and_flee_keeps_its_stack() -> None:
    panel = begun()
    click(panel, "search", "KH KD 1 1")  # Darkness: a curse is onto you, 1 Fatigue
    assert panel.state.fatigue == 1
    curse_buttons = panel.choice_buttons
    labels = [b.description for b in curse_buttons]
    assert labels[:4] == ["Calamity (0/5)", "Screecher (0/8)", "Hollow (0/8)", "Talon (0/13)"]
    assert "random" in labels[4]
    curse_buttons[0].click()  # Calamity: red cards count double
    assert panel.state.facing == "Calamity"
    assert [value for _label, value in panel.bar.curse_input.options] == ["Calamity"]
    click(panel, "fight", "2H 3S 6 6")  # Light: both stacked, 2H counts 2
    assert panel.state.curse("Calamity").count == 3
    assert "3/5" in panel.curses.value
    click(panel, "flee")
    assert panel.state.facing is None
    assert panel.state.curse("Calamity").count == 3


def test_fight_darkness_must_evade_danger() -> None:
    panel = begun()
    panel.bar.curse_input.value = "Talon"
    click(panel, "fight", "KH KD 1 1")
    assert not panel.buttons["evade"].disabled
    assert panel.buttons["discover"].disabled
    assert "Evade Danger" in panel.choice.children[0].value
    click(panel, "evade", "2C 3C 1 1")  # 2 + 2 = 4 beats both: Light
    assert panel.state.pending is None


def test_rest_writes_the_entry_shuffles_back_and_clears_fatigue() -> None:
    panel = begun()
    click(panel, "evade", "KH KD 1 1")  # Darkness: 2 Fatigue
    assert panel.state.fatigue == 2
    panel.bar.entry_input.value = "We camped by the river."
    click(panel, "rest")
    assert panel.state.fatigue == 0
    assert panel.state.book == ("We camped by the river.",)
    assert len(panel.state.deck.draw_pile) == 51 and not panel.state.deck.discard_pile
    assert panel.bar.entry_input.value == ""


def test_full_fatigue_offers_rest_and_names_the_risk_of_pushing_on() -> None:
    """ "When your fatigue is full ... you have to rest or flee ..., or risk extinguishing your
    light": the actions stay offered, and the panel names the risk."""
    panel = begun()
    for table in ("KH KD 1 1", "QH QD 1 1", "JH JD 1 1"):
        click(panel, "evade", table)
    assert panel.state.fatigue == 5
    enabled = {kind for kind, b in panel.buttons.items() if not b.disabled}
    assert {"rest", "discover", "evade"} <= enabled
    assert "extinguishes your light" in panel.bar.risk.value


def test_travel_by_clicking_a_touching_region_on_the_map() -> None:
    panel = begun()
    click(panel, "discover", "7H 3C 6 6")
    target = next(r.at for r in panel.state.world.regions if r.card == Card.parse("7H"))
    button = panel.map.cells[target]
    assert not button.disabled
    button.click()
    assert panel.state.world.token == target
    assert "◉" in panel.map.cells[target].description


def test_bad_table_results_show_an_error_and_change_nothing() -> None:
    panel = begun()
    before = panel.state
    click(panel, "discover", "7H ZZ 4 5")
    assert panel.messages.is_error and "'ZZ'" in panel.messages.text
    assert panel.state == before
    click(panel, "discover", "7H 7H 4 5")
    assert panel.messages.is_error and panel.state == before


def test_a_roll_is_of_the_column_its_button_names_whatever_the_column_chosen_says() -> None:
    """ "Changing the d66 table's column and clicking Roll d66 within a few milliseconds recorded
    'Event table: d66 32 -> Search' while the panel showed Story": the page holds the column's
    new value while the kernel has not answered the one before, but sends a click at once. The
    click of "Roll Story" is of Story even though the column the kernel knows is still Event,
    and the column the page then sends changes nothing recorded."""
    panel = begun()
    panel.tables.column_input.value = "event"
    panel.tables.roll_buttons["story"].click()  # the page's "story" is still on its way
    assert panel.journey.entries[-1].action == {"kind": "consult", "column": "story"}
    assert panel.tables.column == "story" and panel.tables.column_input.value == "story"
    rolled = panel.journey.entries[-1].chance[0]
    assert f'data-column="story">{tables.load(TABLE).entry(rolled, "story")}<' in (
        panel.tables.result.value
    )
    assert [button.description for button in panel.tables.roll_buttons.values()] == [
        "Roll Region", "Roll Theme", "Roll Event", "Roll Story"
    ]  # fmt: skip


def test_a_table_roll_is_recorded_and_a_look_up_is_not() -> None:
    """Only a roll is a chance outcome worth recording; reading a row you rolled is looking."""
    panel = begun()
    panel.tables.column = "theme"
    panel.tables.roll_button.click()
    assert panel.journey.entries[-1].action == {"kind": "consult", "column": "theme"}
    rolled = panel.journey.entries[-1].chance[0]
    assert f"d66 = {rolled}" in panel.tables.result.value
    entries = len(panel.journey.entries)
    panel.tables.pick(34)
    assert len(panel.journey.entries) == entries
    assert "Corruption" in panel.tables.result.value


def test_a_bad_row_shows_its_error_beside_the_table_and_clears_the_old_row() -> None:
    panel = begun()
    panel.tables.pick(34)
    panel.tables.pick(17)
    assert panel.tables.messages.is_error and "17" in panel.tables.messages.text
    assert panel.tables.messages in panel.tables.children
    assert "Corruption" not in panel.tables.result.value


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seeded_panel_replays_to_the_same_state(seed: int) -> None:
    from rules.record.journey import Journey

    panel = FirelightsPanel(seed=seed)
    panel.name_input.value = "Wick"
    panel.begin_button.click()
    for _ in range(5):
        panel.buttons["discover"].click()
        if panel.state.pending is not None:
            panel.choice_buttons[0].click()
    again = Journey.from_json(panel.journey.to_json())
    assert again.state == panel.state


def test_run_all_closes_the_panel_it_replaces_and_its_connection(tmp_path: Path) -> None:
    """Run All builds a new panel on the same journey file: the earlier panel's widgets and its
    own connection to the file are closed, and the new panel plays on."""
    first_book = JourneyBook.open_or_start("run-all", seed=1, folder=tmp_path)
    first = FirelightsPanel(first_book)
    second = FirelightsPanel(JourneyBook.open_or_start("run-all", seed=1, folder=tmp_path))
    assert first.comm is None and first.buttons["rest"].comm is None
    assert first.name_input.comm is None
    with pytest.raises(Exception, match="closed"):
        first_book.store._db.execute("SELECT 1")
    second.name_input.value = "Wick"
    second.begin_button.click()
    assert second.state.character is not None and not second.messages.is_error


def test_a_panel_can_switch_to_another_journey(tmp_path: Path) -> None:
    """New / Open journey: the panel shows the other journey from its start or where it stands."""
    panel = FirelightsPanel(JourneyBook.open_or_start("one", seed=1, folder=tmp_path))
    panel.name_input.value = "Wick"
    panel.begin_button.click()
    other = JourneyBook.open_or_start("two", seed=2, folder=tmp_path)
    panel.use(other)
    assert panel.journey is other and panel.state.character is None
    assert panel.create_box in panel.children


def test_new_journey_from_the_panel_switches_to_it_and_the_old_one_stays(tmp_path: Path) -> None:
    """ "Starting a new journey is an explicit choice, and the old one stays": without code, the
    panel's New journey starts one, shows it, and Open brings the first one back as it stood."""
    panel = FirelightsPanel(JourneyBook.open_or_start("first", seed=1, folder=tmp_path))
    panel.name_input.value = "Wick"
    panel.begin_button.click()
    tools = panel.controls
    assert tools is not None
    tools.new_name.value = "second"
    tools.new_button.click()
    assert panel.journey.name == "second" and panel.state.character is None
    assert not panel.messages.is_error
    tools.journey_choice.value = next(
        v for _l, v in tools.journey_choice.options if "first" in str(v)
    )
    tools.open_button.click()
    assert panel.journey.name == "first" and panel.state.character is not None
    assert {p.name for p in tmp_path.glob("*.lantern")} == {"first.lantern", "second.lantern"}


def test_a_slip_written_in_the_panel_shows_on_the_map_card() -> None:
    """ "place slips of paper on top of the cards to note down details about the region"."""
    panel = begun()
    panel.slip_input.value = "A hollow oak, warm inside."
    panel.slip_button.click()
    here = panel.state.world.token
    assert panel.state.world.current.slips == ("A hollow oak, warm inside.",)
    assert "✎" in panel.map.cells[here].description
    assert "A hollow oak, warm inside." in panel.map.cells[here].tooltip
    assert panel.slip_input.value == ""


def test_a_card_just_placed_is_on_the_map_window_after_looking_elsewhere() -> None:
    """The report names the card just placed; the map window shows it, even after the player
    looked further with the arrows (which once left it out of view). A sensible player's journey
    of seed 3 has a map 15 columns wide, the Firelight at its west end."""
    import dataclasses
    import sys

    from widgets.firelights.world_map import WorldMapView

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firelights"))
    from player import play_journey

    state = play_journey(3).state
    view = WorldMapView(lambda _at: None)
    view.render(state, True)
    assert state.world.token in view.shown_cells
    view._pan(1, 0)
    view._pan(1, 0)  # looking further east: the Firelight is out of view
    assert state.world.token not in view.shown_cells
    card = state.deck.draw_pile[0]
    placed = dataclasses.replace(state, world=state.world.place(card))
    view.render(placed, True)
    assert placed.world.regions[-1].at in view.shown_cells


def test_the_map_legend_says_what_bold_and_grey_cards_mean() -> None:
    panel = begun()
    assert "<b>bold</b> touches you: click it to travel there" in panel.map.legend.value
    assert "grey cannot be entered from here now" in panel.map.legend.value
