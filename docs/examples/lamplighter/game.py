"""Lamplighter: a small push-your-luck game built on Lantern's kit, the guide's worked example.

Dusk on a rope bridge over a gorge. Six lamps hang along it, and you carry a flame and a can of
oil. **Light** the next lamp: roll the wind dice, and a 1 on any die is a gust that blows out
every lamp lit since you last shielded and spills a measure of oil. Or **Shield** the lamps lit
so far (one measure of oil): they are safe for good, and the night turns a card that sets the
wind for the next stretch (a breeze adds a die, a gale two). Shield all six lamps to cross; run
out of oil first and the bridge goes dark. You may also **Turn back** with what you have lit.

Everything here is plain Python on :mod:`rules.table` (chance and exact odds),
:mod:`rules.record` (actions, the game object) and :mod:`rules.play` (advice by rollouts): no
widgets, no Journey Book.

>>> from rules.table.chance import Chance
>>> state, report = apply(initial({}), Light(), Chance(seed=2))
>>> report.mechanics()
'Light the next lamp: the wind dice show 4 3; the lamp is lit (1 to shield)'
>>> legal(state)
(Light(), Shield(), TurnBack())
>>> light_odds(state)["gust"]
Fraction(11, 36)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple

from rules.errors import IllegalAction, InvalidInput
from rules.play.advice import Advice, Lookahead, estimate
from rules.record.action import Action, mechanics_line, parse_action
from rules.record.game_module import GameModule
from rules.table.chance import Pick, Source
from rules.table.dice import Roll
from rules.table.distribution import Distribution

__all__ = [
    "ACTIONS",
    "GAME",
    "LAMPS",
    "NIGHT_DECK",
    "OIL",
    "Light",
    "Report",
    "Shield",
    "State",
    "TurnBack",
    "advise",
    "apply",
    "initial",
    "legal",
    "light_odds",
    "night_odds",
    "parse",
    "steady",
    "summary",
]

# --- the components ---------------------------------------------------------------------------

#: Lamps along the bridge, measures of oil in the can, wind dice on a still evening.
LAMPS, OIL, WIND_DICE = 6, 6, 2
#: The extra wind dice each night card sets for the next stretch.
WIND: Mapping[str, int] = {"still": 0, "breeze": 1, "gale": 2}
#: The night deck: turned one card per Shield, gathered up again when the last card is turned.
NIGHT_DECK: tuple[str, ...] = ("breeze",) * 3 + ("gale",) * 2 + ("still",) * 4


# --- the state: a frozen dataclass of tuples and scalars, so a Journey Book can snapshot it ----


@dataclass(frozen=True)
class State:
    """Where the lamplighter stands on the bridge."""

    #: Lamps shielded: safe for good.
    lamps: int = 0
    #: Lamps lit since the last Shield: a gust blows them out.
    flames: int = 0
    #: Measures of oil left: a Shield spends one, a gust spills one.
    oil: int = OIL
    #: Extra wind dice the night's last card set for this stretch.
    wind: int = 0
    #: The night cards still face down, sorted (their order is not known).
    deck: tuple[str, ...] = NIGHT_DECK
    #: "crossing", then "crossed", "dark" or "turned back".
    status: str = "crossing"

    @property
    def over(self) -> bool:
        """Whether the journey has ended, one way or another."""
        return self.status != "crossing"

    @property
    def dice(self) -> int:
        """How many wind dice the next Light rolls."""
        return WIND_DICE + self.wind


def check(state: State) -> None:
    """The invariants every state keeps (a Journey Book checks a stored snapshot with them)."""
    if not 0 <= state.lamps + state.flames <= LAMPS or min(state.lamps, state.flames) < 0:
        raise InvalidInput(f"{state.lamps} shielded and {state.flames} lit of {LAMPS} lamps")
    if not 0 <= state.oil <= OIL or state.wind not in WIND.values():
        raise InvalidInput(f"oil {state.oil} of {OIL}, wind {state.wind}: out of range")
    if state.over != (state.lamps == LAMPS or state.oil == 0 or state.status == "turned back"):
        raise InvalidInput(f"{state.status!r} with {state.lamps} lamps and {state.oil} oil")
    if any(state.deck.count(card) > NIGHT_DECK.count(card) for card in set(state.deck)):
        raise InvalidInput(f"the night deck {state.deck} is not part of {NIGHT_DECK}")


# --- the actions: frozen dataclasses on rules.record.action.Action (JSON in and out) ----------


@dataclass(frozen=True)
class Light(Action):
    """Push: roll the wind dice to light the next lamp."""

    kind: ClassVar[str] = "light"
    title: ClassVar[str] = "Light the next lamp"


@dataclass(frozen=True)
class Shield(Action):
    """Bank: spend a measure of oil to make the lit lamps safe; then turn a night card."""

    kind: ClassVar[str] = "shield"
    title: ClassVar[str] = "Shield the lamps"


@dataclass(frozen=True)
class TurnBack(Action):
    """End the journey with the lamps shielded so far."""

    kind: ClassVar[str] = "turn_back"
    title: ClassVar[str] = "Turn back"


#: Each action's ``kind`` and its class, as a journey's record names them.
ACTIONS: Mapping[str, type[Action]] = {cls.kind: cls for cls in (Light, Shield, TurnBack)}


def parse(data: Mapping[str, Any]) -> Action:
    """An action from its JSON form (unknown kinds and fields are refused by name)."""
    found: Action = parse_action(data, ACTIONS, game="Lamplighter")
    return found


def legal(state: State) -> tuple[Action, ...]:
    """The actions the rules allow now: what the panel offers and ``apply`` accepts."""
    if state.over:
        return ()
    moves: list[Action] = []
    if state.lamps + state.flames < LAMPS:
        moves.append(Light())
    if state.flames:
        moves.append(Shield())
    return (*moves, TurnBack())


# --- exact odds: a Distribution of Fractions, from the same chance steps apply() resolves ------


def light_odds(state: State) -> Distribution[str]:
    """The exact chance that Light lights the lamp or meets a gust (a 1 on any wind die).

    >>> light_odds(State(wind=1))["gust"]  # three dice: 1 - (5/6) ** 3
    Fraction(91, 216)
    """
    return Roll(state.dice).distribution().map(lambda faces: "gust" if 1 in faces else "lit")


def night_odds(state: State) -> Distribution[str]:
    """The exact chance of each night card the next Shield turns (the deck gathered when empty).

    >>> night_odds(State())["gale"]
    Fraction(2, 9)
    """
    return Pick(state.deck or NIGHT_DECK).distribution()


# --- playing an action: pure, refusing anything legal() does not list -------------------------


class Report(NamedTuple):
    """What an action did, in words; ``outcome`` names it for the panel ("lit", "gust", ...)."""

    title: str
    lines: tuple[str, ...]
    outcome: str

    def mechanics(self) -> str:
        """One line for the Journey Book's log."""
        return mechanics_line(self.title, self.lines)


def initial(options: Mapping[str, Any]) -> State:
    """The state before the first action. Lamplighter takes no options."""
    if options:
        raise InvalidInput(f"Lamplighter takes no options, got {sorted(options)}")
    return State()


def apply(state: State, action: Any, chance: Source) -> tuple[State, Report]:
    """The state after ``action`` and its report; chance comes only from ``chance``. Anything
    :func:`legal` does not offer is refused before anything changes."""
    if action not in legal(state):
        offered = ", ".join(move.title for move in legal(state)) or "nothing: the journey is over"
        raise IllegalAction(f"{getattr(action, 'title', action)} is not possible now; {offered}")
    if isinstance(action, Light):
        return _light(state, chance)
    if isinstance(action, Shield):
        return _shield(state, chance)
    lost = f" ({state.flames} unshielded go dark)" if state.flames else ""
    line = f"back to the bank with {state.lamps} of {LAMPS} lamps shielded{lost}"
    return replace(state, flames=0, status="turned back"), Report(action.title, (line,), "back")


def _light(state: State, chance: Source) -> tuple[State, Report]:
    """Roll the wind dice: a 1 on any die is a gust, else the next lamp is lit."""
    faces = chance.resolve(Roll(state.dice))
    rolled = f"the wind dice show {' '.join(map(str, faces))}"
    if 1 in faces:
        after = replace(state, flames=0, oil=state.oil - 1)
        out = f"{state.flames} lit lamp{'s' * (state.flames > 1)} blown out, "
        line = f"a gust: {out * (state.flames > 0)}a measure of oil spills ({after.oil} left)"
        return _ended(after), Report(Light.title, (rolled, line), "gust")
    lit = replace(state, flames=state.flames + 1)
    return lit, Report(Light.title, (f"{rolled}; the lamp is lit ({lit.flames} to shield)",), "lit")


def _shield(state: State, chance: Source) -> tuple[State, Report]:
    """The lit lamps are safe for a measure of oil; then the night turns a card (unless the
    journey ends here), the deck gathered again when it is empty."""
    shielded = replace(state, lamps=state.lamps + state.flames, flames=0, oil=state.oil - 1)
    lines = [f"{shielded.lamps} of {LAMPS} lamps shielded"]
    if shielded.lamps < LAMPS and shielded.oil:
        deck = list(state.deck or NIGHT_DECK)
        card = chance.resolve(Pick(tuple(deck)))
        deck.remove(card)
        shielded = replace(shielded, wind=WIND[card], deck=tuple(deck))
        lines.append(f"the night turns {card}: {shielded.dice} wind dice")
    return _ended(shielded), Report(Shield.title, tuple(lines), "shielded")


def _ended(state: State) -> State:
    """The state with its ending, when it has one: all lamps shielded, or the oil gone."""
    if state.lamps == LAMPS:
        return replace(state, status="crossed")
    return replace(state, status="dark") if state.oil == 0 else state


# --- advice: each move's chance to cross, by rollouts of a simple player (rules.play) ---------


def steady(state: State) -> Action:
    """A simple player: Light until two lamps burn unshielded (or none is left dark), then
    Shield. While crossing, one of the two is always offered."""
    if Light() in legal(state) and (state.flames < 2 or Shield() not in legal(state)):
        return Light()
    return Shield()


#: The game as Advice searches it: the moves, the rules, the simple player and the question.
LOOKAHEAD = Lookahead(
    moves=legal,
    step=lambda state, move, chance: apply(state, move, chance)[0],
    finish=steady,
    success=lambda state: state.status == "crossed" if state.over else None,
)


def advise(state: State, runs: int = 200, seed: int = 0) -> list[Advice]:
    """Each legal move's chance to cross when played now and ``steady`` plays the rest, by
    ``runs`` rollouts that draw from a generator of their own (the journey's chance is untouched)."""
    return estimate(LOOKAHEAD, state, runs=runs, seed=seed)


def summary(state: State) -> str:
    """The bridge in Markdown, for the exported Journey Book."""
    lamps = "●" * state.lamps + "◐" * state.flames + "○" * (LAMPS - state.lamps - state.flames)
    return f"**Lamplighter**, {state.status}: {lamps} — oil {state.oil}/{OIL}, {state.dice} dice"


#: The game as :mod:`rules.record.journey` plays it, found by name through the entry point its
#: package declares (``docs/examples/pyproject.toml``); ``legal`` is what random play picks from.
GAME = GameModule("lamplighter", initial, apply, parse, summary, check_state=check, legal=legal)
