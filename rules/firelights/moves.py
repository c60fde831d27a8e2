"""What may be done now, and at what odds: the one place that decides which moves are open.

:func:`available` lists the action kinds the rules offer in a state (a panel enables exactly
these), :func:`why_not` says in words why one is not, :func:`risk` what taking one now risks
(pushing on at full Fatigue), and :func:`odds` gives the exact chance of Light, Shade and Darkness
for an action before it is taken. :func:`option_text` labels the options of a pending choice,
:func:`hidden_path_names` names the hidden paths, and :func:`check` refuses an action before any
card is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import actions as A
from rules.firelights.action_roll import Result
from rules.firelights.action_roll import odds as _odds
from rules.firelights.character import APPROACHES, check_approach
from rules.firelights.curses import curse_named
from rules.firelights.state import State
from rules.firelights.world import around
from rules.table.cards import Card
from rules.table.chance import Distribution

__all__ = [
    "ACTION_CARDS",
    "KINDS",
    "ROLLING",
    "available",
    "can_roll",
    "check",
    "check_option",
    "checked_modifier",
    "fightable",
    "hidden_path_names",
    "hidden_paths",
    "ignitable",
    "modifier",
    "odds",
    "odds_for",
    "option_text",
    "refusal",
    "risk",
    "why_not",
]

#: The kinds of the seven Actions, the moves that roll against two cards.
ROLLING = ("confront", "search", "buy", "discover", "fight", "evade", "ask")

#: The Actions whose results mark Fatigue (Fight through the Evade Danger its Darkness asks for).
MARKS_FATIGUE = ("confront", "search", "discover", "fight", "evade")

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
    return state.world.hidden


def hidden_path_names(state: State) -> tuple[tuple[tuple[int, int], str], ...]:
    """Each hidden path's cell and the name a player knows it by, in order of placement: ``((1, 1),
    "hidden path A (above 5♣)")`` (see :meth:`~rules.firelights.world.WorldMap.describe`)."""
    return tuple((cell, state.world.describe(cell)) for cell in hidden_paths(state))


#: Every action kind, in the order :func:`available` lists them.
KINDS = ("begin", "choose", *ROLLING, "travel", "rest", "flee", "consult", "slip")


def available(state: State) -> tuple[str, ...]:
    """The action kinds the rules offer now (the panel enables exactly these).

    Consulting the tables and writing a slip on your location change nothing in play, so they
    are always offered (a slip once there is a map).
    """
    return tuple(kind for kind in KINDS if refusal(state, kind) is None)


def why_not(state: State, kind: str) -> str:
    """Why ``kind`` is not offered now, in words the panel can show."""
    return refusal(state, kind) or "it is not offered now"


def refusal(state: State, kind: str) -> str | None:
    """None when ``kind`` is offered now, else why not: the one place that decides it."""
    if kind == "consult":
        return None
    if state.character is None:
        return None if kind == "begin" else "create your Firelight first (Begin)"
    if kind == "slip":
        return None
    if state.status != "playing":  # state.over, read here: asked before every action
        done = (
            "all six beacons burn" if state.status == "complete" else "your light is extinguished"
        )
        return f"the journey is over: {done}"
    pending = state.pending
    if pending is not None:
        if pending.kind == "evade":
            follow_up = "evade" if can_roll(state) else "rest"
        else:
            follow_up = "choose"
        return None if kind == follow_up else pending.prompt
    if not state.deck.draw_pile:  # nothing to draw: no pushing on
        if kind == "rest" or (kind == "flee" and state.facing):
            return None
        return "your Story Deck is empty: rest or flee"
    # Fatigue full refuses nothing: "or risk extinguishing your light" (see risk()).
    if kind in ROLLING:
        held = len(state.deck.draw_pile)
        if held < ACTION_CARDS:  # not can_roll(state)
            cards = f"{held} card{'s' * (held != 1)}"
            return f"the Story Deck holds {cards} and an action draws {ACTION_CARDS}: rest first"
        if kind == "buy" and state.treasures <= 0:
            return "you hold no treasures to spend"
        if kind == "fight" and not fightable(state):
            return "every Curse has perished"
        return None
    if kind == "travel":
        world = state.world
        touching = world.token is not None and not world.revealed.isdisjoint(around(world.token))
        return None if touching else "no revealed region touches your location"
    if kind == "rest":
        return None
    if kind == "flee":
        return None if state.facing else "you face no Curse to flee from"
    return "it is not offered now"


def risk(state: State, kind: str) -> str | None:
    """The risk the panel shows beside ``kind`` taken now, or None when there is none.

    "When your fatigue is full [...] you have to rest or flee to live another day, or risk
    extinguishing your light": with Fatigue full the Actions stay offered, and any Fatigue marked
    then extinguishes the light (Fatigue marked from below stops at full, so there is no risk
    before the track is full). Buy Information and the Oracle mark no Fatigue; neither do the
    moves that draw no cards.

    >>> from rules.firelights.character import Character
    >>> wick = Character("Wick", "she/her", forceful=2, patient=1, quick=0)
    >>> risk(State(character=wick, fatigue=5), "discover")
    'push on: any Fatigue marked now extinguishes your light'
    >>> risk(State(character=wick, fatigue=4), "discover") is None
    True
    """
    if not state.fatigue_full or kind not in MARKS_FATIGUE or refusal(state, kind) is not None:
        return None
    if kind == "fight":
        return (
            "push on: on Darkness you must Evade Danger, and any Fatigue marked then "
            "extinguishes your light"
        )
    return "push on: any Fatigue marked now extinguishes your light"


def option_text(state: State, option: str) -> str:
    """The label of ``option`` of the pending choice, saying what choosing it would do.

    - "stack" (Shade on Fight): what the card counts on the Curse, doubled suits 2:
      ``"K♦: 2 on Calamity (1/5 → 3/5)"``, ``", it perishes"`` when that reaches its Strength;
    - "keep" (Shade on Discover): ``"7♥: joins the map above 5♣"``, ``" (a beacon)"`` when the card
      would hold one;
    - "hide" (Darkness on Discover): ``"7♥: lies face down as hidden path B (above 5♣)"``, the
      name the map, the log and Advice then give it;
    - "curse" (a Curse is onto you): ``"Calamity (0/5)"`` (its count and Strength), and
      "random": ``"let Lantern pick at random"``.
    """
    check_option(state, option)
    pending = state.pending
    assert pending is not None
    if pending.kind == "curse":
        if option == "random":
            return "let Lantern pick at random"
        track = state.curse(option)
        return f"{option} ({track.count}/{track.curse.strength})"
    card = Card.parse(option)
    if pending.kind == "stack":
        assert state.facing is not None
        track = state.curse(state.facing)
        value, strength = track.curse.value(card), track.curse.strength
        after = track.count + value
        perishes = ", it perishes" if after >= strength else ""
        return (
            f"{card.label}: {value} on {track.name} "
            f"({track.count}/{strength} → {after}/{strength}{perishes})"
        )
    where = state.world.placement(card)
    world = state.world.place(card, face_up=pending.kind == "keep")
    placed = world.regions[-1]
    if pending.kind == "keep":
        return f"{card.label}: joins the map {where}" + (" (a beacon)" if placed.beacon else "")
    return f"{card.label}: lies face down as {world.describe(placed.at)}"


def check_option(state: State, option: object) -> str:
    """``option`` if it answers the pending choice; else an error naming it and the options."""
    pending = state.pending
    if pending is None:
        raise IllegalAction(f"there is no choice to make now: {option!r} answers nothing")
    if option not in pending.options:
        allowed = " or ".join(pending.options) or "nothing (Evade Danger)"
        raise InvalidInput(f"{pending.prompt}: choose {allowed}, not {option!r}")
    assert isinstance(option, str)
    return option


def check(state: State, action: Any) -> None:
    """Refuse, before any card is drawn, what the state does not allow or the action gets wrong.

    Buy Information needs at least 1 treasure, and spends no more than you hold: it is refused,
    never cut down to what you hold.
    """
    reason = refusal(state, action.kind)  # None only for a kind available() lists
    if reason is not None:
        raise IllegalAction(f"{action.title} is not possible now: {reason}")
    checks = _CHECKS.get(type(action))
    if checks is None:  # not one of the game's own classes: asked of the action itself
        checks = _checks_of(type(action), hasattr(action, "approach"))
    for part in checks:
        part(state, action)


def _checks_of(cls: type, approach: bool) -> tuple[Callable[[State, Any], None], ...]:
    """What :func:`check` asks of an action of class ``cls`` besides its being offered now: its
    ``approach`` if it has one, and the rules of its own kind."""
    parts = [_check_approach] if approach else []
    return tuple(parts + [part for kind, part in _OWN_CHECKS if issubclass(cls, kind)])


def _check_approach(state: State, action: Any) -> None:
    if action.approach not in APPROACHES:
        check_approach(action.approach)  # refuses it, in its words


def _check_confront(state: State, action: A.Confront) -> None:
    if action.purpose not in ("risk", "ignite", "reveal"):
        raise InvalidInput(
            "Confront Risk is made to face a risk ('risk'), to ignite a beacon ('ignite') or "
            f"to reveal a hidden path ('reveal'), not {action.purpose!r}"
        )
    if action.purpose == "ignite" and not ignitable(state):
        here = state.world.current
        burns = ": its beacon already burns" if here.lit else ""
        raise IllegalAction(
            f"your location {here.card.label} holds no unlit beacon to ignite{burns}"
        )
    if action.purpose == "reveal":
        _check_hidden(state, action.target)


def _check_buy(state: State, action: A.BuyInformation) -> None:
    spend, held = action.treasures, state.treasures
    if type(spend) is not int or spend < 1:
        raise InvalidInput(
            f"spend a whole number of treasures on Buy Information, 1 or more: {spend!r} is not"
        )
    if spend > held:
        allowed = "1" if held == 1 else f"1 to {held}"
        raise IllegalAction(
            f"you hold {held} treasure{'s' * (held != 1)}: spend {allowed}, not {spend!r}"
        )
    if action.target is not None:
        _check_hidden(state, action.target)


def _check_fight(state: State, action: A.Fight) -> None:
    curse_named(action.curse)  # an unknown name is malformed, whatever the state
    if action.curse not in state.living_curses:
        living = " or ".join(state.living_curses)
        raise IllegalAction(f"{action.curse!r} has perished: you may fight {living}")
    if action.curse not in fightable(state):
        raise IllegalAction(
            f"you face {state.facing}: fight it or flee before you fight {action.curse!r}"
        )


def _check_ask(state: State, action: A.Ask) -> None:
    modifier(state, action)


#: The rules of each kind of action that :func:`check` holds it to.
_OWN_CHECKS: tuple[tuple[type, Callable[[State, Any], None]], ...] = (
    (A.Confront, _check_confront),
    (A.BuyInformation, _check_buy),
    (A.Fight, _check_fight),
    (A.Ask, _check_ask),
)
#: The checks of each of the game's own actions: fields with no default are set on every
#: instance, so whether it has an approach is a question of its class.
_CHECKS = {
    cls: _checks_of(cls, "approach" in cls.__dataclass_fields__)  # type: ignore[attr-defined]
    for cls in A.ACTIONS.values()
}


def _check_hidden(state: State, target: tuple[int, int] | None) -> None:
    if target is None or target not in state.world:
        choose = _choose_hidden(state)
        raise InvalidInput(f"reveal which hidden path? {target!r} is none of them: {choose}")
    if state.world[target].face_up:
        label = state.world[target].card.label
        choose = _choose_hidden(state)
        raise IllegalAction(f"{label} at {target!r} is face up, not a hidden path: {choose}")


def _choose_hidden(state: State) -> str:
    names = [name for _cell, name in hidden_path_names(state)]
    return f"choose {' or '.join(names)}" if names else "there is none on your map"


def modifier(state: State, action: Any) -> int:
    """The modifier an action adds to the dice (approach, treasures or likelihood)."""
    if isinstance(action, A.BuyInformation):
        return action.treasures
    if isinstance(action, A.Ask):
        if action.likelihood not in A.LIKELIHOODS:
            raise InvalidInput(
                "ask the Oracle with 'likely' (+2), 'even' (+1) or 'unlikely' (+0): "
                f"{action.likelihood!r} is not one of them"
            )
        return A.LIKELIHOODS[action.likelihood]
    if not hasattr(action, "approach"):
        raise InvalidInput(
            f"only the seven Actions roll against two cards, so {action!r} has no modifier"
        )
    if state.character is None:
        raise IllegalAction("create your Firelight first (Begin)")
    return state.character.modifier(action.approach)


def checked_modifier(state: State, action: Any) -> int:
    """:func:`modifier` of an action :func:`check` passed: its approach is one of the three and
    the Firelight exists (its sheet is what
    :meth:`~rules.firelights.character.Character.modifier` reads), so the value is
    read, not checked a second time on every roll."""
    approach = getattr(action, "approach", None)
    if approach is None:  # Buy Information, the Oracle: their own fields
        return modifier(state, action)
    bonus: int = getattr(state.character, approach)
    return bonus


def odds(state: State, action: Any) -> Distribution[Result]:
    """The exact odds of Light, Shade and Darkness for ``action``, from the cards left."""
    return _odds(state.deck.draw_pile, modifier(state, action))


def odds_for(state: State, bonus: int) -> Distribution[Result]:
    """The exact odds for a bare modifier (the odds explorer)."""
    return _odds(state.deck.draw_pile, bonus)
