"""What an action did, in words: the report a panel shows and the Journey Book keeps."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Report"]


@dataclass(frozen=True)
class Report:
    """What an action did: its ``lines`` in words, every die it rolled (``dice``, in order), the
    Hits of its main roll (None when it rolled no hit pool) and its ``outcome`` as data (see
    :func:`rules.voidlight.game.apply`)."""

    title: str
    lines: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    hits: int | None = None
    outcome: str | None = None

    def mechanics(self) -> str:
        """One line for the Journey Book: ``Check: Vigor 2 standard: 5 3: 1 Hits, partial``."""
        return self.title + (": " + "; ".join(self.lines) if self.lines else "")
