"""Firelights' character sheet and curse trackers, rendered as HTML from the state.

Projections only: every number shown comes from :class:`rules.firelights.State`.
"""

from __future__ import annotations

from rules.firelights import APPROACHES, BEACONS, FATIGUE_BOXES, State
from rules.firelights.curses import curse_named
from widgets.parts.card_view import cards_html
from widgets.parts.theme import escape

__all__ = ["curses_html", "sheet_html", "status_html"]


def _boxes(marked: int, total: int) -> str:
    boxes = "".join(
        f'<span class="lantern-box{" lantern-box-marked" if i < marked else ""}"></span>'
        for i in range(total)
    )
    return f'<span class="lantern-boxes" title="{marked} of {total} marked">{boxes}</span>'


def sheet_html(state: State) -> str:
    """Name, pronouns, the three approaches, treasures and the five Fatigue boxes."""
    character = state.character
    if character is None:
        return '<div class="lantern-sheet lantern-muted">No Firelight yet: create one below.</div>'
    approaches = " · ".join(f"{name} <b>{character.modifier(name):+d}</b>" for name in APPROACHES)
    pronouns = (
        f' <span class="lantern-muted">({escape(character.pronouns)})</span>'
        if character.pronouns.strip()
        else ""
    )
    return (
        '<div class="lantern-sheet">'
        f'<div class="lantern-sheet-name">{escape(character.name)}{pronouns}</div>'
        f"<div>Approaches: {approaches}</div>"
        f'<div>Treasures: <b class="lantern-treasures">{state.treasures}</b></div>'
        f'<div class="lantern-fatigue">Fatigue: {_boxes(state.fatigue, FATIGUE_BOXES)} '
        f"{state.fatigue}/{FATIGUE_BOXES}</div>"
        "</div>"
    )


def status_html(state: State) -> str:
    """One line: beacons lit, cards left, the curse you face, the journey's end if reached."""
    deck = state.deck
    parts = [
        f"Beacons lit <b>{state.beacons_lit}/{BEACONS}</b>",
        f"Story Deck <b>{len(deck.draw_pile)}</b> cards, {len(deck.discard_pile)} discarded",
    ]
    if state.facing:
        parts.append(f'Facing <b class="lantern-facing">{escape(state.facing)}</b>')
    if state.status == "complete":
        parts.append('<b class="lantern-end">Journey complete: all six beacons burn</b>')
    elif state.status == "extinguished":
        parts.append('<b class="lantern-end">Your light is extinguished</b>')
    return f'<div class="lantern-status">{" · ".join(parts)}</div>'


def curses_html(state: State) -> str:
    """A tracker per curse: Strength, stack count, doubled suits and the stacked cards."""
    rows = []
    for track in state.curses:
        curse = curse_named(track.name)
        shown = min(track.count, curse.strength)
        percent = 100 * shown // curse.strength
        classes = "lantern-curse"
        if track.perished:
            classes += " lantern-curse-perished"
        if state.facing == track.name:
            classes += " lantern-curse-facing"
        status = "perished" if track.perished else f"{track.count}/{curse.strength}"
        rows.append(
            f'<div class="{classes}" data-curse="{escape(track.name)}" title="{escape(curse.description)}">'
            f'<div class="lantern-curse-head"><b>{escape(track.name)}</b> '
            f"Strength {curse.strength} · {escape(curse.doubled)} count double · "
            f'<span class="lantern-curse-count">{status}</span></div>'
            f'<div class="lantern-bar"><div style="width:{percent}%"></div></div>'
            f"{cards_html(track.stack) if track.stack else ''}</div>"
        )
    return f'<div class="lantern-curses">{"".join(rows)}</div>'
