"""Where a Firelights journey stands, in Markdown, for the exported Journey Book.

>>> from rules.record.journey import Journey
>>> from rules.firelights import Begin
>>> journey = Journey.start("firelights", seed=1)
>>> _ = journey.play(Begin("Wick", "she/her", 2, 1, 0), [["KS"]])
>>> print(summary(journey.state))
**Wick** (she/her) · forceful +2 · patient +1 · quick +0
<BLANKLINE>
Treasures 0 · Fatigue 0/5 · Beacons lit 0/6 · Story Deck 51 cards, 0 discarded
<BLANKLINE>
The World Map (◉ you are here, ☆ unlit beacon, ★ lit beacon, ? hidden path):
<BLANKLINE>
```
◉K♠
```
<BLANKLINE>
Curses: Calamity 0/5 · Screecher 0/8 · Hollow 0/8 · Talon 0/13
"""

from __future__ import annotations

from rules.firelights.character import APPROACHES
from rules.firelights.state import FATIGUE_BOXES, State
from rules.firelights.world import BEACONS, Region
from rules.record.markdown import escape

__all__ = ["ending", "summary"]


def ending(state: State) -> str | None:
    """What the journey achieved, in a sentence, once it is over; None while it goes on.

    >>> from dataclasses import replace
    >>> ending(State()) is None
    True
    >>> ending(replace(State(), status="complete"))
    'All six beacons burn: your journey is complete.'
    >>> ending(replace(State(), status="extinguished"))
    'Your light is extinguished, with 0 of 6 beacons lit and no Curse defeated.'
    """
    if not state.over:
        return None
    defeated = sum(track.perished for track in state.curses)
    curses = f"{defeated} Curse{'s' * (defeated != 1)}" if defeated else "no Curse"
    if state.status == "complete":
        with_curses = f", with {curses} defeated" if defeated else ""
        return f"All six beacons burn: your journey is complete{with_curses}."
    return (
        f"Your light is extinguished, with {state.beacons_lit} of {BEACONS} beacons lit "
        f"and {curses} defeated."
    )


def _cell(region: Region, here: bool) -> str:
    text = region.card.label if region.face_up else "?"
    if region.beacon:
        text += "★" if region.lit else "☆"
    return ("◉" if here else "") + text


def map_text(state: State) -> str:
    """The map as rows of card labels, top row first, columns aligned."""
    world = state.world
    if not world.regions:
        return "(no map yet)"
    xs = [r.at[0] for r in world.regions]
    ys = [r.at[1] for r in world.regions]
    cells = {r.at: _cell(r, r.at == world.token) for r in world.regions}
    width = max(len(text) for text in cells.values())
    rows = [
        " ".join(cells.get((x, y), ".").center(width) for x in range(min(xs), max(xs) + 1))
        for y in range(max(ys), min(ys) - 1, -1)
    ]
    return "\n".join(row.rstrip() for row in rows)


def summary(state: State) -> str:
    """The character, the tracks, the map and the curses, as Markdown."""
    parts = []
    character = state.character
    if character is not None:
        approaches = " · ".join(f"{a} {character.modifier(a):+d}" for a in APPROACHES)
        pronouns = f" ({escape(character.pronouns)})" if character.pronouns.strip() else ""
        parts.append(f"**{escape(character.name)}**{pronouns} · {approaches}")
    deck = state.deck
    parts.append(
        f"Treasures {state.treasures} · Fatigue {state.fatigue}/{FATIGUE_BOXES} · "
        f"Beacons lit {state.beacons_lit}/{BEACONS} · Story Deck {len(deck.draw_pile)} cards, "
        f"{len(deck.discard_pile)} discarded"
    )
    parts.append(
        "The World Map (◉ you are here, ☆ unlit beacon, ★ lit beacon, ? hidden path):\n\n"
        f"```\n{map_text(state)}\n```"
    )
    slips = [
        f"- {region.card.label}: " + "; ".join(map(escape, region.slips))
        for region in state.world.regions
        if region.slips
    ]
    if slips:
        parts.append("Slips on the map:\n\n" + "\n".join(slips))
    curses = " · ".join(
        f"{t.name} {'perished' if t.perished else f'{t.count}/{t.curse.strength}'}"
        for t in state.curses
    )
    parts.append(f"Curses: {curses}")
    the_end = ending(state)
    if the_end is not None:
        parts.append(f"**{the_end}**")
    return "\n\n".join(parts)
