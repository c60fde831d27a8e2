"""Playing Firelights: what each action does to the state.

:func:`apply` is pure: it takes a state, an action and a chance source and returns the new state
and a :class:`~rules.firelights.report.Report` in words. What may be done now, and at what odds,
is :mod:`rules.firelights.moves`; an action the moves do not offer is refused before any card is
drawn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.errors import InvalidInput
from rules.firelights import actions as A
from rules.firelights.action_roll import Result, read
from rules.firelights.character import Character
from rules.firelights.moves import ACTION_CARDS, check, check_option, checked_modifier
from rules.firelights.offered import legal as offered
from rules.firelights.report import Report, outcome_of
from rules.firelights.state import FATIGUE_BOXES, State, locations, plain
from rules.firelights.summary import summary
from rules.firelights.turn import ACTION_DICE, Turn, place, reveal, stack
from rules.firelights.world import BEACONS
from rules.table import tables
from rules.table.cards import Card, codes
from rules.table.chance import Pick, Source

__all__ = ["GAME", "ROLLOUT", "TABLE", "Firelights", "advance", "apply", "apply_quietly"]

#: The oracle table an Ask reads (:func:`rules.table.tables.load` names).
TABLE = "firelights-d66"
# The three results as module names: an Action's effect asks which it got, and the
# interpreter reads a module's name faster than an Enum's member.
LIGHT, SHADE, DARKNESS = Result.LIGHT, Result.SHADE, Result.DARKNESS
#: The Oracle's answer for each result: "yes, and...", "yes, but...", "no, and...".
ANSWERS = {
    Result.LIGHT: "yes, and...",
    Result.SHADE: "yes, but...",
    Result.DARKNESS: "no, and...",
}


# --- the actions -----------------------------------------------------------------------------


def _begin(turn: Turn, action: A.Begin, chance: Source) -> None:
    character = Character(
        action.name, action.pronouns, action.forceful, action.patient, action.quick
    )
    turn.fields["character"] = character
    (card,), deck = turn.state.deck.draw(1, chance)
    turn.fields["deck"] = deck
    turn.say(f"{character.display_name} sets out")
    place(turn, card)
    if card.is_face:
        turn.say(
            f"the starting region {card.label} holds no beacon: beacons are found by Discover a Region"
        )


def _search(turn: Turn, action: A.Search, cards: tuple[Card, ...], result: Result) -> None:
    turn.discard(cards)
    state = turn.state
    if result is not DARKNESS:
        found = 2 if result is LIGHT else 1
        turn.fields["treasures"] = state.treasures + found
        if turn.lines is not None:  # a quiet turn builds no words (so throughout)
            turn.say(f"you find {found} treasure{'s' * (found > 1)} ({turn.state.treasures} held)")
        return
    turn.fatigue(1)
    if state.facing:
        turn.say(f"a Curse is onto you: {state.facing}, the Curse you face")
    elif not state.living_curses:
        turn.say("a Curse would be onto you, but every Curse has perished")
    elif not turn.state.over:
        turn.say("a Curse is onto you")
        options = (*state.living_curses, "random")
        turn.ask("curse", options, "Which Curse is onto you? (or random)")


#: What Buy Information gives for each result: precise, partial or ambiguous information.
INFORMATION = {
    Result.LIGHT: "you get precise information",
    Result.SHADE: "you get partial information",
    Result.DARKNESS: "you get ambiguous information",
}


def _buy(turn: Turn, action: A.BuyInformation, cards: tuple[Card, ...], result: Result) -> None:
    turn.discard(cards)
    turn.fields["treasures"] = turn.state.treasures - action.treasures
    if turn.lines is not None:
        turn.say(
            f"you spend {action.treasures} treasure{'s' * (action.treasures != 1)} "
            f"({turn.state.treasures} left)"
        )
        turn.say(INFORMATION[result])
    if action.target is not None and result is not DARKNESS:
        reveal(turn, action.target)


def _discover(turn: Turn, action: A.Discover, cards: tuple[Card, ...], result: Result) -> None:
    if result is LIGHT:
        for card in cards:
            place(turn, card)
        return
    options = codes(cards)
    if result is SHADE:
        turn.fields["in_play"] = cards
        turn.ask("keep", options, "Shade: choose which card joins your map")
        return
    if turn.lines is not None:
        turn.say("Darkness: the path is hidden")
    turn.fatigue(1)
    if turn.state.over:
        turn.discard(cards)
        return
    turn.fields["in_play"] = cards
    turn.ask("hide", options, "Choose which card lies face down as a hidden path")


def _fight(turn: Turn, action: A.Fight, cards: tuple[Card, ...], result: Result) -> None:
    turn.fields["facing"] = action.curse
    if result is LIGHT:
        stack(turn, cards)
    elif result is SHADE:
        turn.fields["in_play"] = cards
        prompt = f"Shade: choose which card to stack on {action.curse}"
        turn.ask("stack", codes(cards), prompt)
    else:
        turn.discard(cards)
        turn.ask("evade", (), "Darkness: you must Evade Danger")


def _evade(turn: Turn, action: A.Evade, cards: tuple[Card, ...], result: Result) -> None:
    turn.discard(cards)
    turn.fields["pending"] = None  # a Darkness on Fight asked for this Evade Danger; it is done
    if result is not LIGHT:
        turn.fatigue(1 if result is SHADE else 2)
    elif turn.lines is not None:
        turn.say("you avoid the danger")


def _ask(turn: Turn, action: A.Ask, cards: tuple[Card, ...], result: Result) -> None:
    turn.discard(cards)
    if turn.lines is not None:
        question = f"“{action.question}” " if action.question else ""
        turn.say(f"{question}the Oracle answers {ANSWERS[result]}")


def _confront(turn: Turn, action: A.Confront, cards: tuple[Card, ...], result: Result) -> None:
    turn.discard(cards)
    if result is DARKNESS:
        if turn.lines is not None:
            turn.say(
                "a setback" + (": the beacon stays dark" if action.purpose == "ignite" else "")
            )
        turn.fatigue(1)
        return
    if action.purpose == "ignite":
        assert turn.state.world.token is not None
        turn.fields["world"] = turn.state.world.light(turn.state.world.token)
        lit = turn.state.world.lit
        if turn.lines is not None:
            extra = " — with a complication: narrate it" if result is SHADE else ""
            turn.say(f"the beacon is lit ({lit}/{BEACONS}){extra}")
        if lit >= BEACONS:
            turn.fields["status"] = "complete"
            turn.say("all six beacons burn: the dead can cross the Veil. Your journey is complete")
    elif action.purpose == "reveal":
        assert action.target is not None
        reveal(turn, action.target)
        if result is SHADE and turn.lines is not None:
            turn.say("a partial success: it comes at a cost")
    elif turn.lines is not None:
        turn.say("a full success" if result is LIGHT else "a partial success")


#: What each Action does once its result is read.
EFFECTS: dict[type, Callable[[Turn, Any, tuple[Card, ...], Result], None]] = {
    A.Confront: _confront,
    A.Search: _search,
    A.BuyInformation: _buy,
    A.Discover: _discover,
    A.Fight: _fight,
    A.Evade: _evade,
    A.Ask: _ask,
}


def _choose(turn: Turn, action: A.Choose, chance: Source) -> None:
    pending = turn.state.pending
    assert pending is not None
    option = check_option(turn.state, action.option)
    turn.fields["pending"] = None
    if pending.kind == "curse":
        if option == "random":
            option = chance.resolve(Pick(tuple(o for o in pending.options if o != "random")))
        turn.fields["facing"] = option
        if turn.lines is not None:
            turn.say(f"{option} is onto you")
        return
    chosen = Card.parse(option)
    other = tuple([card for card in turn.state.in_play if card != chosen])
    turn.fields["in_play"] = ()
    if pending.kind == "stack":
        stack(turn, (chosen,))
    else:
        place(turn, chosen, face_up=pending.kind == "keep")
    turn.discard(other)


def apply(state: State, action: Any, chance: Source) -> tuple[State, Report]:
    """The state after ``action``, and a report of it. Refused actions raise and change nothing.

    The chance outcomes each action takes from ``chance``, in order (what a player enters "at the
    table", and what the record keeps):

    - Begin: one card code, a draw of one card (``["5C"]``), the starting region;
    - each of the seven Actions (Confront Risk, Search For Treasures, Buy Information, Discover a
      Region, Fight a Curse, Evade Danger, the Oracle): two card codes, a draw of two cards
      (``["7H", "KS"]``), then two d6 faces (``[3, 4]``). No Action draws more: what a Shade or a
      Darkness leaves to the player is a Choose, and Fight's Darkness asks for an Evade;
    - Choose: one pick, a Curse's name, only when answering "which Curse is onto you" with
      "random"; any other choice takes nothing;
    - Roll on the tables (Consult): one d66 roll (11..66);
    - Travel, Rest, Flee, Write on a slip: nothing.

    ``Report.outcome`` (:data:`rules.firelights.report.OUTCOMES`), by Light / Shade / Darkness:

    - Confront Risk: "full success" / "partial success" / "setback"; to ignite a beacon: "lit" /
      "lit with a complication" / "stays dark"; to reveal a hidden path: "revealed" / "revealed at
      a cost" / "setback";
    - Search For Treasures: "2 treasures" / "1 treasure" / "a curse is onto you";
    - Buy Information: "precise" / "partial" / "ambiguous";
    - Discover a Region: "both cards join the map" / "choose one" / "a hidden path";
    - Fight a Curse: "both stacked" / "choose one to stack" / "evade now";
    - Evade Danger: "avoided" / "1 fatigue" / "2 fatigue";
    - the Oracle: "yes, and" / "yes, but" / "no, and";
    - every other move: None.

    The outcome is what the result says; the lines tell what followed (a Fatigue marked while full
    extinguishes the light whatever the outcome)."""
    check(state, action)
    turn = Turn(state, [])
    report = (_action if type(action) in EFFECTS else _play)(turn, state, action, chance)
    assert report is not None  # a turn with lines writes its report
    return turn.state, report


def apply_quietly(state: State, action: Any, chance: Source) -> tuple[State, None]:
    """:func:`apply` without the report: the same checks, the same chance steps, the same new
    state. For a rollout (advice, :func:`~rules.firelights.strategy.chance_to_complete`), which
    reads no report: its text is never written."""
    check(state, action)
    turn = Turn(state, None)
    (_action if type(action) in EFFECTS else _play)(turn, state, action, chance)
    return turn.state, None


def advance(state: State, action: Any, chance: Source) -> State:
    """:func:`apply_quietly`'s new state alone, in the same three steps (check, turn, play): a
    rollout's step (advice), which would only take the pair apart again."""
    check(state, action)
    turn = Turn(state, None)
    (_action if type(action) in EFFECTS else _play)(turn, state, action, chance)
    return turn.state


def _play(turn: Turn, state: State, action: Any, chance: Source) -> Report | None:
    """What the checked ``action``, not one of the seven Actions' own classes (those go to
    :func:`_action` straight away: most of a journey), does to ``turn``'s new state, and its
    report (None when the turn is quiet)."""
    if isinstance(action, A.Begin):
        _begin(turn, action, chance)
        return _report(turn, action.title)
    if isinstance(action, A.Consult):
        table = tables.load(TABLE)
        table.entry(11, action.column)  # refuses an unknown column before rolling
        roll, row = table.roll(chance)
        entry = row[action.column]
        turn.say(f"{action.column.title()} table: d66 {roll} → {entry}")
        if state.world.token is not None:
            note = f"{action.column.title()}: {entry}"
            turn.fields["world"] = state.world.write(state.world.token, note)
            turn.say(f"noted on a slip on {state.world.current.card.label}")
        return _report(turn, action.title, d66=roll)
    if isinstance(action, A.Slip):
        text = action.text.strip() if isinstance(action.text, str) else ""
        if not text:
            raise InvalidInput(f"write a few words on the slip: {action.text!r} says nothing")
        turn.fields["world"] = state.world.write(state.world.current.at, text)
        turn.say(f"on a slip on {state.world.current.card.label}: {text}")
        return _report(turn, action.title)
    if isinstance(action, A.Choose):
        _choose(turn, action, chance)
    elif isinstance(action, A.Travel):
        turn.fields["world"] = state.world.travel(action.to)
        if turn.lines is not None:
            turn.say(f"you travel to {turn.state.world.current.card.label}")
    elif isinstance(action, A.Rest):
        _rest(turn, state, action)
    elif isinstance(action, A.Flee):
        turn.fields["facing"] = None
        if turn.lines is not None:
            count = state.curse(state.facing or "").count
            turn.say(f"you flee from {state.facing}; its stack persists ({count})")
    else:
        return _action(turn, state, action, chance)
    _stranded(turn)
    return None if turn.lines is None else _report(turn, action.title)


def _rest(turn: Turn, state: State, action: A.Rest) -> None:
    """Rest from ``state``: the discard pile shuffled back, Fatigue cleared, the entry kept."""
    deck = state.deck.reshuffle()
    turn.fields.update(deck=deck, fatigue=0, book=(*state.book, action.entry))
    if turn.lines is None:
        return
    turn.say(f"you rest: {len(state.deck.discard_pile)} discarded cards shuffled back "
             f"({len(deck.draw_pile)} in the Story Deck), Fatigue cleared")  # fmt: skip
    entry = action.entry.strip()
    turn.say(f"Journey Book: {entry}" if entry else "you rest without writing an entry")
    if state.facing:
        turn.say(f"{state.facing} is still onto you: resting does not end the fight")


def _action(turn: Turn, state: State, action: Any, chance: Source) -> Report | None:
    """One of the seven Actions: the roll, its effect, and the report with its outcome.

    The roll: draw the two cards, roll the Action Dice, and read the score against the cards."""
    bonus = checked_modifier(state, action)
    cards, turn.fields["deck"] = state.deck.draw(ACTION_CARDS, chance)
    dice = chance.resolve(ACTION_DICE)
    result = read(sum(dice) + bonus, cards)
    EFFECTS[type(action)](turn, action, cards, result)  # what its Light, Shade or Darkness does
    _stranded(turn)
    if turn.lines is None:
        return None
    purpose = getattr(action, "purpose", "risk")
    outcome = outcome_of(action.kind if purpose == "risk" else purpose, result)
    lines = tuple(turn.lines)
    asked = _asked(turn, state)
    return Report.made(
        action.title, lines, cards, dice, bonus, result, outcome=outcome, asked=asked
    )


def _asked(turn: Turn, state: State) -> str | None:
    """The prompt of the choice this action left (None when it left none)."""
    pending = turn.fields.get("pending")
    return None if pending is None or pending is state.pending else str(pending.prompt)


def _report(turn: Turn, title: str, d66: int | None = None) -> Report | None:
    """The report of a move that is not one of the seven Actions (None when the turn is quiet)."""
    return None if turn.lines is None else Report.made(title, tuple(turn.lines), d66=d66)


def _stranded(turn: Turn) -> None:
    """House rule: when the draw and discard piles together hold fewer than two cards, no action
    can ever be made again (the rest lie on the map and the curses): the light goes out."""
    state = turn.state
    if state.status != "playing" or state.pending is not None:  # over, or a choice waits
        return
    if len(state.deck.draw_pile) + len(state.deck.discard_pile) < 2:
        turn.fields["status"] = "extinguished"
        turn.say("too few cards are left to make another action: your light goes out (house rule)")


#: Options journeys saved earlier may carry, accepted and ignored: "push_on" was the creation
#: option to act while exhausted, retired when pushing on became a choice made at the moment.
RETIRED_OPTIONS = frozenset({"push_on"})


class Firelights:
    """The game as :mod:`rules.record.journey` plays it. It takes no options."""

    #: The game's name, as journeys record it.
    name = "firelights"

    def initial(self, options: Mapping[str, Any]) -> State:
        """The state before the first action; Firelights takes no options, and an old journey's
        retired ones are let through."""
        unknown = set(options) - RETIRED_OPTIONS
        if unknown:
            raise InvalidInput(
                "Firelights takes no options (pushing on is a choice made at the moment), "
                f"not {sorted(unknown)}"
            )
        retired = options.get("push_on", False)
        if type(retired) is not bool:  # ignored, but only ever saved as true or false
            raise InvalidInput(
                f"the retired option 'push_on' was true or false, got {retired!r:.60}"
            )
        return plain(State())  # its fields a plain dict: every state of the journey reads fast

    #: :func:`apply` itself, not a method calling it: a call less on every action.
    apply = staticmethod(apply)

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        """The action a journey's JSON holds (:func:`rules.firelights.actions.parse`), refused with
        a sentence when it is not one."""
        return A.parse(data)

    def check(self, state: State) -> None:
        """The invariants every state keeps (a loaded snapshot is checked against them): each
        of the 52 cards in exactly one place, treasures 0 or more, Fatigue 0 to 5."""
        locations(state)
        if type(state.treasures) is not int or state.treasures < 0:
            raise InvalidInput(f"treasures are 0 or more, not {state.treasures!r:.40}")
        if type(state.fatigue) is not int or not 0 <= state.fatigue <= FATIGUE_BOXES:
            raise InvalidInput(f"Fatigue is 0 to {FATIGUE_BOXES}, not {state.fatigue!r:.40}")
        if state.status not in ("playing", "complete", "extinguished"):
            raise InvalidInput(
                f"a journey is playing, complete or extinguished, not {state.status!r:.40}"
            )

    #: Every action open now, with its arguments (:mod:`rules.firelights.offered`).
    legal = staticmethod(offered)

    def summary(self, state: State) -> str:
        """Markdown for the exported Journey Book (its mechanics lines: each report's
        ``mechanics()``, as :func:`rules.book.log.describer` reads a game without a hook)."""
        return summary(state)


#: The game as :mod:`rules.record.journey` plays it.
GAME = Firelights()


class Rollout:
    """Firelights as a rollout plays it (:func:`rules.play.simulate.simulate`, advice): every
    check :func:`apply` makes, and no report, which nobody reads there (:func:`apply_quietly`).
    Its actions are the journey's game's (:meth:`Firelights.parse_action`)."""

    #: The same name as the journey's game, so a rollout's states read as its.
    name = GAME.name
    apply = staticmethod(apply_quietly)
    parse_action = staticmethod(A.parse)


#: The game as a rollout plays it: the same rules and checks, no reports.
ROLLOUT = Rollout()
