"""Creating your Firelight: name, pronouns, and the three approaches.

Rule: "Your character has three approaches: forceful, patient, and quick. Assign one to a +2,
another with a +1, the third defaults to a 0."
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import InvalidInput
from rules.firelights.derived import derived

__all__ = ["APPROACHES", "Character"]

#: The three approaches, in the order the sheet lists them.
APPROACHES = ("forceful", "patient", "quick")
#: The values the three approaches share out, one each: the sheet gives 0, 1 and 2.
APPROACH_VALUES = (0, 1, 2)


@dataclass(frozen=True)
class Character:
    """The Firelight's sheet; treasures and fatigue live in the game state, as they change."""

    #: The Firelight's name.
    name: str
    #: The Firelight's pronouns, which the reports use.
    pronouns: str
    #: The Forceful approach's value, added to a roll made forcefully.
    forceful: int
    #: The Patient approach's value, added to a roll made patiently.
    patient: int
    #: The Quick approach's value, added to a roll made quickly.
    quick: int

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidInput(f"Give your Firelight a name (you gave {self.name!r})")
        if not isinstance(self.pronouns, str):
            raise InvalidInput(
                "Pronouns are words, such as 'she/her' or 'they/them', or left blank "
                f"(you gave {self.pronouns!r})"
            )
        values = (self.forceful, self.patient, self.quick)
        if any(type(v) is not int for v in values) or sorted(values) != list(APPROACH_VALUES):
            raise InvalidInput(
                "Choose +2, +1 and 0 for the three approaches, one each: you chose "
                f"forceful={self.forceful!r}, patient={self.patient!r}, quick={self.quick!r}"
            )

    @property
    def display_name(self) -> str:
        """The name, with the pronouns in brackets when there are any: ``Wick (she/her)``."""
        return f"{self.name} ({self.pronouns})" if self.pronouns.strip() else self.name

    @derived
    def strongest(self) -> str:
        """The approach with the highest modifier, the first of :data:`APPROACHES` on a tie
        (worked out once: a sheet never changes, and a player asks before every roll)."""
        return max(APPROACHES, key=self.modifier)

    def modifier(self, approach: str) -> int:
        """The bonus of ``approach`` (one of :data:`APPROACHES`)."""
        check_approach(approach)
        value: int = getattr(self, approach)
        return value


def check_approach(approach: object) -> str:
    """The approach named, checked: one of forceful, patient or quick, else a sentence saying so."""
    if approach not in APPROACHES:
        raise InvalidInput(
            f"roll with one of your approaches, forceful, patient or quick: {approach!r} is not one"
        )
    assert isinstance(approach, str)
    return approach
