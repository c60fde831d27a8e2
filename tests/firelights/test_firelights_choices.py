"""The choices the rules leave to the player, each option labelled with what it would do.

Rules (seed 000): Discover a Region "Upon Shade, add either one of the cards to your map. Upon
Darkness, the path is hidden. Add either one of the cards to your map, face down"; Fight a Curse
"Upon Shade, stack either one of the cards on the curse"; the Curses' doubled suits ("Red cards
♦♥ count as two stack cards"); RULES-NOTES "A Curse is onto you": pick it, or let the software
pick at random.
"""

from __future__ import annotations

from collections import Counter

from firelights_helpers import assert_refused, begun, play
from player import play_journey, random_seeds

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    Choose,
    Discover,
    Fight,
    Flee,
    Search,
    apply,
    hidden_path_names,
    option_text,
)
from rules.record.journey import Journey
from rules.table.chance import Chance

SHADE, DARKNESS, LIGHT = [3, 3], [1, 1], [6, 6]  # forceful +2: scores 8, 4, 14


def test_stack_choices_say_what_each_card_counts_on_the_curse() -> None:
    """Calamity: "Red cards ♦♥ count as two stack cards": K♦ counts 2, 2♣ counts 1."""
    journey = begun()
    play(journey, Fight("forceful", "Calamity"), ["2C", "KD"], SHADE)
    state = journey.state
    assert [option_text(state, o) for o in state.pending.options] == [  # type: ignore[union-attr]
        "2♣: 1 on Calamity (0/5 → 1/5)",
        "K♦: 2 on Calamity (0/5 → 2/5)",
    ]


def test_a_stack_choice_says_when_the_curse_would_perish() -> None:
    """ "When the number of cards of the stack matches the Curse's Strength, they fade away and
    perish": at 4 of 5, either card finishes Calamity."""
    journey = begun()
    play(journey, Fight("forceful", "Calamity"), ["2H", "3D"], LIGHT)
    play(journey, Fight("forceful", "Calamity"), ["2C", "KD"], SHADE)
    assert option_text(journey.state, "KD") == "K♦: 2 on Calamity (4/5 → 6/5, it perishes)"
    assert option_text(journey.state, "2C") == "2♣: 1 on Calamity (4/5 → 5/5, it perishes)"


def test_keep_choices_say_where_the_card_joins_the_map_and_whether_it_holds_a_beacon() -> None:
    """ "If the card you add to the map is a face card [...] that region includes a beacon"."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["7H", "QS"], [4, 5])
    assert option_text(journey.state, "7H") == "7♥: joins the map above 5♣"
    assert option_text(journey.state, "QS") == "Q♠: joins the map above 5♣ (a beacon)"


def test_hide_choices_name_the_hidden_path_each_card_would_become() -> None:
    journey = begun("5C")
    play(journey, Discover("forceful"), ["9C", "KD"], DARKNESS)
    play(journey, Choose("9C"))
    play(journey, Discover("forceful"), ["5H", "4D"], DARKNESS)
    assert option_text(journey.state, "5H") == "5♥: lies face down as hidden path B (left of 5♣)"
    assert option_text(journey.state, "4D") == "4♦: lies face down as hidden path B (below 5♣)"


def test_curse_choices_give_strength_and_count_and_random_lets_lantern_pick() -> None:
    journey = begun()
    play(journey, Fight("forceful", "Talon"), ["2H", "3S"], LIGHT)  # 3 of 13
    play(journey, Fight("forceful", "Talon"), ["4C", "6C"], LIGHT)  # 5 of 13
    play(journey, Flee())
    play(journey, Search("forceful"), ["6H", "KS"], DARKNESS)
    state = journey.state
    assert [option_text(state, o) for o in state.pending.options] == [  # type: ignore[union-attr]
        "Calamity (0/5)",
        "Screecher (0/8)",
        "Hollow (0/8)",
        "Talon (5/13)",
        "let Lantern pick at random",
    ]


def test_an_option_not_offered_is_refused_naming_it() -> None:
    journey = begun()
    assert_refused(IllegalAction, "'KD'", lambda: option_text(journey.state, "KD"))
    play(journey, Discover("forceful"), ["7H", "QS"], [4, 5])
    caught = assert_refused(InvalidInput, "'KD'", lambda: option_text(journey.state, "KD"))
    assert "7H or QS" in str(caught.value)


def test_each_label_says_what_choosing_it_does_over_whole_journeys() -> None:
    """Over the sensible player's journeys, every option of every keep, hide and stack choice is
    tried: the label foretells the report line, the hidden path's letter and the curse's count."""
    tried = Counter[str]()
    for seed in random_seeds(6, seed=5):
        journey = play_journey(seed)
        replay = Journey.start("firelights", seed)
        for entry in journey.entries:
            state = replay.state
            if state.pending is not None and state.pending.kind in ("keep", "hide", "stack"):
                for option in state.pending.options:
                    label = option_text(state, option)
                    after, report = apply(state, Choose(option), Chance(0))
                    card, did = label.split(": ", 1)
                    tried[state.pending.kind] += 1
                    if state.pending.kind == "keep":
                        line = did.replace(" (a beacon)", " — it holds a beacon")
                        assert report.lines[0] == f"{card} {line}"
                    elif state.pending.kind == "hide":
                        # One name in one moment: the option, the log and the map's name.
                        name = did.removeprefix("lies face down as ")
                        assert report.lines[0] == f"{name} lies face down"
                        assert name == dict(hidden_path_names(after))[after.world.regions[-1].at]
                    else:
                        track = after.curse(state.facing or "")
                        assert f"→ {track.count}/{track.curse.strength}" in did
            replay.play(replay.game.parse_action(entry.action), list(entry.chance))
    assert min(tried[kind] for kind in ("keep", "hide", "stack")) >= 4, tried
