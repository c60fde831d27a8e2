"""Embers (Button Shy): survive the night around the campfire, 18 cards, solo.

Lantern ships an original card set of its own (``rules/data/embers-original.toml``); a player who
owns the game loads their own file in the same format (:mod:`rules.embers.cards`).
"""

from __future__ import annotations

from rules.embers.cards import CardSet, load, loads, shipped

__all__ = ["CardSet", "load", "loads", "shipped"]
