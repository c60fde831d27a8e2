"""Results drawn and rolled at the table, typed by the player: ``"7H QS 4 5"``.

A player with a real deck and real dice types what they got; this turns the text into the chance
outcomes a :class:`~rules.chance.Supplied` source feeds to the rules, in order. Consecutive card
codes form one draw, consecutive numbers one roll of dice: ``"7H QS 4 5"`` is a draw of two cards
then a roll of two dice. The rules then check each outcome against what the step allows.

>>> parse_table_results("7H QS 4 5")
[['7H', 'QS'], [4, 5]]
>>> parse_table_results("")
[]
"""

from __future__ import annotations

from rules.cards import Card
from rules.errors import InvalidInput

__all__ = ["parse_table_results"]


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
