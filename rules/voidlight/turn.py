"""The state being built by one action, and the report lines so far (shared by the rule modules)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules.voidlight.character import Character
from rules.voidlight.state import Pending, State

__all__ = ["Turn"]


@dataclass
class Turn:
    state: State
    lines: list[str] = field(default_factory=list)
    #: The dice an action rolled, in order (for the report), and what its main roll came to.
    dice: list[int] = field(default_factory=list)

    @property
    def sheet(self) -> Character:
        return self.state.sheet

    def set(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)

    def update(self, **changes: Any) -> None:
        """Change the character sheet."""
        self.set(character=replace(self.sheet, **changes))

    def clock(self, **changes: Any) -> None:
        self.state = self.state.with_clock(**changes)

    def say(self, line: str) -> None:
        self.lines.append(line)

    def ask(self, pending: Pending) -> None:
        self.set(pending=pending)
        self.say(pending.prompt)
