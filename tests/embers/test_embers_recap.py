"""Embers' ending recaps the night: the cards the flames burned from the deck ("Each flame icon
burns the top card of the deck": onto the forage pile), the heroes sent to the tent (a defeated
hero "goes to the tent"), the closest call (the fewest fire cards left in the deck) and what
ended it, for a night won and a night lost."""

from __future__ import annotations

from rules.embers import Begin, recap
from rules.embers.players import heuristic
from rules.play.recap import states_of
from rules.record.journey import Journey
from widgets.embers import EmbersPanel


def begun(seed: int = 0) -> Journey:
    journey = Journey.start("embers", seed=seed, options={"difficulty": "recruit"})
    journey.play(Begin())
    return journey


def test_the_recap_counts_what_the_states_show_exactly() -> None:
    """Three states after the setup: two cards burned onto the forage pile and the Defender sent
    to the tent; then one card taken from the forage pile (foraged, not burned) and the deck
    run out. The setup's own hero in the tent and its first forage card are not counted."""
    journey = begun()
    setup, start = journey.game.initial(journey.options), journey.state
    assert (start.tent, start.fire_in_deck()) == (("Leader",), 7)
    run = start.segments[0]
    burned = start._replace(
        forage=(*start.forage, run[0], run[1]),
        segments=(run[2:], *start.segments[1:]),
        tent=(*start.tent, "Defender"),
    )
    assert burned.fire_in_deck() == 5
    ended = burned._replace(
        forage=burned.forage[:-1], phase="lost", reason="the deck ran out of fire cards", turn=3
    )
    assert recap([setup, start, burned, ended]) == (
        "Cards burned from the deck: 2.",
        "Heroes sent to the tent: 1 (Defender).",
        "Closest call: 5 fire cards left in the deck, on turn 1.",
        "What ended it: the deck ran out of fire cards (turn 3).",
    )
    assert recap([setup, start, burned]) == ()  # the night goes on: no recap yet


def play_out(seed: int) -> Journey:
    journey = begun(seed)
    while not journey.state.over:
        journey.play(heuristic(journey.state))
    return journey


def test_a_lost_and_a_won_night_are_recapped_in_the_ending() -> None:
    """Seed 0 (Recruit, the heuristic player) loses: the deck runs out; seed 7 wins at dawn.
    The heroes sent to the tent agree with the reports' own words ("to the tent")."""
    for seed, phase, ended in (
        (0, "lost", "What ended it: the deck ran out of fire cards (turn 3)."),
        (7, "won", "What ended it: dawn came after turn 6; the fire survived."),
    ):
        journey = play_out(seed)
        assert journey.state.phase == phase
        told = recap(states_of(journey))
        assert told[-1] == ended
        replayed = Journey.start("embers", seed=seed, options=dict(journey.options))
        reports = [replayed.play(replayed.game.parse_action(e.action)) for e in journey.entries]
        fell = sum(line.endswith("(level 1, to the tent)") for r in reports for line in r.lines)
        assert told[1].startswith(f"Heroes sent to the tent: {fell} (")
        panel = EmbersPanel(journey)
        shown = panel.ending.value
        assert 'class="lantern-ending-recap"' in shown
        for line in told:
            assert f"<li>{line}</li>" in shown
        panel.close()
