"""Embers (Button Shy): survive the night around the campfire, 18 cards, solo.

Lantern ships an original card set of its own (``rules/data/embers-original.toml``); a player who
owns the game loads their own file in the same format (:mod:`rules.embers.cards`).

What lives here: the card set and its loading, the state, ``legal`` and its refusals, ``apply``,
the exact odds of spawns and the Night card, the house rules, the heuristic and search players.
May import :mod:`rules.table`, :mod:`rules.record`, :mod:`rules.play`; never the Journey Book,
another game or a widget.

Main entry points:

- :data:`GAME`: Embers as a journey plays it; :func:`initial` and :func:`apply` play it on
  states, :func:`legal` lists the actions open now (:func:`why_not`: why another is not);
- :func:`shipped`, :func:`load` and :func:`loads`: the card set, Lantern's own or a file of yours;
- :func:`spawn_locations` and :func:`night_within`: the exact odds of where monsters land and
  when the Night card comes;
- :func:`heuristic`, :func:`win_rate` and :func:`advise`: a player, its win rate, and the moves
  ranked by their chance of surviving the night.

>>> from rules.table.chance import Chance
>>> state, report = apply(initial({"difficulty": "recruit"}), Begin(), Chance(1))
>>> state.phase, len(state.in_camp()), len(state.tent)
('actions', 4, 1)
>>> all(action in legal(state) for action in legal(state))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules.embers.actions import (
    ACTIONS,
    Act,
    Attack,
    Begin,
    EndActions,
    EndTurn,
    Promote,
    Reinforce,
    parse,
)
from rules.embers.card_changes import cards_change
from rules.embers.card_record import from_record, record
from rules.embers.cards import LOCATIONS, CardSet, load, loads, shipped
from rules.embers.game import Report, advance, apply, closest, distance, legal, why_not
from rules.embers.house_rules import HOUSE_RULES
from rules.embers.odds import (
    Spawn,
    next_cards,
    night_within,
    spawn_lands,
    spawn_location,
    spawn_locations,
)
from rules.embers.players import POLICIES, RandomPlayer, heuristic, win_rate
from rules.embers.recap import recap
from rules.embers.search import advise
from rules.embers.state import (
    AFTER_ATTACK,
    DIFFICULTIES,
    IMMEDIATELY,
    NIGHT,
    NIGHT_READINGS,
    State,
)
from rules.errors import InvalidInput
from rules.record.game_module import GameModule
from rules.record.markdown import escape

__all__ = [
    "ACTIONS",
    "DIFFICULTIES",
    "GAME",
    "HOUSE_RULES",
    "LOCATIONS",
    "NIGHT",
    "POLICIES",
    "Act",
    "Attack",
    "Begin",
    "CardSet",
    "EndActions",
    "EndTurn",
    "Promote",
    "RandomPlayer",
    "Reinforce",
    "Report",
    "Spawn",
    "State",
    "advance",
    "advise",
    "apply",
    "closest",
    "distance",
    "heuristic",
    "initial",
    "legal",
    "load",
    "loads",
    "next_cards",
    "night_within",
    "parse",
    "recap",
    "shipped",
    "spawn_lands",
    "spawn_location",
    "spawn_locations",
    "start_options",
    "summary",
    "table_names",
    "why_not",
    "win_rate",
]


def start_options(difficulty: str = "warrior", cards: str | Path | None = None) -> dict[str, Any]:
    """The options of a new journey: a card file's path becomes the card set itself
    (:func:`~rules.embers.card_record.record`), so the journey replays anywhere and an edited or moved
    file never changes it. A bad file or difficulty is refused now."""
    options: dict[str, Any] = {"difficulty": difficulty, "night": IMMEDIATELY}
    if cards is not None:
        options["cards"] = record(cards)
    initial(options)
    return options


def initial(options: Mapping[str, Any]) -> State:
    """The state before Begin. Options: "difficulty" (recruit, warrior, veteran; default
    warrior), "cards": the card set recorded by :func:`start_options` (default Lantern's
    original set; a path there is read from its file at every replay: records from before
    journeys kept their card set), and "night": when a Night card revealed mid-attack is
    resolved, "immediately" (as the rulebook says; every journey begun since Lantern read it so) or
    "after_attack" (the default: a record without it was played so, and replays so)."""
    unknown = set(options) - {"difficulty", "cards", "night"}
    if unknown:
        raise InvalidInput(
            f"Embers takes the options 'cards', 'difficulty', 'night', not {sorted(unknown)}"
        )
    night = options.get("night", AFTER_ATTACK)
    if night not in NIGHT_READINGS:
        raise InvalidInput(
            f"the 'night' option is {' or '.join(map(repr, NIGHT_READINGS))}, not {night!r}"
        )
    difficulty = options.get("difficulty", "warrior")
    if difficulty not in DIFFICULTIES:
        raise InvalidInput(
            f"the difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
        )
    given = options.get("cards")
    if given is None:
        cards = shipped()
    elif isinstance(given, str):
        cards = load(given)
    else:
        cards = from_record(given)
    return State(cards, difficulty, night=night)


def summary(state: State) -> str:
    """The ring, the deck and the tent in Markdown."""
    lines = [
        f"**Embers**, {state.difficulty}, turn {state.turn}, {state.phase}; "
        f"{state.hours} hours to dawn{' (last hour)' if state.last_hour else ''}",
        "",
        "| location | camp | wild |",
        "|---|---|---|",
    ]
    for i, name in enumerate(LOCATIONS):
        hero = state.camp[i]
        shown = f"{escape(hero)} (level {state.level(hero)})" if hero else ""
        wild = ", ".join(escape(state.cards.card(c).monster.name) for c in state.wild[i])
        lines.append(f"| {name} | {shown} | {wild} |")
    lines += [
        "",
        f"Deck: {len(state.deck())} cards, top {state.top}; forage pile {len(state.forage)}; "
        f"tent: {', '.join(map(escape, state.tent)) or 'empty'}",
    ]
    return "\n".join(lines)


def table_names(cards: CardSet) -> tuple[str, ...]:
    """The names a player reads on the real cards, for "At the table": the fire cards (each card
    revealed on top of the deck) and the heroes (Begin places them), in the card file's order."""
    return tuple(card.name for card in cards.fire) + tuple(hero.name for hero in cards.heroes)


def record_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as a new journey keeps them: a card file's path (``str`` or ``Path``) becomes
    the card set itself (:func:`start_options`); a recorded set stays as it is. A new journey
    reads the Night card "immediately" unless it says otherwise."""
    found = {"night": IMMEDIATELY, **options}
    if isinstance(found.get("cards"), str | Path):
        found["cards"] = record(found["cards"])
    return found


#: The game as :mod:`rules.record.journey` plays it (see :func:`initial` for the options).
GAME = GameModule(
    "embers",
    initial,
    apply,
    parse,
    summary,
    record_options=record_options,
    option_changes={"cards": cards_change},
    legal=legal,
)
