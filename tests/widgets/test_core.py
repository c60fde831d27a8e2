"""The widgets core without a browser: build each widget, click, set traits, read state and HTML.

What these check is the widget contract the game panels rely on: a view is a projection of its
traits; buttons resolve chance only through the injected source. How a rule error shows in the
message area, leaving the state as it was, is in test_message_area.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from rules.errors import IllegalAction, InvalidInput
from rules.table.cards import Card, Suit
from rules.table.chance import Chance, Supplied
from rules.table.dice import Position, Roll
from rules.table.tables import load
from widgets.parts.card_view import CardRow, CardView, card_name
from widgets.parts.dice_view import DiceView, PoolRoller, odds_text
from widgets.parts.table_lookup import TableLookup
from widgets.parts.theme import CSS, format_chance, style_widget

QUEEN_OF_HEARTS = Card(12, Suit.HEARTS)


# Theme --------------------------------------------------------------------------------------


def test_theme_styles_every_class_with_jupyterlab_variables() -> None:
    style = style_widget()
    assert style.value.startswith("<style>")
    assert "lantern-style" in style._dom_classes
    for name in (
        "--jp-layout-color1",
        "--jp-ui-font-color1",
        "--jp-border-color1",
        "--jp-brand-color1",
        "--jp-error-color1",
        "--jp-success-color1",
    ):
        assert f"var({name}" in CSS
    for cls in ("lantern-card", "-red", "-black", "-back", "-empty", "lantern-hit", "lantern-miss"):
        assert cls in CSS


def test_theme_takes_a_panels_extra_css_in_the_same_style_element() -> None:
    style = style_widget(".lantern-map { gap: 1px; }")
    assert style.value.count("<style>") == 1
    assert ".lantern-card {" in style.value and ".lantern-map { gap: 1px; }" in style.value


def test_format_chance_is_exact_first_and_never_rounds_to_a_false_certainty() -> None:
    assert format_chance(Fraction(4, 9)) == "4/9 ≈ 44%"
    assert format_chance(Fraction(1, 36)) == "1/36 ≈ 3%"
    assert format_chance(Fraction(1, 1000)) == "1/1000 ≈ <1%"
    assert format_chance(Fraction(999, 1000)) == "999/1000 ≈ >99%"
    assert format_chance(Fraction(0)) == "0"
    assert format_chance(Fraction(1)) == "1"


# Card view ----------------------------------------------------------------------------------


def test_card_view_shows_rank_suit_red_class_and_spoken_name() -> None:
    view = CardView(QUEEN_OF_HEARTS)
    assert "Q" in view.value and "♥" in view.value
    assert "lantern-card-red" in view.value
    assert 'title="Queen of Hearts"' in view.value
    assert view.accessible_name == "Queen of Hearts"
    assert "lantern-card-view" in view._dom_classes


def test_card_view_black_suits_use_the_black_class() -> None:
    view = CardView(Card.parse("10S"))
    assert "lantern-card-black" in view.value
    assert "lantern-card-red" not in view.value
    assert ">10<" in view.value and "♠" in view.value
    assert 'title="Ten of Spades"' in view.value


def test_card_view_face_down_hides_the_face_even_from_the_html() -> None:
    view = CardView(QUEEN_OF_HEARTS, face_up=False)
    assert "lantern-card-back" in view.value
    assert "Queen" not in view.value and "♥" not in view.value and "QH" not in view.value
    assert view.accessible_name == "Face-down card"


def test_card_view_without_a_card_is_an_empty_slot() -> None:
    view = CardView()
    assert "lantern-card-empty" in view.value
    assert view.accessible_name == "Empty card slot"


def test_card_view_re_renders_when_card_or_face_up_changes() -> None:
    view = CardView(face_up=False)
    view.card = Card.parse("AD")
    assert "lantern-card-back" in view.value
    view.face_up = True
    assert "lantern-card-red" in view.value and "A" in view.value and "♦" in view.value
    view.card = Card.parse("KC")
    assert "lantern-card-black" in view.value and "♣" in view.value
    view.card = None
    assert "lantern-card-empty" in view.value


def test_card_view_refuses_a_value_that_is_not_a_card() -> None:
    with pytest.raises(Exception, match="Card"):
        CardView("QH")  # type: ignore[arg-type]


def test_card_names_cover_every_rank() -> None:
    assert card_name(Card.parse("AS")) == "Ace of Spades"
    assert card_name(Card.parse("7C")) == "Seven of Clubs"
    assert card_name(Card.parse("JD")) == "Jack of Diamonds"


def test_card_row_renders_cards_and_slots_in_order() -> None:
    row = CardRow([QUEEN_OF_HEARTS, None, Card.parse("2C")])
    assert row.value.startswith('<div class="lantern-card-row">')
    assert row.value.count('class="lantern-card ') == 3
    assert row.value.index("Queen of Hearts") < row.value.index("Empty") < row.value.index("Two")
    row.face_up = False
    assert "Queen" not in row.value and row.value.count("lantern-card-empty") == 1
    row.cards = ()
    assert "lantern-card " not in row.value


# Dice view ----------------------------------------------------------------------------------


def test_dice_view_marks_hits_by_position_and_counts_them() -> None:
    view = DiceView((6, 5, 1), Position.STANDARD)
    assert view.value.count("lantern-hit") == 2
    assert view.value.count("lantern-miss") == 1
    assert "⚅" in view.value and "⚄" in view.value and "⚀" in view.value
    assert "2 Hits" in view.value
    assert view.hits == 2
    view.position = Position.BAD
    assert "1 Hit<" in view.value and view.hits == 1


def test_dice_view_tells_no_roll_yet_from_a_roll_of_no_dice() -> None:
    view = DiceView()
    assert "No roll yet" in view.value and view.hits is None
    view.faces = ()
    assert "0 Hits" in view.value and view.hits == 0


def test_dice_view_refuses_a_face_that_is_not_a_d6_face() -> None:
    with pytest.raises(InvalidInput, match="got 7"):
        DiceView((7,))


# Pool roller --------------------------------------------------------------------------------


def test_pool_roller_shows_exact_odds_before_rolling() -> None:
    roller = PoolRoller(Chance(seed=1), count=2)
    assert roller.last_roll is None
    assert "P(0 Hits) 4/9 ≈ 44%" in roller.odds.value
    assert "P(1 Hit) 4/9 ≈ 44%" in roller.odds.value
    assert "P(2+ Hits) 1/9 ≈ 11%" in roller.odds.value
    assert "No roll yet" in roller.dice.value


def test_pool_roller_odds_follow_count_and_position() -> None:
    roller = PoolRoller(Chance(seed=1), count=2)
    roller.count_input.value = 3
    assert roller.count == 3
    assert roller.odds.value.count("3d6") >= 1
    assert odds_text(3, Position.STANDARD) in roller.odds.value
    roller.position_input.value = Position.GOOD
    assert roller.position is Position.GOOD
    assert "P(0 Hits) 1/8 ≈ 12%" in roller.odds.value  # (1/2)^3 misses


def test_pool_roller_supplied_dice_give_those_faces_and_hits() -> None:
    roller = PoolRoller(Supplied([[6, 5, 1]]), count=3, position=Position.STANDARD)
    roller.roll_button.click()
    assert roller.last_roll == (6, 5, 1)
    assert roller.last_position is Position.STANDARD
    assert roller.hits == 2
    assert "2 Hits" in roller.dice.value
    assert not roller.messages.is_error


def test_pool_roller_of_0_dice_rolls_1_die_and_only_a_6_hits() -> None:
    """RULES-NOTES (Boundless engine): "A roll of 0 dice: roll 1 die and only a 6 is a Hit."."""
    roller = PoolRoller(Supplied([[5], [6]]), count=0, position=Position.GOOD)
    assert "P(0 Hits) 5/6 ≈ 83%" in roller.odds.value
    assert "P(1 Hit) 1/6 ≈ 17%" in roller.odds.value
    roller.roll_button.click()
    assert roller.last_roll == (5,) and roller.hits == 0
    roller.roll_button.click()
    assert roller.last_roll == (6,) and roller.hits == 1
    assert roller.last_position is Position.BAD


def test_pool_roller_with_a_seed_is_reproducible() -> None:
    first = PoolRoller(Chance(seed=42), count=4)
    second = PoolRoller(Chance(seed=42), count=4)
    first.roll_button.click()
    second.roll_button.click()
    assert first.last_roll == second.last_roll == Chance(seed=42).resolve(Roll(4))
    assert len(first.last_roll) == 4


def test_pool_roller_calls_its_hooks_with_faces_and_position() -> None:
    roller = PoolRoller(Supplied([[4, 4], [2, 6]]), count=2, position=Position.GOOD)
    seen: list[tuple[tuple[int, ...], Position]] = []

    def hook(faces: tuple[int, ...], position: Position) -> None:
        seen.append((faces, position))

    roller.on_roll(hook)
    roller.roll_button.click()
    roller.on_roll(hook, remove=True)
    roller.roll_button.click()
    assert seen == [((4, 4), Position.GOOD)]
    assert roller.last_roll == (2, 6)


def test_pool_roller_rule_error_shows_in_messages_and_keeps_the_last_roll() -> None:
    roller = PoolRoller(Supplied([[3, 3]]), count=2)
    roller.roll_button.click()
    roller.roll_button.click()  # the supplied dice are used up
    assert roller.last_roll == (3, 3)
    assert roller.messages.is_error
    assert "supplied" in roller.messages.text
    assert isinstance(roller.messages.last_exception, IllegalAction)
    assert "lantern-message-error" in roller.messages.value


def test_pool_roller_hook_error_is_shown_not_raised() -> None:
    roller = PoolRoller(Supplied([[6]]), count=1)

    def broken(faces: tuple[int, ...], position: Position) -> None:
        raise KeyError("boom")

    roller.on_roll(broken)
    roller.roll_button.click()
    assert roller.last_roll == (6,)
    assert roller.messages.text == "Unexpected error: KeyError: 'boom'"


def test_pool_roller_does_not_roll_in_a_position_without_a_roll() -> None:
    source = Chance(seed=5)
    roller = PoolRoller(source, count=2, position=Position.IMPOSSIBLE)
    assert roller.roll_button.disabled
    assert "no dice are rolled" in roller.odds.value
    assert roller.roll() is None
    assert roller.last_roll is None and source.steps == 0
    roller.position = Position.STANDARD
    assert not roller.roll_button.disabled


def test_pool_roller_count_is_bounded_by_the_rules() -> None:
    roller = PoolRoller(Chance(seed=1))
    roller.count_input.value = 99
    assert roller.count == 20  # the input clamps to rules.table.dice.MAX_DICE
    with pytest.raises(InvalidInput, match="got 25"):
        roller.count = 25


def test_pool_roller_interactive_elements_carry_css_classes() -> None:
    roller = PoolRoller(Chance(seed=1))
    assert "lantern-pool-roller" in roller._dom_classes
    assert "lantern-count" in roller.count_input._dom_classes
    assert "lantern-position" in roller.position_input._dom_classes
    assert "lantern-roll" in roller.roll_button._dom_classes
    assert isinstance(roller.children, tuple)
    assert "lantern-style" in roller.children[0]._dom_classes


# Table lookup -------------------------------------------------------------------------------


def test_table_lookup_roll_shows_the_row_for_the_supplied_d66() -> None:
    table = load("firelights-d66")
    lookup = TableLookup(table, Supplied([34]))
    lookup.roll_button.click()
    roll, row = lookup.last
    assert roll == 34 and row == table.lookup(34)
    assert "d66 = 34" in lookup.result.value
    assert f">{row['region']}<" in lookup.result.value
    for column in table.columns:
        assert row[column] in lookup.result.value  # the whole row in small print
    assert lookup.entry == row["region"]


def test_table_lookup_column_dropdown_changes_the_entry_shown() -> None:
    table = load("firelights-d66")
    lookup = TableLookup(table, Supplied([34]), column="event")
    assert lookup.column_input.options[0] == ("Region", "region")
    lookup.roll()
    assert lookup.entry == table.entry(34, "event")
    lookup.column_input.value = "story"
    assert lookup.column == "story"
    assert f'data-column="story">{table.entry(34, "story")}<' in lookup.result.value


def test_table_lookup_hides_the_column_dropdown_for_a_single_column_table() -> None:
    one = TableLookup(load("voidlight-costs"), Chance(seed=1))
    two = TableLookup(load("voidlight-themes"), Chance(seed=1))
    assert one.column_input not in one.children[2].children
    assert two.column_input in two.children[2].children


def test_table_lookup_pick_shows_a_row_without_using_chance() -> None:
    source = Chance(seed=9)
    lookup = TableLookup(load("voidlight-themes"), source)
    lookup.row_input.value = 11
    lookup.pick_button.click()
    assert lookup.last == (11, load("voidlight-themes").lookup(11))
    assert source.steps == 0
    assert "Theme 2" in lookup.result.value


def test_table_lookup_bad_pick_shows_an_error_and_no_stale_row() -> None:
    """A refused row must not leave the previous row on screen as if it were the answer."""
    lookup = TableLookup(load("firelights-d66"), Supplied([34]))
    lookup.roll()
    lookup.row_input.value = 17
    lookup.pick_button.click()
    assert lookup.messages.is_error
    assert "got 17" in lookup.messages.text and "11..16" in lookup.messages.text
    assert lookup.last is None and "Glacier" not in lookup.result.value


def test_table_lookup_seeded_rolls_are_reproducible() -> None:
    table = load("firelights-d66")
    first, second = TableLookup(table, Chance(seed=3)), TableLookup(table, Chance(seed=3))
    assert [first.roll() for _ in range(3)] == [second.roll() for _ in range(3)]


def test_table_lookup_refuses_an_unknown_column() -> None:
    with pytest.raises(InvalidInput, match="'nope'"):
        TableLookup(load("voidlight-themes"), Chance(seed=1), column="nope")


def test_table_lookup_calls_its_hooks() -> None:
    lookup = TableLookup(load("firelights-d66"), Supplied([21]))
    seen: list[tuple[int, Mapping[str, str]]] = []
    lookup.on_lookup(lambda roll, row: seen.append((roll, row)))
    lookup.roll()
    lookup.pick(12)
    assert [roll for roll, _ in seen] == [21, 12]


def test_table_lookup_escapes_entries_from_data() -> None:
    from rules.table.tables import parse

    rows = "\n".join(
        f"{value},<b>x{value}</b>" for value in range(11, 67) if value % 10 in range(1, 7)
    )
    table = parse(f"d66,entry\n{rows}\n", "hostile")
    lookup = TableLookup(table, Supplied([11]))
    lookup.roll()
    assert "<b>x11</b>" not in lookup.result.value
    assert "&lt;b&gt;x11&lt;/b&gt;" in lookup.result.value
