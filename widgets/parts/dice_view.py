"""Dice on screen: d6 faces with their Hits marked, and a pool roller that shows the odds first.

Why the odds come first: every chance step in Lantern can state its exact distribution before it
is sampled (:func:`rules.table.dice.hits_distribution`), and a solo player deciding whether to push
wants "P(2+ Hits) 1/9 ≈ 11%" before clicking, not after.

No rule logic lives here: what counts as a Hit is :meth:`rules.table.dice.Position.is_hit`, the count is
:func:`rules.table.dice.count_hits`, and the dice are rolled by resolving :class:`rules.table.dice.Roll`
through the :class:`rules.table.chance.Source` the panel was given (seeded, supplied or replayed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.table.chance import Source
from rules.table.dice import MAX_DICE, Position, Roll, count_hits, dice_to_roll, hits_distribution
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.theme import escape, format_chance, style_widget

__all__ = ["FACES", "DiceView", "PoolRoller", "hits_text", "odds_text", "position_label"]

#: Die faces ⚀..⚅ by pip count.
FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}

#: ``hook(faces, position)``: told of each roll the dice view makes.
RollHook = Callable[[tuple[int, ...], Position], object]


def hits_text(hits: int) -> str:
    """``"1 Hit"``, ``"2 Hits"``, ``"0 Hits"``."""
    return f"{hits} Hit" if hits == 1 else f"{hits} Hits"


def position_label(position: Position) -> str:
    """A Position as the dropdown shows it: ``"Standard (5+)"``, ``"Absolute (no roll)"``."""
    name = position.name.title()
    threshold = position.threshold
    return f"{name} ({threshold}+)" if threshold is not None else f"{name} (no roll)"


def odds_text(count: int, position: Position) -> str:
    """The exact Hits distribution of ``count`` dice, as 0, 1 and 2+ Hits (the outcomes that
    matter at the table): ``"P(0 Hits) 4/9 ≈ 44% · P(1 Hit) 4/9 ≈ 44% · P(2+ Hits) 1/9 ≈ 11%"``.
    """
    dist = hits_distribution(*dice_to_roll(count, position))
    parts = [
        f"P(0 Hits) {format_chance(dist[0])}",
        f"P(1 Hit) {format_chance(dist[1])}",
        f"P(2+ Hits) {format_chance(dist.probability(lambda hits: hits >= 2))}",
    ]
    return " · ".join(parts)


def _full_odds(count: int, position: Position) -> str:
    dist = hits_distribution(*dice_to_roll(count, position))
    return ", ".join(f"{hits}: {dist[hits]}" for hits in sorted(dist))


class DiceView(widgets.HTML):
    """d6 faces as die glyphs; Hits in ``position`` get ``lantern-hit``, the rest ``lantern-miss``.

    ``faces=None`` means nothing rolled yet; ``()`` is a roll of no dice (0 Hits).
    """

    faces = traitlets.Tuple(
        default_value=None, allow_none=True, help="The faces rolled, in order; None: no roll yet."
    )
    position = traitlets.UseEnum(
        Position, default_value=Position.STANDARD, help="The Position that decides the Hits."
    )

    def __init__(
        self,
        faces: tuple[int, ...] | None = None,
        position: Position = Position.STANDARD,
        **kwargs: Any,
    ) -> None:
        super().__init__(faces=faces, position=position, **kwargs)
        self.add_class("lantern-dice-view")
        self._render()

    @traitlets.observe("faces", "position")
    def _on_change(self, change: dict[str, object]) -> None:
        self._render()

    @property
    def hits(self) -> int | None:
        """How many Hits are shown (None before a roll)."""
        return None if self.faces is None else count_hits(self.faces, self.position)

    def _render(self) -> None:
        if self.faces is None:
            self.value = '<div class="lantern-dice"><span class="lantern-dice-empty">No roll yet</span></div>'
            return
        faces: tuple[int, ...] = self.faces
        hits = count_hits(faces, self.position)
        dice = []
        for face in faces:
            hit = self.position.is_hit(face)
            kind, word = ("lantern-hit", "Hit") if hit else ("lantern-miss", "miss")
            dice.append(
                f'<span class="lantern-die {kind}" title="{face}: {word}" '
                f'data-face="{face}">{FACES[face]}</span>'
            )
        label = escape(
            f"Dice {', '.join(map(str, faces)) or 'none'} in {position_label(self.position)}: "
            f"{hits_text(hits)}"
        )
        self.value = (
            f'<div class="lantern-dice" role="group" aria-label="{label}">{"".join(dice)}'
            f'<span class="lantern-tally" data-hits="{hits}">{hits_text(hits)}</span></div>'
        )


class PoolRoller(widgets.VBox):
    """Pick a number of dice and a Position, see the exact odds, roll, see the Hits.

    ``source`` is the one :class:`~rules.table.chance.Source` the panel rolls through (a seeded
    :class:`~rules.table.chance.Chance`, or :class:`~rules.table.chance.Supplied` dice from the table).
    ``on_roll(hook)`` registers ``hook(faces, position)``, called after each roll, so a panel
    can apply the result; a hook's errors show in the message area like the roller's own.
    Pass ``messages`` to share a panel's area (the panel places it); else the roller shows its own.
    """

    count = traitlets.Int(2, help="How many d6 to roll (mirrors the count input).")
    position = traitlets.UseEnum(
        Position, default_value=Position.STANDARD, help="The Position rolled in."
    )
    last_roll = traitlets.Tuple(
        default_value=None, allow_none=True, help="The faces of the last roll; None before one."
    )
    last_position = traitlets.UseEnum(
        Position, default_value=None, allow_none=True, help="The Position of the last roll."
    )

    def __init__(
        self,
        source: Source,
        *,
        count: int = 2,
        position: Position = Position.STANDARD,
        messages: MessageArea | None = None,
        **kwargs: Any,
    ) -> None:
        self.source = source
        self._hooks: list[RollHook] = []
        self.messages = messages if messages is not None else MessageArea()
        own_messages = () if messages is not None else (self.messages,)
        self.count_input = widgets.BoundedIntText(
            value=count, min=0, max=MAX_DICE, description="Dice", layout={"width": "9em"}
        )
        self.count_input.add_class("lantern-count")
        self.position_input = widgets.Dropdown(
            options=[(position_label(p), p) for p in Position],
            value=position,
            description="Position",
        )
        self.position_input.add_class("lantern-position")
        self.roll_button = widgets.Button(description="Roll", icon="dice", button_style="primary")
        self.roll_button.add_class("lantern-roll")
        self.odds = widgets.HTML()
        self.odds.add_class("lantern-odds-view")
        self.dice = DiceView(position=position)
        super().__init__(count=count, position=position, **kwargs)
        self.add_class("lantern-panel")
        self.add_class("lantern-pool-roller")
        traitlets.link((self.count_input, "value"), (self, "count"))
        traitlets.link((self.position_input, "value"), (self, "position"))
        self.roll_button.on_click(lambda _button: self.roll())
        self.children = (
            style_widget(),
            widgets.HBox((self.count_input, self.position_input, self.roll_button)),
            self.odds,
            self.dice,
            *own_messages,  # a shared area is placed by the panel that owns it
        )
        self._render_odds()

    @traitlets.validate("count")
    def _check_count(self, proposal: traitlets.Bunch) -> int:
        return Roll(proposal["value"]).count  # the rules name a bad count and the allowed range

    def _no_roll_text(self) -> str:
        return f"{position_label(self.position)}: no dice are rolled in this Position."

    @traitlets.observe("count", "position")
    def _on_choice(self, change: dict[str, object]) -> None:
        with guarded(self.messages):
            self._render_odds()

    def _render_odds(self) -> None:
        rolls = self.position.rolls
        self.roll_button.disabled = not rolls
        if not rolls:
            self.odds.value = f'<div class="lantern-odds">{escape(self._no_roll_text())}</div>'
            return
        title = escape(
            f"Exact Hits distribution of {self.count}d6: {_full_odds(self.count, self.position)}"
        )
        self.odds.value = (
            f'<div class="lantern-odds" title="{title}">{self.count}d6: '
            f"{escape(odds_text(self.count, self.position))}</div>"
        )

    def on_roll(self, hook: RollHook, remove: bool = False) -> None:
        """Call ``hook(faces, position)`` after every roll (or stop, with ``remove=True``)."""
        if remove:
            self._hooks.remove(hook)
        else:
            self._hooks.append(hook)

    @property
    def hits(self) -> int | None:
        """The Hits of the last roll, in the Position it was rolled in."""
        return self.dice.hits

    def roll(self) -> tuple[int, ...] | None:
        """Roll ``count`` d6 through the source; on a rule error show it and change nothing."""
        with guarded(self.messages):
            position = self.position
            if not position.rolls:
                self.messages.info(self._no_roll_text())
                return None
            # Boundless: a pool of 0 dice rolls 1 die, and only a 6 is a Hit.
            count, position = dice_to_roll(self.count, position)
            faces = self.source.resolve(Roll(count))
            with self.hold_sync(), self.dice.hold_sync():
                self.dice.position = position
                self.dice.faces = faces
                self.last_position = position
                self.last_roll = faces
            for hook in list(self._hooks):
                hook(faces, position)
            return faces
        return None
