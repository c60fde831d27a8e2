"""The campfire ring, the deck, the tent and the hands as HTML: a projection of an Embers state.

Everything shown is read from the state and the rules' odds (:func:`rules.embers.odds.spawn_lands`,
:func:`rules.embers.night_within`); nothing here decides a rule.
"""

from __future__ import annotations

from rules.embers import HOUSE_RULES, LOCATIONS, State, night_within, spawn_locations
from rules.embers.odds import spawn_comes, spawn_lands
from rules.embers.preview import danger, plural
from rules.embers.words import event_words, monster_words, side_words
from rules.errors import InvalidInput
from widgets.parts.theme import escape, percent

#: The icons of a monster (in fonts every browser has: no emoji needed).
FLAME, CLAW, PAW = "♨", "⚔", "➜"

__all__ = [
    "CLAW",
    "FLAME",
    "GRID",
    "PAW",
    "danger_html",
    "house_html",
    "info_html",
    "ring_html",
    "status_html",
]

#: Where each location sits in a 3×3 grid around the fire (row, column), N at the top.
GRID = {"NW": (0, 0), "N": (0, 1), "NE": (0, 2), "W": (1, 0), "E": (1, 2), "SW": (2, 0),
        "S": (2, 1), "SE": (2, 2)}  # fmt: skip

#: Each phase as the header names it.
PHASE_WORDS = {
    "setup": "Setup",
    "spawn": "Spawn",
    "actions": "Actions",
    "attacks": "Monster attacks",
    "reinforce": "Reinforce",
    "won": "Dawn: won",
    "lost": "Lost",
}


def house_html(key: str) -> str:
    """A house rule, in words, with its full text as the tooltip."""
    text = HOUSE_RULES[key]
    shown = escape(text)
    while shown.count("**") >= 2:
        shown = shown.replace("**", "<b>", 1).replace("**", "</b>", 1)
    while shown.count("*") >= 2:
        shown = shown.replace("*", "<i>", 1).replace("*", "</i>", 1)
    return (
        f'<span class="lantern-house" title="House rule ({escape(key)}): {escape(text)}">'
        f"House rule: {shown}</span>"
    )


def _next_spawn(state: State) -> tuple[tuple[str, ...], str]:
    """Where the next monster is likeliest to land, after stepping past the heroes where they
    stand now (ties all), and the odds of each place, exact in the tooltip with the locations
    on the cards that send it there."""
    if state.over or state.phase == "setup":
        return (), ""
    if not spawn_comes(state):
        return (), "none: the last hour, no monster spawns any more (end this turn to see dawn)"
    try:
        odds = spawn_lands(state)
    except InvalidInput:  # no fire card below the top: nothing to say
        return (), "no fire card left below the top"
    cards: dict[str, list[str]] = {}
    for spawn in spawn_locations(state, 1)[0]:
        cards.setdefault(spawn.lands, []).append(spawn.on_card)
    ordered = sorted(odds.items(), key=lambda kv: (-kv[1], LOCATIONS.index(kv[0])))
    parts = ", ".join(
        f'<span title="{escape(place)}: exactly {p}; the card names '
        f'{escape(" or ".join(sorted(cards[place], key=LOCATIONS.index)))}">'
        f"{escape(place)} {percent(p)}</span>"
        for place, p in ordered
    )
    best = ordered[0][1]
    return tuple(place for place, p in ordered if p == best), parts


def _monster(state: State, card: str) -> str:
    m = state.cards.card(card).monster
    icons = f'<span class="lantern-icons">{FLAME}{m.flames} {CLAW}{m.claws} {PAW}{m.moves}</span>'
    return (
        f'<span class="lantern-monster" title="{escape(monster_words(m))}">'
        f"{escape(m.name)} {icons}</span>"
    )


def _hero(state: State, hero: str) -> str:
    side = state.side(hero)
    acting = " lantern-hero-acting" if state.current == hero else ""
    points = dict(state.points)
    ap = f", {points[hero]} AP" if hero in points and state.phase == "actions" else ""
    tip = side_words(side, state.cards.hero(hero).level_2.name)
    if ap:
        tip += f" This turn: {plural(points[hero], 'action point')} left."
    # a promoted hero goes by its level-2 side's name ("Wise Woman"), the card's name beside it
    shown, card = (side.name, f"{hero}, ") if side.name != hero else (hero, "")
    return (
        f'<span class="lantern-hero{acting}" title="{escape(tip)}">{escape(shown)}</span> '
        f'<span class="lantern-muted">{escape(card)}L{side.level} ♥{side.health}{ap}</span>'
    )


def _cards(count: int) -> str:
    return plural(count, "card")


def danger_html(state: State) -> str:
    """The flames in play against the fire cards left, from :func:`rules.embers.preview.danger`:
    what a player counts on paper before the monsters attack ("" outside actions and attacks)."""
    if state.phase not in ("actions", "attacks") or state.bonus:
        return ""
    found = danger(state)
    flames = str(found.most) if found.least == found.most else f"{found.least} to {found.most}"
    cards = plural(found.cards, "fire card")
    if found.in_hand:
        cards += f" ({found.in_hand} from your hand, back to the deck at End actions)"
    night = " and the Night card" if found.night_in_deck else ""
    if found.goes_out:
        verdict = "every fire card burns: the fire goes out"
        verdict += " unless you defeat monsters or forage first" if state.phase == "actions" else ""
        css = " lantern-danger-out"
    elif found.may_go_out:
        verdict = "the targets you choose decide whether the fire goes out"
        css = " lantern-danger-out"
    else:
        verdict = f"{plural(found.cards - found.most, 'card')} to spare"
        css = ""
    tip = (
        "Every flame of an attack burns one card from the deck; the night is lost when no fire "
        "card is left to reveal (the Night card is not a fire card). Counted for the stacks "
        "still to attack, as they stand now."
    )
    return (
        f'<div class="lantern-danger{css}" title="{escape(tip)}"><b>Flames in play: {flames}</b>'
        f" — deck: {escape(cards)}{night}: {escape(verdict)}</div>"
    )


def ring_html(state: State) -> str:
    """The 8 locations (camp space above, wild space below) around the fire."""
    likeliest, _odds = _next_spawn(state)
    cells = [""] * 9
    for i, name in enumerate(LOCATIONS):
        row, col = GRID[name]
        hero = state.camp[i]
        camp = _hero(state, hero) if hero else '<span class="lantern-camp-empty">empty camp</span>'
        wild = "".join(_monster(state, card) for card in reversed(state.wild[i]))
        wild = wild or '<span class="lantern-muted">no monsters</span>'
        next_class = " lantern-next-spawn" if name in likeliest else ""
        cells[row * 3 + col] = (
            f'<div class="lantern-location lantern-loc-{name}{next_class}">'
            f'<div class="lantern-location-name">{name}</div>'
            f'<div class="lantern-camp">{camp}</div><div class="lantern-wild">{wild}</div></div>'
        )
    night = "set aside: the last hour" if state.last_hour else f"{state.hours} hours to dawn"
    cells[4] = (
        f'<div class="lantern-fire"><b>♨ the fire</b><span>deck {_cards(len(state.deck()))} '
        f"({state.fire_in_deck()} fire)</span><span>Night card: {escape(night)}</span></div>"
    )
    legend = (
        f'<div class="lantern-muted lantern-legend">{FLAME} flames (burn deck cards) · {CLAW} '
        f"claws (damage) · {PAW} movement points · ♥ health · AP action points · dashed: the "
        "likeliest place the next monster lands · the top monster of a stack is listed first</div>"
    )
    return f'<div class="lantern-ring">{"".join(cells)}</div>{legend}'


def info_html(state: State) -> str:
    """The deck, the next spawn's odds, the forage pile, the hand, the tent and the event."""
    _likeliest, odds = _next_spawn(state)
    event = "none yet" if state.turn == 0 else "none this turn"
    if state.event is None and state.difficulty == "recruit" and state.turn:
        event += " (at Recruit the events marked ! are ignored)"
    if state.event:
        card = state.cards.card(state.event)
        mark = " !" if card.mark else ""
        event = (
            f"<b>{escape(card.event.name)}</b>{mark}: {escape(event_words(card.event))} "
            f"(from {escape(state.event)})"
        )
    if state.top:
        top = state.cards.card(state.top)
        top_text = f"{escape(state.top)} (names {LOCATIONS[top.location]})"
    else:
        top_text = "none"
    if state.last_hour:
        night_next = "set aside (the last hour)"
    else:
        night_next = percent(night_within(state, 1)) if state.phase != "setup" else "—"
    lines = [
        f"<b>Deck</b>: {_cards(len(state.deck()))}, top {top_text}; Night card next draw: {night_next}",
        f"<b>Next spawn</b> (where it lands, past the heroes): {odds or '—'}",
        f"<b>Forage pile</b>: {len(state.forage)} ({escape(', '.join(state.forage)) or 'empty'})",
        f"<b>Hand</b>: {escape(', '.join(state.hand)) or 'empty'}",
        f"<b>Tent</b>: {escape(', '.join(state.tent)) or 'empty'}",
        f"<b>Event</b>: {event}",
    ]
    return '<div class="lantern-embers-info">' + "<br>".join(lines) + "</div>"


def status_html(state: State) -> str:
    """The header's status: the difficulty, the turn, the phase and the hours to dawn (HTML)."""
    phase = PHASE_WORDS.get(state.phase, state.phase)
    night = "last hour" if state.last_hour else f"{state.hours} h to dawn"
    return (
        f'<span class="lantern-status">{escape(state.difficulty.title())} · turn {state.turn} · '
        f'<span class="lantern-phase">{escape(phase)}</span> · {escape(night)}</span>'
    )
