"""Firelights' ending recaps the journey: the beacons lit, the Curses that came onto you and those
defeated, how often Fatigue filled up and how often you rested ("When you rest, fill an entry in
your Journey Book"), and what ended it: the sixth beacon, Fatigue marked while full ("or risk
extinguishing your light"), or too few cards for another action (house rule)."""

from __future__ import annotations

from dataclasses import replace

from rules.firelights import Choose, Discover, Evade, Rest, SensiblePlayer, available, recap
from rules.firelights.curses import CurseTrack
from rules.firelights.strategy import BEGIN
from rules.play.recap import states_of
from rules.record.journey import Journey
from widgets.firelights import FirelightsPanel


def test_the_recap_counts_what_the_states_show_exactly() -> None:
    """A journey's states, made by hand: Calamity comes onto you, Fatigue fills (4 → 5), you
    rest (an entry written), then Fatigue marked while full puts the light out."""
    journey = Journey.start("firelights", seed=3)
    journey.play(BEGIN)
    start = replace(journey.state, fatigue=4)
    cursed = replace(start, facing="Calamity", fatigue=5)
    rested = replace(cursed, fatigue=0, book=("a quiet night",))
    full = replace(rested, fatigue=5)
    perished = CurseTrack("Screecher", tuple(journey.state.deck.draw_pile[:8]))
    assert perished.perished
    out = replace(
        full, status="extinguished", curses=(*full.curses[:1], perished, *full.curses[2:])
    )
    assert recap([start, cursed, rested, full, out]) == (
        "Beacons lit: 0 of 6.",
        "Curses onto you: Calamity; defeated: Screecher.",
        "Fatigue filled up 2 times; you rested once.",
        "What ended it: Fatigue marked while your Fatigue was full extinguished your light.",
    )
    assert recap([start, cursed]) == ()  # still playing: no recap yet


def reckless(state):
    """Discover at every turn (resting only when the deck is too thin), the first option of
    every choice: a journey that runs out of cards."""
    if state.pending is not None:
        return Choose(state.pending.options[0]) if state.pending.options else Evade("forceful")
    return Discover("forceful") if "discover" in available(state) else Rest()


def test_a_complete_and_an_extinguished_journey_are_recapped_in_the_ending() -> None:
    for seed, player, ended in (
        (0, SensiblePlayer(), "What ended it: the sixth beacon was lit."),
        (
            1,
            reckless,
            "What ended it: too few cards were left to make another action: your light went out.",
        ),
    ):
        journey = Journey.start("firelights", seed=seed)
        journey.play(BEGIN)
        while not journey.state.over:
            journey.play(player(journey.state))
        told = recap(states_of(journey))
        assert told[0] == f"Beacons lit: {journey.state.beacons_lit} of 6."
        assert told[-1] == ended
        rests = sum(entry.action["kind"] == "rest" for entry in journey.entries)
        assert f"you rested {'once' if rests == 1 else f'{rests} times'}." in told[2]
        panel = FirelightsPanel(journey)
        for line in told:
            assert f"<li>{line}</li>" in panel.ending.value
        panel.close()
