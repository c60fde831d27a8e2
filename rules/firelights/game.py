"""Playing Firelights: which moves are open now, and what each one does to the state.

:func:`apply` is pure: it takes a state, an action and a chance source and returns the new state
and a :class:`Report` in words. :func:`available` is the one place that says what may be done now;
:func:`odds` gives the exact chance of Light, Shade and Darkness before an action is taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules import tables
from rules.cards import Card
from rules.chance import Distribution, Pick, Source
from rules.dice import Roll
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import actions as A
from rules.firelights.action_roll import Result, read
from rules.firelights.action_roll import odds as _odds
from rules.firelights.character import Character, check_approach
from rules.firelights.curses import curse_named
from rules.firelights.state import FATIGUE_BOXES, Pending, State
from rules.firelights.summary import summary
from rules.firelights.world import BEACONS

__all__ = [
    "ACTION_CARDS",
    "GAME",
    "TABLE",
    "Firelights",
    "Report",
    "apply",
    "available",
    "can_roll",
    "fightable",
    "hidden_paths",
    "ignitable",
    "modifier",
    "odds",
    "odds_for",
    "why_not",
]

TABLE = "firelights-d66"
ROLLING = ("confront", "search", "buy", "discover", "fight", "evade", "ask")
ANSWERS = {
    Result.LIGHT: "yes, and...",
    Result.SHADE: "yes, but...",
    Result.DARKNESS: "no, and...",
}


@dataclass(frozen=True)
class Report:
    """What an action did: the cards, the dice, the result, and each change in words."""

    title: str
    lines: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    dice: tuple[int, ...] = ()
    modifier: int | None = None
    result: Result | None = None
    d66: int | None = None

    @property
    def score(self) -> int | None:
        return None if self.modifier is None else sum(self.dice) + self.modifier

    def mechanics(self) -> str:
        """One line for the Journey Book: ``Discover a Region +2: 7♥ Q♠ vs 4+5+2 = 11: Shade``."""
        text = self.title
        if self.d66 is not None:
            return "; ".join(self.lines)
        if self.result is not None:
            cards = " ".join(card.label for card in self.cards)
            dice = "+".join(map(str, self.dice))
            text += f" {self.modifier:+d}: {cards} vs {dice}{self.modifier:+d} = {self.score}: {self.result.value}"
        return text + ("; " + "; ".join(self.lines) if self.lines else "")


#: Cards an action draws ("Draw 2 cards face-up from your Story Deck").
ACTION_CARDS = 2


def can_roll(state: State) -> bool:
    """Whether the Story Deck holds the cards an action draws."""
    return len(state.deck.draw_pile) >= ACTION_CARDS


def ignitable(state: State) -> bool:
    """Whether your location holds an unlit beacon (Confront Risk may ignite it: house rule)."""
    if state.world.token is None:
        return False
    here = state.world.current
    return here.beacon and not here.lit


def fightable(state: State) -> tuple[str, ...]:
    """The Curses you may fight now: the one you face, else any living one (our reading of "If
    you encounter a Curse, you may confront them": you may seek one out)."""
    return (state.facing,) if state.facing else state.living_curses


def hidden_paths(state: State) -> tuple[tuple[int, int], ...]:
    """The cells of the hidden paths on the map (Confront Risk or Buy Information reveal them)."""
    return tuple(region.at for region in state.world.regions if not region.face_up)


def available(state: State) -> tuple[str, ...]:
    """The action kinds the rules offer now (the panel enables exactly these).

    Consulting the tables changes nothing in play, so it is always offered.
    """
    if state.over:
        return ("consult",)
    if state.character is None:
        return ("begin", "consult")
    can_draw = can_roll(state)
    if state.pending is not None:
        if state.pending.kind == "evade":
            return ("evade", "consult") if can_draw else ("rest", "consult")
        return ("choose", "consult")
    flee = ("flee",) if state.facing else ()
    if state.exhausted and not state.push_on:
        return ("rest", *flee, "consult")
    rolls = tuple(
        kind
        for kind in ROLLING
        if can_draw
        and (kind != "buy" or state.treasures > 0)
        and (kind != "fight" or fightable(state))
    )
    travel = ("travel",) if any(r.face_up for r in state.world.neighbours()) else ()
    return (*rolls, *travel, "rest", *flee, "consult")


def why_not(state: State, kind: str) -> str:
    """Why ``kind`` is not offered now, in words the panel can show."""
    if state.over:
        return f"the journey is over ({state.status})"
    if state.character is None:
        return "create your Firelight first (Begin)"
    if state.pending is not None:
        return state.pending.prompt
    if state.exhausted and not state.push_on:
        reason = "your Fatigue is full" if state.fatigue_full else "your Story Deck is empty"
        return f"{reason}: rest or flee (or turn on the push-on option)"
    if kind in ROLLING and not can_roll(state):
        return f"the Story Deck holds {len(state.deck.draw_pile)} card(s) and an action draws 2: rest first"
    if kind == "buy":
        return "you hold no treasures to spend"
    if kind == "fight":
        return "every Curse has perished"
    if kind == "travel":
        return "no revealed region touches your location"
    if kind == "flee":
        return "you face no Curse to flee from"
    return "it is not offered now"


def modifier(state: State, action: Any) -> int:
    """The modifier an action adds to the dice (approach, treasures or likelihood)."""
    if isinstance(action, A.BuyInformation):
        return action.treasures
    if isinstance(action, A.Ask):
        if action.likelihood not in A.LIKELIHOODS:
            raise InvalidInput(
                f"the Oracle's likelihood is one of {list(A.LIKELIHOODS)}, got {action.likelihood!r}"
            )
        return A.LIKELIHOODS[action.likelihood]
    if not hasattr(action, "approach"):
        raise InvalidInput(f"only the Actions roll against two cards: {action!r} has no modifier")
    if state.character is None:
        raise IllegalAction("create your Firelight first (Begin)")
    return state.character.modifier(action.approach)


def odds(state: State, action: Any) -> Distribution[Result]:
    """The exact odds of Light, Shade and Darkness for ``action``, from the cards left."""
    return _odds(state.deck.draw_pile, modifier(state, action))


def odds_for(state: State, bonus: int) -> Distribution[Result]:
    """The exact odds for a bare modifier (the odds explorer)."""
    return _odds(state.deck.draw_pile, bonus)


# --- helpers -------------------------------------------------------------------------------


@dataclass
class _Turn:
    """The state being built by one action, and the report lines so far."""

    state: State
    lines: list[str]

    def set(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)

    def say(self, line: str) -> None:
        self.lines.append(line)

    def fatigue(self, boxes: int) -> None:
        marked = self.state.fatigue + boxes
        if marked > FATIGUE_BOXES and self.state.push_on:
            self.set(fatigue=FATIGUE_BOXES, status="extinguished")
            self.say("Fatigue marked past full: your light is extinguished (push on, house rule)")
            return
        self.set(fatigue=min(marked, FATIGUE_BOXES))
        self.say(f"mark {boxes} Fatigue ({self.state.fatigue}/{FATIGUE_BOXES})")
        if self.state.fatigue_full:
            self.say("your Fatigue is full: rest or flee")

    def discard(self, cards: tuple[Card, ...]) -> None:
        self.set(deck=self.state.deck.discard(cards))

    def ask(self, kind: str, options: tuple[str, ...], prompt: str) -> None:
        self.set(pending=Pending(kind, options, prompt))
        self.say(prompt)


def _action_roll(
    turn: _Turn, bonus: int, chance: Source
) -> tuple[tuple[Card, ...], tuple[int, ...], Result]:
    cards, deck = turn.state.deck.draw(2, chance)
    dice = chance.resolve(Roll(2))
    turn.set(deck=deck)
    return cards, dice, read(sum(dice) + bonus, cards)


def _check_hidden(state: State, target: tuple[int, int] | None) -> None:
    if target is None or target not in state.world:
        raise InvalidInput(f"reveal needs the cell [x, y] of a hidden path, got {target!r}")
    if state.world[target].face_up:
        raise IllegalAction(f"the region at {target!r} is not a hidden path")


def _place(turn: _Turn, card: Card, face_up: bool = True) -> None:
    world = turn.state.world.place(card, face_up=face_up)
    region = world.regions[-1]
    turn.set(world=world)
    if not face_up:
        turn.say(f"a hidden path lies face down at {list(region.at)}")
        return
    beacon = " — it holds a beacon" if region.beacon else ""
    turn.say(f"{card.label} joins the map at {list(region.at)}{beacon}")


def _reveal(turn: _Turn, target: tuple[int, int]) -> None:
    world = turn.state.world.reveal(target)
    region = world[target]
    turn.set(world=world)
    beacon = " — it holds a beacon" if region.beacon else ""
    turn.say(f"the hidden path at {list(target)} is revealed: {region.card.label}{beacon}")


def _stack(turn: _Turn, cards: tuple[Card, ...]) -> None:
    assert turn.state.facing is not None
    track = turn.state.curse(turn.state.facing).add(cards)
    turn.state = turn.state.with_curse(track)
    labels = " ".join(card.label for card in cards)
    turn.say(f"{labels} stacked on {track.name}: {track.count}/{track.curse.strength}")
    if track.perished:
        turn.set(facing=None)
        turn.say(f"{track.name} fades away and perishes")


# --- the actions -----------------------------------------------------------------------------


def _begin(turn: _Turn, action: A.Begin, chance: Source) -> None:
    character = Character(
        action.name, action.pronouns, action.forceful, action.patient, action.quick
    )
    if type(action.push_on) is not bool:
        raise InvalidInput(f"push_on is true or false, got {action.push_on!r}")
    turn.set(character=character, push_on=turn.state.push_on or action.push_on)
    (card,), deck = turn.state.deck.draw(1, chance)
    turn.set(deck=deck)
    turn.say(f"{character.display_name} sets out")
    if turn.state.push_on:
        turn.say("push on (house rule): you may act while exhausted, at the risk of your light")
    _place(turn, card)
    if turn.state.world.regions[-1].beacon:
        turn.say("(house rule: the starting region counts as discovered, so it holds a beacon)")


def _roll_action(
    turn: _Turn, action: Any, chance: Source
) -> tuple[tuple[Card, ...], tuple[int, ...], Result]:
    cards, dice, result = _action_roll(turn, modifier(turn.state, action), chance)
    state = turn.state
    if isinstance(action, A.Confront):
        _confront(turn, action, cards, result)
    elif isinstance(action, A.Search):
        turn.discard(cards)
        if result is Result.DARKNESS:
            turn.fatigue(1)
            if state.facing:
                turn.say(f"a Curse is onto you: {state.facing}, the Curse you face")
            elif not state.living_curses:
                turn.say("a Curse would be onto you, but every Curse has perished")
            elif not turn.state.over:
                turn.say("a Curse is onto you")
                turn.ask(
                    "curse",
                    (*state.living_curses, "random"),
                    "Which Curse is onto you? (or random)",
                )
        else:
            found = 2 if result is Result.LIGHT else 1
            turn.set(treasures=state.treasures + found)
            turn.say(f"you find {found} treasure{'s' * (found > 1)} ({turn.state.treasures} held)")
    elif isinstance(action, A.BuyInformation):
        turn.discard(cards)
        turn.set(treasures=state.treasures - action.treasures)
        turn.say(f"you spend {action.treasures} treasure(s) ({turn.state.treasures} left)")
        turn.say({Result.LIGHT: "you get precise information", Result.SHADE: "you get partial information",
                  Result.DARKNESS: "you get ambiguous information"}[result])  # fmt: skip
        if action.target is not None and result is not Result.DARKNESS:
            _reveal(turn, action.target)
    elif isinstance(action, A.Discover):
        if result is Result.LIGHT:
            for card in cards:
                _place(turn, card)
        else:
            turn.set(in_play=cards)
            if result is Result.SHADE:
                turn.ask("keep", tuple(map(str, cards)), "Shade: choose which card joins your map")
            else:
                turn.say("Darkness: the path is hidden")
                turn.fatigue(1)
                if not turn.state.over:
                    turn.ask(
                        "hide",
                        tuple(map(str, cards)),
                        "Choose which card lies face down as a hidden path",
                    )
    elif isinstance(action, A.Fight):
        turn.set(facing=action.curse)
        if result is Result.LIGHT:
            _stack(turn, cards)
        elif result is Result.SHADE:
            turn.set(in_play=cards)
            turn.ask(
                "stack",
                tuple(map(str, cards)),
                f"Shade: choose which card to stack on {action.curse}",
            )
        else:
            turn.discard(cards)
            turn.ask("evade", (), "Darkness: you must Evade Danger")
    elif isinstance(action, A.Evade):
        turn.discard(cards)
        if state.pending is not None:
            turn.set(pending=None)
        if result is Result.LIGHT:
            turn.say("you avoid the danger")
        else:
            turn.fatigue(1 if result is Result.SHADE else 2)
    elif isinstance(action, A.Ask):
        turn.discard(cards)
        question = f"“{action.question}” " if action.question else ""
        turn.say(f"{question}the Oracle answers {ANSWERS[result]}")
    return cards, dice, result


def _confront(turn: _Turn, action: A.Confront, cards: tuple[Card, ...], result: Result) -> None:
    turn.discard(cards)
    if result is Result.DARKNESS:
        turn.say("a setback" + (": the beacon stays dark" if action.purpose == "ignite" else ""))
        turn.fatigue(1)
        return
    if action.purpose == "ignite":
        assert turn.state.world.token is not None
        turn.set(world=turn.state.world.light(turn.state.world.token))
        lit = turn.state.world.lit
        extra = " — with a complication: narrate it" if result is Result.SHADE else ""
        turn.say(f"the beacon is lit ({lit}/{BEACONS}){extra}")
        if lit >= BEACONS:
            turn.set(status="complete")
            turn.say("all six beacons burn: the dead can cross the Veil. Your journey is complete")
    elif action.purpose == "reveal":
        assert action.target is not None
        _reveal(turn, action.target)
        if result is Result.SHADE:
            turn.say("a partial success: it comes at a cost")
    else:
        turn.say("a full success" if result is Result.LIGHT else "a partial success")


def _choose(turn: _Turn, action: A.Choose, chance: Source) -> None:
    pending = turn.state.pending
    assert pending is not None
    option = action.option
    if option not in pending.options:
        raise InvalidInput(f"{pending.prompt}: one of {list(pending.options)}, got {option!r}")
    turn.set(pending=None)
    if pending.kind == "curse":
        if option == "random":
            option = chance.resolve(Pick(tuple(o for o in pending.options if o != "random")))
        turn.set(facing=option)
        turn.say(f"{option} is onto you")
        return
    chosen = Card.parse(option)
    other = tuple(card for card in turn.state.in_play if card != chosen)
    turn.set(in_play=())
    if pending.kind == "stack":
        _stack(turn, (chosen,))
    else:
        _place(turn, chosen, face_up=pending.kind == "keep")
    turn.discard(other)


def _check(state: State, action: Any) -> None:
    """Refuse, before any card is drawn, what the state does not allow."""
    if action.kind not in available(state):
        raise IllegalAction(f"{action.title} is not possible now: {why_not(state, action.kind)}")
    if hasattr(action, "approach"):
        check_approach(action.approach)
    if isinstance(action, A.Confront):
        if action.purpose not in ("risk", "ignite", "reveal"):
            raise InvalidInput(
                f"Confront Risk's purpose is 'risk', 'ignite' or 'reveal', got {action.purpose!r}"
            )
        if action.purpose == "ignite" and not ignitable(state):
            here = state.world.current.card.label
            raise IllegalAction(f"your location {here} holds no unlit beacon to ignite")
        if action.purpose == "reveal":
            _check_hidden(state, action.target)
    if isinstance(action, A.BuyInformation):
        if type(action.treasures) is not int or action.treasures < 1:
            raise InvalidInput(
                f"Buy Information spends a whole number of treasures, 1 or more; got {action.treasures!r}"
            )
        if action.treasures > state.treasures:
            raise IllegalAction(
                f"you may spend 1 to {state.treasures} treasures, got {action.treasures!r}"
            )
        if action.target is not None:
            _check_hidden(state, action.target)
    if isinstance(action, A.Fight):
        curse_named(action.curse)  # an unknown name is malformed, whatever the state
        if action.curse not in state.living_curses:
            raise IllegalAction(f"you may fight {list(state.living_curses)}, got {action.curse!r}")
        if action.curse not in fightable(state):
            raise IllegalAction(
                f"you face {state.facing}: fight it or flee before facing {action.curse}"
            )
    if isinstance(action, A.Ask):
        modifier(state, action)


def apply(state: State, action: Any, chance: Source) -> tuple[State, Report]:
    """The state after ``action``, and a report of it. Refused actions raise and change nothing."""
    _check(state, action)
    turn = _Turn(state, [])
    if isinstance(action, A.Begin):
        _begin(turn, action, chance)
        return turn.state, Report(action.title, tuple(turn.lines))
    if isinstance(action, A.Consult):
        table = tables.load(TABLE)
        table.entry(11, action.column)  # refuses an unknown column before rolling
        roll, row = table.roll(chance)
        entry = row[action.column]
        turn.say(f"{action.column.title()} table: d66 {roll} → {entry}")
        return state, Report(action.title, tuple(turn.lines), d66=roll)
    if isinstance(action, A.Choose):
        _choose(turn, action, chance)
    elif isinstance(action, A.Travel):
        turn.set(world=state.world.travel(action.to))
        turn.say(f"you travel to {turn.state.world.current.card.label} at {list(action.to)}")
    elif isinstance(action, A.Rest):
        deck = state.deck.reshuffle()
        turn.set(deck=deck, fatigue=0, book=(*state.book, action.entry))
        turn.say(f"you rest: {len(state.deck.discard_pile)} discarded cards shuffled back "
                 f"({len(deck.draw_pile)} in the Story Deck), Fatigue cleared")  # fmt: skip
        entry = action.entry.strip()
        turn.say(f"Journey Book: {entry}" if entry else "you rest without writing an entry")
    elif isinstance(action, A.Flee):
        turn.set(facing=None)
        turn.say(
            f"you flee from {state.facing}; its stack persists ({state.curse(state.facing or '').count})"
        )
    else:
        bonus = modifier(state, action)
        cards, dice, result = _roll_action(turn, action, chance)
        _stranded(turn)
        return turn.state, Report(action.title, tuple(turn.lines), cards, dice, bonus, result)
    _stranded(turn)
    return turn.state, Report(action.title, tuple(turn.lines))


def _stranded(turn: _Turn) -> None:
    """House rule: when the draw and discard piles together hold fewer than two cards, no action
    can ever be made again (the rest lie on the map and the curses): the light goes out."""
    state = turn.state
    if state.over or state.pending is not None:
        return
    if len(state.deck.draw_pile) + len(state.deck.discard_pile) < 2:
        turn.set(status="extinguished")
        turn.say("too few cards are left to make another action: your light goes out (house rule)")


class Firelights:
    """The game as :mod:`rules.journey` plays it. Option ``push_on`` (house rule): act while exhausted."""

    name = "firelights"

    def initial(self, options: Mapping[str, Any]) -> State:
        unknown = set(options) - {"push_on"}
        if unknown:
            raise InvalidInput(f"Firelights options are ['push_on'], got {sorted(unknown)}")
        return State(push_on=bool(options.get("push_on", False)))

    def apply(self, state: State, action: Any, chance: Source) -> tuple[State, Report]:
        return apply(state, action, chance)

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        return A.parse(data)

    def summary(self, state: State) -> str:
        """Markdown for the exported Journey Book."""
        return summary(state)

    def describe(self, report: Report) -> str:
        """The Journey Book's mechanics line of an action."""
        return report.mechanics()


GAME = Firelights()
