"""The result of the last click docks beside the control clicked (widgets/frame/dock.py).

The frame's promise: the controls, the result of the last click and any error are in view
together, however far down the panel a control sits. In the kernel that means: after a click that
played or told something, the dock (report, what is due, messages) is the next row after the
clicked control's row, inside the section that holds it. The browser test
(tests/browser/test_in_view.py) checks the pixels."""

from __future__ import annotations

import ipywidgets as widgets

from widgets.embers import EmbersPanel
from widgets.firelights import FirelightsPanel
from widgets.frame.dock import shown_tree
from widgets.voidlight import VoidlightPanel


def dock_follows(panel: object, control: widgets.Button) -> None:
    """The dock sits right after ``control``'s row, in the section that holds it."""
    dock = panel.dock  # type: ignore[attr-defined]
    found = dock.row_of(control)
    assert found is not None, "the control is in no section shown"
    section, row = found
    children = list(section.children)
    after = children[children.index(row) + 1]  # the dock, or the slot under the row holding it
    assert after is dock.box or list(after.children) == [dock.box]
    assert dock.parent is section


def voidlight() -> VoidlightPanel:
    panel = VoidlightPanel(seed=5)
    panel.name_input.value = "Vex"
    panel.create_button.click()
    return panel


def test_the_dock_starts_at_the_top_of_the_actions() -> None:
    panel = voidlight()
    assert panel.dock.parent is panel.dock.home
    assert panel.dock.home.children[0] is panel.dock.box
    assert panel.report in panel.dock.box.children and panel.messages in panel.dock.box.children


def test_a_result_of_a_lower_tool_shows_under_that_tool() -> None:
    panel = voidlight()
    oracle = panel.solo.buttons["inspire"]
    oracle.click()
    dock_follows(panel, oracle)
    assert "oracle" in panel.report.value.lower() or "theme" in panel.report.value.lower()


def test_a_refusal_shows_under_the_control_that_was_refused() -> None:
    panel = voidlight()
    hurt = panel.solo.buttons["hurt_enemy"]
    hurt.disabled = False  # a stale page can still send the click
    hurt.click()
    assert panel.messages.kind == "error"
    dock_follows(panel, hurt)


def test_the_dock_appears_once_and_moves_back_up_when_a_higher_control_is_clicked() -> None:
    panel = voidlight()
    panel.solo.buttons["inspire"].click()
    fortune = panel.solo.buttons["fortune"]
    fortune.click()
    dock_follows(panel, fortune)
    everywhere = [w for w in shown_tree(panel) if w is panel.dock.box]
    assert len(everywhere) == 1


def test_a_choice_the_rules_ask_for_comes_with_the_result() -> None:
    panel = FirelightsPanel(seed=11)
    panel.name_input.value = "Wick"
    panel.table_input.value = "5S"
    panel.begin_button.click()
    panel.table_input.value = "KD QS 4 3"
    discover = panel.buttons["discover"]
    discover.click()
    assert panel.choice in panel.dock.box.children
    dock_follows(panel, discover)
    assert panel.choice_buttons, "Shade asks which card joins the map"


def test_a_click_that_only_picks_moves_nothing() -> None:
    panel = EmbersPanel(seed=3)
    panel.begin_button.click()
    where = panel.dock.parent
    hero = next(b for b in panel.heroes_row.children if isinstance(b, widgets.Button))
    hero.click()
    assert panel.dock.parent is where


def test_another_journey_brings_the_dock_home() -> None:
    panel = voidlight()
    panel.solo.buttons["inspire"].click()
    assert panel.dock.parent is not panel.dock.home
    panel.use(VoidlightPanel(seed=9).journey)
    assert panel.dock.parent is panel.dock.home


def test_the_just_now_line_says_an_outcome_in_the_words_of_its_report() -> None:
    """One word for one outcome: a Critical Save in the dark that fails reads "lost to the dark"
    in the report, so the line that tells the other screens says the same, not the record's
    "taken out"."""
    from rules.voidlight import Report
    from rules.voidlight.report import LOST
    from widgets.frame.dock import just_now_html

    lost = Report("Critical Save", lines=(f"you are {LOST}",), outcome="taken out", who="Kai")
    assert just_now_html(lost, "Kai").endswith(f"Critical Save: {LOST}</div>")
    dying = Report("Critical Save", lines=("you are taken out and dying",), outcome="taken out")
    assert just_now_html(dying, "").endswith("Critical Save: taken out</div>")
