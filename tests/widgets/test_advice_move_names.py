"""Advice names every move as the panel's own controls name it: a region by its card (the map's
button), a hidden path by the name the Confront and Reveal dropdowns give it, a Check by its
button's words; never by the map's grid coordinates ("Travel to 0,0")."""

from __future__ import annotations

import re

from rules.firelights import SensiblePlayer, move_words
from rules.firelights import actions as A
from rules.firelights.search import choices
from rules.firelights.strategy import BEGIN
from rules.record.journey import Journey
from rules.voidlight import Beam, Check, CreateRandom
from widgets.firelights import FirelightsPanel
from widgets.voidlight import VoidlightPanel

#: A cell written as the grid's coordinates: "0,0", "6,-1".
COORDINATES = re.compile(r"-?\d+,\s?-?\d+")


def firelights_with_a_hidden_path() -> FirelightsPanel:
    """Seed 0 after the sensible player's first seven actions: a hidden path to reveal, a
    region to travel to, Curses to fight."""
    journey = Journey.start("firelights", seed=0)
    journey.play(BEGIN)
    player = SensiblePlayer()
    for _ in range(7):
        journey.play(player(journey.state))
    panel = FirelightsPanel(seed=0)
    panel.journey.extend(journey.entries)
    panel.render()
    return panel


def test_firelights_advice_names_regions_and_hidden_paths_as_the_controls_do() -> None:
    panel = firelights_with_a_hidden_path()
    state = panel.state
    moves = choices(state)
    kinds = {type(move) for move in moves}
    assert {A.Confront, A.Travel, A.Fight, A.Rest} <= kinds
    hook = panel.advice.hook
    options = dict(panel.bar.confront_input.options)  # words -> value, as the dropdown lists
    for move in moves:
        said = hook.label(state, move)
        assert said == move_words(state, move)
        assert not COORDINATES.search(said), said
        if isinstance(move, A.Travel):  # the map's button for that region says the same card
            cell = panel.map.cells[move.to].description
            assert said == f"Travel to {cell.split()[0]}", (said, cell)
        if isinstance(move, A.Confront) and move.purpose == "reveal":
            name = next(words for words, value in options.items() if value.startswith("reveal:"))
            assert said == f"Confront Risk, {move.approach.title()}: reveal {name}"
            assert name.startswith("hidden path A (")
    panel.close()


def test_firelights_buy_information_says_treasure_once_and_in_the_singular_for_one() -> None:
    panel = firelights_with_a_hidden_path()
    state = panel.state
    (at,) = state.world.hidden
    path = dict(panel.bar.reveal_input.options)
    name = next(words for words, value in path.items() if value)
    assert move_words(state, A.BuyInformation(1, at)) == (
        f"Buy Information: reveal {name}, spend 1 treasure"
    )
    assert move_words(state, A.BuyInformation(2)) == "Buy Information: spend 2 treasures"
    panel.close()


def test_voidlight_advice_names_a_check_and_a_beam_as_their_buttons_do() -> None:
    panel = VoidlightPanel(seed=5)
    panel.act(CreateRandom("Ash", ""))
    state = panel.state
    hook = panel.advice.hook
    for name, button in panel.checks.check_buttons.items():
        assert hook.label(state, Check(name, "bad")) == f"{button.description}, bad"
    for mode, button in panel.light_bar.beam_buttons.items():
        assert hook.label(state, Beam(mode)) == button.description
    panel.close()
