"""Results drawn and rolled at the table, typed by the player: ``"7H QS 4 5"``.

A player with a real deck and real dice types what they got; this turns the text into the chance
outcomes a :class:`~rules.table.chance.Supplied` source feeds to the rules, in order. Consecutive card
codes form one draw, consecutive numbers one roll of dice: ``"7H QS 4 5"`` is a draw of two cards
then a roll of two dice. The rules then check each outcome against what the step allows.

>>> parse_table_results("7H QS 4 5")
[['7H', 'QS'], [4, 5]]
>>> parse_table_results("")
[]
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import InvalidInput
from rules.table.cards import Card

__all__ = ["parse_named", "parse_table_results"]


def parse_table_results(text: str) -> list[object]:
    """Card codes and die faces, grouped into draws and rolls in the order typed."""
    groups: list[tuple[str, list[object]]] = []
    for token in text.replace(",", " ").split():
        value: object
        if token.isascii() and token.isdigit():  # not ٤ or ²: Python's int() reads those
            kind, value = "dice", int(token)
            if not 1 <= int(token) <= 6:
                raise InvalidInput(f"a die face is 1 to 6, got {token!r} in {text!r}")
        else:
            try:
                kind, value = "cards", str(Card.parse(token))
            except InvalidInput:
                raise InvalidInput(
                    f"expected card codes (like 7H, QS, 10D) and die faces (1..6), got {token!r}"
                ) from None
        if groups and groups[-1][0] == kind:
            groups[-1][1].append(value)
        else:
            groups.append((kind, [value]))
    return [values for _kind, values in groups]


def parse_named(text: str, names: Sequence[str]) -> list[object]:
    """The cards a player typed by the names printed on them (``"Pine Knot Dry Moss"``), one
    outcome each, in the order typed; case and spacing do not matter, commas may separate them.

    Why names: a game whose cards carry names (Embers) is played with those cards, and a
    player reads "Pine Knot", not a code. A name that is no card of ``names`` is refused with
    the names listed; words that read as cards more than one way ask for commas.

    >>> parse_named("pine knot, dry moss", ("Dry Moss", "Pine Knot"))
    ['Pine Knot', 'Dry Moss']
    """
    known = {" ".join(name.casefold().split()): name for name in names}
    found: list[object] = []
    for part in text.split(","):
        words = part.split()
        readings = _readings(words, known)
        if not readings:
            raise InvalidInput(
                f"{_unknown(words, known)!r} is not a card of this set ({', '.join(sorted(names))})"
            )
        if len(readings) > 1:
            raise InvalidInput(
                f"{' '.join(words)!r} reads more than one way: separate the cards with commas"
            )
        found += readings[0]
    return found


def _readings(words: list[str], known: dict[str, str]) -> list[list[str]]:
    """Every way ``words`` split into known names (at most two: one more says "ambiguous")."""
    ways: list[list[list[str]]] = [[] for _ in range(len(words) + 1)]  # the first i words
    ways[0].append([])
    for end in range(1, len(words) + 1):
        for start in range(end):
            name = known.get(" ".join(words[start:end]).casefold())
            if name is not None:
                ways[end] += [[*way, name] for way in ways[start]][: 2 - len(ways[end])]
    return ways[-1]


def _unknown(words: list[str], known: dict[str, str]) -> str:
    """The first words no name starts with: what to name in the refusal."""
    reach = [False] * (len(words) + 1)
    reach[0] = True
    for end in range(1, len(words) + 1):
        reach[end] = any(
            reach[start] and " ".join(words[start:end]).casefold() in known for start in range(end)
        )
    start = max(i for i in range(len(words) + 1) if reach[i])
    rest = words[start:]
    for end in range(1, len(rest)):  # up to where a known name begins again
        if any(
            " ".join(rest[end:stop]).casefold() in known for stop in range(end + 1, len(rest) + 1)
        ):
            return " ".join(rest[:end])
    return " ".join(rest)
