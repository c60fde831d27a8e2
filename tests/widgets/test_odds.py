"""Odds views without a browser: exact frames, Agg-safe figures, and the explorer's reactions.

Every value in a frame is the exact Fraction the rules give, checked against numbers computed
here another way (counting, or the rulebook's own arithmetic).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pandas as pd
import pytest
from matplotlib.figure import Figure

from rules.errors import InvalidInput
from rules.firelights import State
from rules.firelights.action_roll import Result
from rules.table.cards import Card, Deck, full_deck, parse_cards
from rules.table.dice import sum_distribution
from widgets.firelights.odds import (
    OddsExplorer,
    chance_view,
    draw_pile,
    firelights_odds_frame,
    percent_view,
    plot_firelights_odds,
    plot_pool_hits,
    pool_hits_frame,
)

# --- the Firelights frame ------------------------------------------------------------------------


def light_by_counting(pile: tuple[Card, ...], modifier: int) -> Fraction:
    """Rules: "If your score is higher than both cards, there's Light." Every unordered pair of
    cards against every 2d6 sum, counted one by one."""
    pairs = list(combinations(pile, 2))
    wins = sum(
        p
        for total, p in sum_distribution(2).items()
        for a, b in pairs
        if total + modifier > max(a.rank, b.rank)
    )
    return Fraction(wins) / len(pairs)


def test_the_full_deck_frame_holds_the_exact_odds_by_modifier() -> None:
    frame = firelights_odds_frame()
    assert list(frame.index) == list(range(7)) and frame.index.name == "modifier"
    assert list(frame.columns) == ["Light", "Shade", "Darkness"]
    assert frame.loc[0, "Light"] == Fraction(484, 1989)
    assert frame.loc[2, "Light"] == light_by_counting(full_deck(), 2)
    for modifier in frame.index:
        assert sum(frame.loc[modifier]) == 1
        assert all(isinstance(p, Fraction) for p in frame.loc[modifier])


def test_the_odds_are_symmetric_between_plus_0_and_plus_1() -> None:
    """A full deck: Light at +0 is Darkness at +1 (484/1989), and Shade is the same."""
    frame = firelights_odds_frame(modifiers=[0, 1])
    assert frame.loc[0, "Light"] == frame.loc[1, "Darkness"] == Fraction(484, 1989)
    assert frame.loc[0, "Shade"] == frame.loc[1, "Shade"]


def test_a_frame_from_a_state_a_deck_or_codes_uses_that_pile() -> None:
    pile = parse_cards(["2C", "3D", "KS", "QH"])
    expected = firelights_odds_frame(pile, [1])
    state = replace(State(), deck=Deck(pile))
    for source in (state, Deck(pile), ["2C", "3D", "KS", "QH"], "2C 3D KS QH"):
        pd.testing.assert_frame_equal(firelights_odds_frame(source, [1]), expected)
    assert expected.loc[1, "Light"] == light_by_counting(pile, 1)
    assert draw_pile(None) == full_deck()


def test_frame_inputs_are_checked() -> None:
    with pytest.raises(InvalidInput, match=r"\['1'\]"):
        firelights_odds_frame(modifiers=["1"])  # type: ignore[list-item]
    with pytest.raises(InvalidInput, match="'XZ'"):
        firelights_odds_frame(["XZ", "KS"])


def test_percent_and_chance_views() -> None:
    frame = firelights_odds_frame(modifiers=[0])
    assert percent_view(frame).loc[0, "Light"] == 24.3
    assert chance_view(frame).loc[0, "Light"] == "484/1989 ≈ 24%"


# --- the dice pool frame -------------------------------------------------------------------------


def test_the_pool_frame_holds_exact_hits_by_dice_and_position() -> None:
    """Boundless v2: Standard hits on 5+ (1/3 a die): 2 dice miss both 4/9 of the time."""
    frame = pool_hits_frame()
    assert list(frame.index) == list(range(7))
    assert frame.loc[2, ("Standard 5+", "0 Hits")] == Fraction(4, 9)
    assert frame.loc[2, ("Standard 5+", "1 Hit")] == Fraction(4, 9)
    assert frame.loc[2, ("Standard 5+", "2+ Hits")] == Fraction(1, 9)
    assert frame.loc[3, ("Good 4+", "2+ Hits")] == Fraction(1, 2)
    assert frame.loc[6, ("Bad 6", "0 Hits")] == Fraction(5, 6) ** 6
    for count in frame.index:
        for position in ("Good 4+", "Standard 5+", "Bad 6"):
            assert sum(frame.loc[count, position]) == 1


def test_a_pool_of_0_dice_is_one_die_that_hits_on_6_in_every_position() -> None:
    """RULES-NOTES: "A roll of 0 dice: roll 1 die and only a 6 is a Hit." """
    row = pool_hits_frame(0).loc[0]
    for position in ("Good 4+", "Standard 5+", "Bad 6"):
        assert list(row[position]) == [Fraction(5, 6), Fraction(1, 6), 0]


@pytest.mark.parametrize("max_dice", [-1, 21, 2.0, True])
def test_pool_frame_refuses_a_bad_number_of_dice(max_dice: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        pool_hits_frame(max_dice)  # type: ignore[arg-type]
    assert repr(max_dice) in str(caught.value)


# --- plots ---------------------------------------------------------------------------------------


def test_the_plots_are_bare_figures_that_draw_without_pyplot(tmp_path: object) -> None:
    odds_figure = plot_firelights_odds()
    pool_figure = plot_pool_hits(4)
    assert isinstance(odds_figure, Figure) and isinstance(pool_figure, Figure)
    (axes,) = odds_figure.axes
    assert len(axes.patches) == 3 * 7  # a bar per result and modifier
    light = [bar.get_height() for bar in axes.containers[0]]
    assert light[0] == pytest.approx(100 * 484 / 1989)
    assert len(pool_figure.axes) == 3
    for figure, name in ((odds_figure, "odds.png"), (pool_figure, "pool.png")):
        path = tmp_path / name  # type: ignore[operator]
        figure.savefig(path)
        assert path.stat().st_size > 1000


# --- the explorer --------------------------------------------------------------------------------


def test_the_explorer_opens_on_a_full_deck_at_plus_0() -> None:
    explorer = OddsExplorer()
    assert "lantern-odds-explorer" in explorer._dom_classes
    assert explorer.odds[Result.LIGHT] == Fraction(484, 1989)
    assert "484/1989 ≈ 24%" in explorer.odds_view.value
    assert "52 cards" in explorer.pile_note.value
    assert "lantern-odds-bar" in explorer.odds_view.value
    assert not explorer.messages.is_error


def test_the_slider_changes_the_odds_shown() -> None:
    explorer = OddsExplorer()
    explorer.modifier.value = 2
    assert explorer.odds[Result.LIGHT] == Fraction(814, 1989)
    assert "814/1989" in explorer.odds_view.value and "+2" in explorer.pile_note.value


def test_cards_out_of_the_deck_change_the_odds_shown() -> None:
    """With the four Kings out, Light at +0 is counted from the 48 cards left."""
    explorer = OddsExplorer()
    explorer.out_input.value = "KH, KS kd Kc"
    left = tuple(card for card in full_deck() if card.rank != 13)
    assert explorer.odds[Result.LIGHT] == light_by_counting(left, 0)
    assert "48 cards" in explorer.pile_note.value
    assert not explorer.messages.is_error


@pytest.mark.parametrize(
    ("typed", "named"),
    [("KH XZ", "'XZ'"), ("QS QS", "'QS' is named twice"), ("7", "'7'")],
)
def test_a_bad_card_code_shows_an_error_not_a_traceback(typed: str, named: str) -> None:
    explorer = OddsExplorer()
    explorer.out_input.value = typed
    assert explorer.messages.is_error and named in explorer.messages.text
    assert "lantern-odds-table" not in explorer.odds_view.value
    assert explorer.odds is None
    explorer.out_input.value = ""  # fixed: the odds come back and the error goes
    assert not explorer.messages.is_error
    assert "484/1989" in explorer.odds_view.value


def test_a_card_not_in_the_draw_pile_and_too_few_cards_are_errors() -> None:
    state = replace(State(), deck=Deck(parse_cards(["2C", "3D", "KS"])))
    explorer = OddsExplorer(state)
    assert "3 cards" in explorer.pile_note.value
    explorer.out_input.value = "QH"
    assert "'QH' is not in the Story Deck's draw pile" in explorer.messages.text
    explorer.out_input.value = "2C 3D"
    assert "at least two cards" in explorer.messages.text


def test_setting_the_state_re_renders_the_odds() -> None:
    explorer = OddsExplorer()
    explorer.state = replace(State(), deck=Deck(parse_cards(["2C", "3D"])))
    assert "2 cards" in explorer.pile_note.value
    assert "given state" in explorer.simulation_note.value


def test_simulate_shows_the_completion_share_and_its_interval() -> None:
    explorer = OddsExplorer(runs=6, seed=2)
    explorer.simulate_button.click()
    result = explorer.simulation
    assert result is not None and result.runs == 6 and result.seed == 2
    shown = explorer.simulation_view.value
    assert f"Completed {result.count('complete')} of 6 journeys" in shown
    assert "95% interval" in shown
    assert not explorer.simulate_button.disabled
    explorer.simulate_button.click()
    assert explorer.simulation == result  # the same seed: the same answer


def test_a_simulation_error_shows_in_the_messages() -> None:
    explorer = OddsExplorer()
    explorer._state = "not a state"  # type: ignore[assignment]
    explorer.simulate_button.click()
    assert explorer.messages.is_error and "'not a state'" in explorer.messages.text
    assert explorer.simulation is None and explorer.simulation_view.value == ""
    assert not explorer.simulate_button.disabled


def test_modifiers_may_be_any_iterable_even_a_generator() -> None:
    frame = firelights_odds_frame(modifiers=(m for m in (0, 3)))
    assert list(frame.index) == [0, 3]
