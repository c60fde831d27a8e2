"""The log reads like a journal: the action's title once, its cards and dice drawn as
small views, newest first, wrapped text in the notebook's font, and a look back from any entry."""

from __future__ import annotations

from widgets.firelights import FirelightsPanel
from widgets.frame.log_view import SHOWN, line_html
from widgets.voidlight import VoidlightPanel


def firelights() -> FirelightsPanel:
    panel = FirelightsPanel(seed=11)
    panel.name_input.value = "Wick"
    panel.table_input.value = "5S"
    panel.begin_button.click()
    return panel


def entry(panel: object, index: int) -> str:
    row = panel.log_view.row(index)  # type: ignore[attr-defined]
    return str(row.children[0].value)


def test_an_entry_says_its_title_once() -> None:
    panel = VoidlightPanel(seed=5)
    panel.name_input.value = "Vex"
    panel.create_button.click()
    panel.gear.buttons["long_rest"].disabled = False
    panel.gear.buttons["long_rest"].click()
    line = panel.log_view.lines[0]
    assert line.text.count("Long Rest") == 1, line.text
    assert entry(panel, 0).count("Long Rest") == 1


def test_an_entry_draws_its_cards_and_dice_as_small_views() -> None:
    panel = firelights()
    panel.table_input.value = "7H 3C 6 5"
    panel.buttons["discover"].click()
    html = entry(panel, 0)
    assert '<b class="lantern-log-title">Discover a Region</b>' in html
    assert html.count("lantern-log-card ") == 2
    assert "lantern-card-red" in html and "lantern-card-black" in html
    assert html.count("lantern-log-die") == 2 and "⚅" in html and "⚄" in html


def roll(panel: FirelightsPanel) -> None:
    panel.table_input.value = ""
    panel.tables.roll_button.click()  # a d66 roll: recorded, and never ends the journey


def test_entries_are_newest_first_and_older_ones_come_on_request() -> None:
    panel = firelights()
    for _ in range(SHOWN + 2):
        roll(panel)
    total = len(panel.journey.entries)
    assert total > SHOWN
    shown = panel.log_view.lines
    assert len(shown) == SHOWN  # the oldest left the window
    assert [line.number for line in shown] == list(range(total, total - SHOWN, -1))
    view = panel.log_view
    rows = [row for row in view.list.children if row is not view.older]
    newest_first = sorted(rows, key=lambda row: int(row.layout.order))
    assert [row.children[0].value for row in newest_first] == [
        entry(panel, i) for i in range(SHOWN)
    ]
    assert view.older.layout.display is None  # shown: there is more
    view.older.click()
    assert len(view.lines) == min(total, 2 * SHOWN)


def test_a_click_changes_one_row_of_the_page_and_the_list_only_grows_at_its_end() -> None:
    """The page's view of a box redraws every child after the first that changed: the rows are
    slots, so a new entry takes the row of the one that left the window (its text and CSS order
    change, nothing else), and a row is only ever added at the end of the list."""
    panel = firelights()
    view = panel.log_view
    while len(panel.journey.entries) < SHOWN:
        listed = view.list.children
        roll(panel)
        assert view.list.children[: len(listed)] == listed
    listed = view.list.children
    texts = {id(row): row.children[0].value for row in listed if row is not view.older}
    for _ in range(3):
        roll(panel)
        after = view.list.children
        assert after == listed  # the same rows: no child dropped, none put in front
        changed = [
            row
            for row in after
            if row is not view.older and row.children[0].value != texts[id(row)]
        ]
        assert len(changed) == 1 and view.row(0) is changed[0]
        texts[id(changed[0])] = changed[0].children[0].value
    orders = sorted(int(row.layout.order) for row in listed if row is not view.older)
    total = len(panel.journey.entries)
    assert orders == list(range(-(total - 1), -(total - SHOWN) + 1))


def test_the_text_is_escaped_and_a_line_without_title_keeps_its_words() -> None:
    class Line:
        number, status, title, cards, dice = 3, "undone", "", (), ()
        text = "<b>Rest</b>: by the fire"

    html = line_html(Line())
    assert "&lt;b&gt;Rest&lt;/b&gt;: by the fire" in html
    assert "↶ undone: " in html


def test_an_entry_s_look_button_shows_the_journey_as_it_stood_then() -> None:
    panel = firelights()
    panel.table_input.value = "7H 3C 6 6"
    panel.buttons["discover"].click()
    assert len(panel.map.cells) == 3
    look = panel.log_view.row(1).children[1]
    look.click()
    assert len(panel.map.cells) == 1
    assert "Looking at: 1 · Begin" in panel.log_view.detail.value
    assert "lantern-log-picked" in panel.log_view.row(1)._dom_classes


def test_a_crew_entry_names_its_character_in_its_bold_title() -> None:
    from rules.voidlight import Check, Join

    panel = VoidlightPanel(seed=5)
    panel.name_input.value = "Vex"
    panel.create_button.click()
    panel.act(Join("Kai", "", vigor=1, operate=2, insight=1, diplomacy=1))
    panel.act(Check("operate", "standard", who="Kai"))
    assert panel.log_view.lines[0].text.startswith("Kai: Check: ")
    assert '<b class="lantern-log-title">Kai: Check</b>' in entry(panel, 0)
