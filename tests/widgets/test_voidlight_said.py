"""What is due in the Voidlight panel is said where the player acts, without a browser: a cost due
beside the cost controls (and a second Check refused until it is paid or skipped), a Critical
Save due over its buttons; the long rest's input sits with the long rest, and the solo tools
are short sections of their own.
"""

from __future__ import annotations

from panel_helpers import begun, check

from widgets.frame.dock import SLOT_CLASS


def test_a_cost_due_is_said_beside_the_cost_controls_and_a_second_check_is_refused() -> None:
    """ "0 HITS: [...] there's a cost": the next Check does not drop it silently."""
    panel = begun()
    assert panel.checks.cost_due.value == "" and panel.checks.skip_button.layout.display == "none"
    check(panel, "vigor", "standard", "2 3")
    due = panel.checks.cost_due.value
    assert "Due:" in due and "the cost of your Vigor check (failure, 0 Hits)" in due
    assert panel.checks.skip_button.layout.display == "" and not panel.checks.skip_button.disabled
    assert not panel.checks.check_buttons["insight"].disabled  # a click says why it waits
    check(panel, "insight", "standard", "6")
    assert panel.messages.is_error
    assert "the cost of your Vigor check is still due: take it, or skip it" in panel.messages.text
    assert panel.journey.last.title == "Check" and panel.state.last_check.attribute == "vigor"
    panel.gear.buttons["short_rest"].click()
    assert "still due" in panel.messages.text and panel.journey.last.title == "Check"


def test_skipping_the_cost_is_a_button_and_then_the_next_check_rolls() -> None:
    panel = begun()
    check(panel, "vigor", "standard", "5 1")
    panel.checks.skip_button.click()
    assert panel.journey.last.title == "Skip the cost"
    assert panel.checks.cost_due.value == "" and panel.checks.skip_button.layout.display == "none"
    check(panel, "insight", "standard", "6")
    assert panel.journey.last.title == "Check" and not panel.messages.is_error


def test_a_critical_save_due_is_said_over_its_buttons() -> None:
    panel = begun()
    panel.gear.damage.value = 10
    panel.gear.buttons["damage"].click()
    assert "Due: " in panel.checks.save_due.value and "Critical Save" in panel.checks.save_due.value


def test_the_long_rest_input_sits_with_the_long_rest_and_offers_what_it_can_restore() -> None:
    panel = begun()
    rows = [row for _title, rows in panel.gear.sections() for row in rows]
    long_row = next(row for row in rows if panel.gear.buttons["long_rest"] in row.children)
    assert panel.gear.rest_attribute in long_row.children
    assert panel.gear.buttons["short_rest"] not in long_row.children
    assert panel.gear.rest_attribute.options == (("none below its full score", ""),)
    panel.gear.damage.value = 10
    panel.gear.buttons["damage"].click()
    panel.table_input.value = "1 2"
    panel.checks.save_buttons["vigor"].click()  # two Misses: Vigor 2 -> 0
    assert panel.gear.rest_attribute.options == (("Vigor", "vigor"),)
    panel.gear.buttons["long_rest"].click()
    assert panel.state.sheet.vigor == 1 and not panel.messages.is_error


def test_the_solo_tools_are_short_sections_of_their_own() -> None:
    panel = begun()
    titles = [box.children[0].value for box in panel._actions_box.children]
    for title in ("Checks", "Encounter Pools", "Fortune and Reaction", "Enemies", "Oracle",
                  "Rest and advancement"):  # fmt: skip
        assert sum(f">{title}<" in t for t in titles) == 1, title
    assert not any("Solo tools" in t for t in titles)
    rows = [  # a section's title and rows, not the empty places for the result dock
        [c for c in box.children if SLOT_CLASS not in c._dom_classes]
        for box in panel._actions_box.children[1:]
    ]
    assert all(len(each) <= 6 for each in rows)
