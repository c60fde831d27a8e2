"""The crew: characters made at the table, joining and leaving, and the odds of the dark for all.

"The crew shares a Voidlight": one expedition holds 1 to 6 characters (solo is a crew of one)
with one light, one clock, one set of Encounter Pools and foes. Each character keeps their own
sheet, Checks, costs and saves; an action about one names them (``who``).

- Create / Create at random begin the expedition with its first character; Join adds one at the
  table, by points or at random the same way (house rules: 5 points, each 0..3; or 4 dice per
  Attribute, all rerolled while the total is under 3), with 1D x 10 Credits.
- Leave: a character leaves, with their gear, while someone standing or dying stays behind (the
  expedition goes on); the lost and the taken out stay on the roster, marked.
- :func:`crew_save_odds`: "When the Voidlight dies and every 5 minutes after, each character
  makes a Critical Save" — the exact chance that at least one, or every one, endures a round.

>>> odds = crew_save_odds([(2, "standard"), (1, "good")])
>>> odds.every, odds.some
(Fraction(5, 18), Fraction(7, 9))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.errors import IllegalAction, InvalidInput
from rules.table.chance import Distribution, Source
from rules.table.dice import Position, Roll, count_hits
from rules.voidlight import actions as A
from rules.voidlight.character import ATTRIBUTES, Character, check_points
from rules.voidlight.checks import position_of, save_odds
from rules.voidlight.state import CREW_MOST, crew_status
from rules.voidlight.turn import Result, Turn

__all__ = ["CrewSaveOdds", "create", "create_random", "crew_save_odds", "join", "leave"]


def _credits_roll(turn: Turn, chance: Source) -> None:
    (face,) = chance.resolve(Roll(1))
    turn.dice.append(face)
    turn.update(credits=face * 10)
    turn.say(f"starting Credits: 1D x 10 = {face} x 10 = {face * 10}")


def _by_points(turn: Turn, name: str, pronouns: str, scores: dict[str, Any]) -> Character:
    check_points(scores, turn.state.points)
    hp = turn.state.start_hp
    return Character(name, pronouns, **scores, hp=hp, max_hp=hp)


def _at_random(turn: Turn, name: str, pronouns: str, chance: Source) -> Character:
    Character(name, pronouns, 0, 0, 0, 0)  # refuse a bad name before rolling
    while True:
        scores: dict[str, Any] = {}
        for attribute in ATTRIBUTES:
            faces = chance.resolve(Roll(4))
            turn.dice.extend(faces)
            scores[attribute] = count_hits(faces, Position.STANDARD)
        listed = ", ".join(f"{key.title()} {value}" for key, value in scores.items())
        if sum(scores.values()) >= 3:
            break
        turn.say(f"rolled {listed}: a total under 3, so all are rolled again")
    turn.say(f"rolled {listed}")
    hp = turn.state.start_hp
    return Character(name, pronouns, **scores, hp=hp, max_hp=hp)


def _begin(turn: Turn, character: Character, chance: Source) -> None:
    """``character`` joins the crew (the last seat), then rolls their Credits."""
    crew = (*turn.state.crew, character)
    turn.set(crew=crew, status=crew_status(crew))
    turn.who = len(crew) - 1
    scores = ", ".join(f"{name.title()} {character.score(name)}" for name in ATTRIBUTES)
    turn.say(f"{character.display_name} descends: {scores}; {character.hp} Hit Points")
    _credits_roll(turn, chance)


def create(turn: Turn, action: A.Create, chance: Source) -> Result:
    """Create the one character by points, then roll their starting Credits."""
    scores: dict[str, Any] = {name: getattr(action, name) for name in ATTRIBUTES}
    _begin(turn, _by_points(turn, action.name, action.pronouns, scores), chance)
    return None, None


def create_random(turn: Turn, action: A.CreateRandom, chance: Source) -> Result:
    """Create the one character by the random method, then roll their starting Credits."""
    _begin(turn, _at_random(turn, action.name, action.pronouns, chance), chance)
    return None, None


def join(turn: Turn, action: A.Join, chance: Source) -> Result:
    """A new character joins at the table: by points (every Attribute given) or at random."""
    crew = turn.state.crew
    if len(crew) >= CREW_MOST:
        raise IllegalAction(
            f"a crew is at most {CREW_MOST} characters: {action.name!r} cannot join"
        )
    taken = next(
        (c.name for c in crew if c.name.casefold() == action.name.strip().casefold()), None
    )
    if taken is not None:
        names = ", ".join(map(repr, turn.state.names))
        raise IllegalAction(f"{taken!r} is in the crew already: give {action.name!r} a name of "
                            f"their own (the crew is {names})")  # fmt: skip
    given = {name: getattr(action, name) for name in ATTRIBUTES}
    if action.at_random:
        if any(value is not None for value in given.values()):
            raise InvalidInput(
                f"a character who joins at random rolls their Attributes: give none, not {given}"
            )
        character = _at_random(turn, action.name, action.pronouns, chance)
    else:
        missing = [name for name, value in given.items() if value is None]
        if missing:
            raise InvalidInput(
                f"a character who joins by points gives all four Attributes (or joins at "
                f"random): {', '.join(missing)} missing for {action.name!r}"
            )
        character = _by_points(turn, action.name, action.pronouns, given)
    _begin(turn, character, chance)
    turn.say(f"{character.name} joins the crew ({len(turn.state.crew)} of {CREW_MOST} at most)")
    return None, None


def leave(turn: Turn, action: A.Leave, chance: Source) -> Result:
    """A character leaves with their gear; someone standing or dying must stay behind."""
    crew = turn.state.crew
    leaving = crew[turn.who]
    if not any(c.status != "lost" for i, c in enumerate(crew) if i != turn.who):
        raise IllegalAction(
            f"{leaving.name} is the last of the crew standing or dying: no one would be left"
        )
    rest = crew[: turn.who] + crew[turn.who + 1 :]
    seats = tuple(each for each in turn.state.seats if each[0] != leaving.name)
    turn.set(crew=rest, status=crew_status(rest), seats=seats)  # their seat is free again
    carried = ", ".join(item.label for item in leaving.items) or "nothing"
    turn.say(f"{leaving.name} leaves the expedition, and their gear with them ({carried})")
    return None, None


# --- the odds of the dark for the crew -------------------------------------------------------


@dataclass(frozen=True)
class CrewSaveOdds:
    """The odds of one round of the dark's saves for a crew: ``some`` (at least one character
    endures), ``every`` (all endure) and ``enduring``, the distribution of how many endure."""

    #: At least one character endures.
    some: Fraction
    #: Every character endures.
    every: Fraction
    #: The distribution of how many endure.
    enduring: Distribution[int]


def crew_save_odds(saves: Iterable[tuple[int, Position | str]]) -> CrewSaveOdds:
    """The exact odds of a round of Critical Saves in the dark: one ``(dice, position)`` per
    character who saves (their Attribute's dice and the Position they save in). The saves are
    independent rolls, so the count that endure adds one character at a time.

    Two characters in the dark: a score of 1 Standard (endures 1/3) and of 2 Good (3/4):

    >>> odds = crew_save_odds([(1, "standard"), (2, "good")])
    >>> odds.some, odds.every  # at least one endures; both endure
    (Fraction(5, 6), Fraction(1, 4))
    """
    counts: dict[int, Fraction] = {0: Fraction(1)}
    listed = list(saves)
    if not 1 <= len(listed) <= CREW_MOST:
        raise InvalidInput(
            f"a round of the dark's saves is 1 to {CREW_MOST} characters' (dice, Position), "
            f"not {len(listed)}"
        )
    for entry in listed:
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise InvalidInput(f"a character's save is (dice, Position), not {entry!r}")
        dice, position = entry
        endure = save_odds(dice, position_of(position)).outcome["endure"]
        grown: dict[int, Fraction] = {}
        for count, chance in counts.items():
            grown[count + 1] = grown.get(count + 1, Fraction(0)) + chance * endure
            grown[count] = grown.get(count, Fraction(0)) + chance * (1 - endure)
        counts = grown
    enduring = Distribution({k: v for k, v in sorted(counts.items()) if v})
    return CrewSaveOdds(1 - counts[0], counts[len(listed)], enduring)
