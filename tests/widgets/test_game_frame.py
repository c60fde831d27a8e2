"""The shared game frame, clicked without a browser (through the Firelights panel, its first game):
the journey named in the header, the log with undo and reroll, a look back, the ending, "At the
table", and the map that keeps the token in view."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.book import JourneyBook
from rules.firelights import Region, State, WorldMap
from rules.table.cards import Card
from widgets.firelights import FirelightsPanel
from widgets.firelights.world_map import COLUMNS


def started(tmp_path: Path, name: str = "wick") -> FirelightsPanel:
    panel = FirelightsPanel(JourneyBook.start(name, game="firelights", seed=5, folder=tmp_path))
    panel.name_input.value = "Wick"
    panel.table_input.value = "5S"
    panel.begin_button.click()
    return panel


def click(panel: FirelightsPanel, kind: str, table: str = "") -> None:
    panel.table_input.value = table
    panel.buttons[kind].click()


def test_the_header_always_names_the_open_journey_and_its_game(tmp_path: Path) -> None:
    panel = started(tmp_path)
    assert "Firelights" in panel.header.value and "wick" in panel.header.value
    panel.controls.new_name.value = "ember"
    panel.controls.new_button.click()
    assert "ember" in panel.header.value and "wick" not in panel.header.value
    memory = FirelightsPanel(seed=1)
    assert "memory only" in memory.header.value


def test_export_is_offered_once_the_character_exists(tmp_path: Path) -> None:
    """Export was enabled before a character existed (there was nothing to write)."""
    panel = FirelightsPanel(JourneyBook.start("wick", game="firelights", seed=5, folder=tmp_path))
    assert panel.controls is not None and panel.controls.export_button.disabled
    panel.name_input.value = "Wick"
    panel.table_input.value = "5S"
    panel.begin_button.click()
    assert not panel.controls.export_button.disabled


def test_the_log_lists_every_action_newest_first_in_the_journal_s_words(tmp_path: Path) -> None:
    panel = started(tmp_path)
    click(panel, "discover", "7H 3C 6 6")
    lines = panel.log_view.lines
    assert [line.number for line in lines] == [2, 1]
    assert lines[0].text.startswith("Discover a Region")
    panel.controls.write_button.click()
    assert panel.controls.last_written == panel.log_view.lines[0].text  # one source


def entry_html(panel: FirelightsPanel, index: int) -> str:
    """The HTML of the log's ``index``-th entry shown (0 the newest)."""
    return str(panel.log_view.row(index).children[0].value)


def test_the_log_shows_an_undo_and_a_reroll_as_such(tmp_path: Path) -> None:
    panel = started(tmp_path)
    click(panel, "search", "2C 3C 6 6")
    panel.controls.reroll_button.click()
    statuses = [line.status for line in panel.log_view.lines]
    assert statuses[:2] == ["played", "superseded"]
    assert "rerolled" in entry_html(panel, 1)
    panel.controls.undo_button.click()
    assert panel.messages.text.startswith("Undone") or panel.controls.messages.text.startswith(
        "Undone"
    )
    assert "undone" in entry_html(panel, 0)


def test_clicking_a_log_line_shows_the_journey_as_it_stood_then_read_only(tmp_path: Path) -> None:
    panel = started(tmp_path)
    click(panel, "discover", "7H 3C 6 6")
    assert len(panel.map.cells) == 3
    panel.log_view.pick(1)  # the oldest line: Begin
    assert len(panel.map.cells) == 1
    assert all(cell.disabled for cell in panel.map.cells.values())
    assert panel.looking in panel._play_slot.children
    assert "Looking back" in panel.looking.children[0].value
    assert len(panel.state.world.regions) == 3  # the journey itself did not move
    panel.back_button.click()
    assert len(panel.map.cells) == 3 and panel.looking not in panel._play_slot.children


def test_the_end_of_a_journey_is_an_ending_with_undo_and_export_left(tmp_path: Path) -> None:
    panel = started(tmp_path)
    for table in ("KH KD 1 1", "QH QD 1 1", "JH JD 1 1", "KS KC 1 1"):
        click(panel, "evade", table)  # Darkness four times: the fourth marks Fatigue past full
    assert panel.state.status == "extinguished"
    assert panel.ending in panel._play_slot.children
    assert "5 actions played" in panel.ending.value
    assert panel.ending_export in panel._play_slot.children
    assert not panel.controls.undo_button.disabled
    panel.ending_export.click()
    assert "Journey Book written" in panel.controls.messages.text


def test_too_few_outcomes_at_the_table_are_refused_unless_lantern_may_draw_the_rest(
    tmp_path: Path,
) -> None:
    panel = started(tmp_path)
    before = panel.state
    click(panel, "discover", "7H")
    assert panel.messages.is_error and panel.state == before
    panel.at_table.draw_rest.value = True
    click(panel, "discover", "7H QS")
    assert not panel.messages.is_error
    assert "Lantern drew or rolled the rest" in panel.at_table.note.value
    assert panel.table_input.value == ""


def test_what_is_typed_at_the_table_is_said_as_the_kernel_reads_it_before_the_click(
    tmp_path: Path,
) -> None:
    """The typed text reaches the kernel apart from the click: the line under the box says what
    Lantern has read, so the player sees it has their cards and dice before they click; text that
    does not read yet says nothing, and the action then says what it used."""
    panel = started(tmp_path)
    panel.table_input.value = "7H Q"  # still being typed
    assert panel.at_table.note.value == ""
    panel.table_input.value = "7H QS 4 5"
    assert "Ready for your next action: 7H QS · 4 5" in panel.at_table.note.value
    panel.buttons["discover"].click()
    assert not panel.messages.is_error, panel.messages.text
    assert "Used from the table: 7H QS · 4 5" in panel.at_table.note.value
    assert "Ready" not in panel.at_table.note.value and panel.table_input.value == ""


def test_spending_more_treasures_than_you_hold_is_refused_with_the_number_held(
    tmp_path: Path,
) -> None:
    panel = started(tmp_path)
    click(panel, "search", "2C 3C 6 6")  # Light: 2 treasures
    panel.bar.spend_input.value = 999
    click(panel, "buy", "4C 5C 6 6")
    assert panel.messages.is_error and "2" in panel.messages.text and "999" in panel.messages.text
    assert panel.state.treasures == 2


def test_no_odds_are_shown_for_an_action_that_cannot_be_taken(tmp_path: Path) -> None:
    panel = started(tmp_path)
    assert "Light" in panel.odds.value
    click(panel, "discover", "7H QS 4 5")  # Shade: a choice is pending, no action can be made
    assert panel.odds.value == "" and panel.bar.ask_odds.value == ""


def test_the_map_keeps_the_token_in_view_at_twenty_columns() -> None:
    cards = [Card.parse(code) for code in ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "2H", "3H"]]  # fmt: skip
    regions = tuple(Region(card, (x, 0)) for x, card in enumerate(cards))
    for token in ((17, 0), (0, 0), (10, 0)):
        state = replace(State(), world=WorldMap(regions, token))
        panel = FirelightsPanel(seed=1)
        panel.map.render(state, False)
        assert token in panel.map.cells
        assert len({at[0] for at in panel.map.cells}) == COLUMNS
        assert "more" in panel.map.where.value


def test_no_widget_ever_lists_a_closed_one_so_a_reloaded_page_can_restore_the_panel(
    tmp_path: Path,
) -> None:
    """ipywidgets restores a reloaded page from the kernel's widget states; one container that
    still lists a closed widget makes that answer fail (the page stays on "Loading widget...")."""
    from widgets.frame.connection import broken_widgets

    panel = started(tmp_path)
    click(panel, "discover", "7H QS 4 5")  # Shade: choice buttons
    panel.choice_buttons[0].click()  # the choice closes them; the map redraws
    click(panel, "search", "KH KD 1 1")  # Darkness: curse choice
    panel.choice_buttons[-1].click()
    target = next(at for at in panel.map.cells if at != panel.state.world.token)
    panel.map.cells[target].click()
    assert broken_widgets() == []


def test_the_panel_is_shown_with_a_line_for_when_its_live_view_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Displayed, the panel brings a plain HTML line after it: hidden by CSS while the live panel
    is on the page, shown where it is not (a reload whose kernel lost the widgets)."""
    from widgets.frame import connection

    panel = started(tmp_path)
    shown: list[object] = []
    updates: list[str] = []

    class Handle:
        def update(self, obj: object) -> None:
            updates.append(obj._repr_html_())  # type: ignore[attr-defined]

    def display(*objs: object, **kw: object) -> Handle | None:
        shown.extend(objs)
        return Handle() if kw.get("display_id") else None

    monkeypatch.setattr(connection, "display", display)
    panel._ipython_display_()
    bundle = shown[0]
    assert "application/vnd.jupyter.widget-view+json" in bundle  # type: ignore[operator]
    # nbconvert and an untrusted notebook show HTML, not the widget: nothing but the line below.
    assert bundle["text/html"].startswith("<!--")  # type: ignore[index]
    line = shown[1]._repr_html_()  # type: ignore[attr-defined]
    assert "Your journey <em>wick</em> is saved: Run ▸ Run All Cells to continue" in line
    assert "reload the page to continue" in line  # its Voilà variant
    # After New journey the saved line names the journey the panel plays now.
    panel.controls.new_name.value = "ember"
    panel.controls.new_button.click()
    assert len(updates) == 1 and "Your journey <em>ember</em> is saved" in updates[0]
