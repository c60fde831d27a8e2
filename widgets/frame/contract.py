"""What a game panel hands the frame: the one statement of the panel contract.

Why a contract: the frame lays out, renders and guards every panel the same way, and takes
every per-game part from what the panel hands it (its widgets, how its state reads, its Advice
hook), never by importing a game's module by name: the import map then shows every link, and a
game living outside Lantern (an installed package, see :mod:`rules.record.games`) plugs in the
same way as the shipped three.

A game panel subclasses :class:`~widgets.frame.GameFrame` and implements :class:`GamePanel`:
the **required** hooks (:data:`REQUIRED`) it must define itself, or the class is refused when it
is defined; the **optional** ones (:data:`OPTIONAL`) have a default in the frame that suits a
game without the part (no creation form, no tables below the log, no Advice rows...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

import ipywidgets as widgets

from widgets.frame.advice import AdviceHook

__all__ = ["OPTIONAL", "REQUIRED", "GamePanel", "check_panel", "lend_docstrings", "missing_hooks"]

#: The hooks a game panel must define itself (attributes and methods).
REQUIRED = (
    "game_name",
    "title",
    "build",
    "board",
    "actions",
    "render_board",
    "render_actions",
    "ending_html",
)
#: The hooks a game panel may define; the frame's default is used otherwise.
OPTIONAL = (
    "plain_text",
    "css",
    "table_placeholder",
    "advice_hook",
    "recap_of",
    "create",
    "reset_create",
    "extras",
    "due",
    "begun",
    "status_html",
    "report_html",
    "continues",
)


class GamePanel(Protocol):
    """The hooks of a game panel, required and optional, with their signatures.

    Required:

    * :attr:`game_name`, :attr:`title`;
    * :meth:`build` makes the game's widgets; :meth:`board` and :meth:`actions` return them for
      the two columns;
    * :meth:`render_board`, :meth:`render_actions` project a state onto them;
    * :meth:`ending_html`: the ending in words, None while playing.

    Optional (the frame's default in brackets): :attr:`plain_text`, :attr:`css`,
    :attr:`table_placeholder`, :attr:`advice_hook` (no Advice rows), :attr:`recap_of` (no recap
    under the ending), :meth:`create` (no form
    before the game begins), :meth:`reset_create`, :meth:`extras` (nothing below the log),
    :meth:`due` (nothing asked), :meth:`begun` (begun from the start), :meth:`status_html`
    (empty), :meth:`report_html` (each report as text), :meth:`continues` (never).
    """

    #: The game's name in :data:`rules.record.games.GAMES`: the journeys the panel starts.
    game_name: ClassVar[str]
    #: The title line of the panel's header.
    title: ClassVar[str]
    #: What front ends without widgets show for the panel (nbconvert, an untrusted notebook).
    plain_text: ClassVar[str]
    #: The panel's own CSS, under its ``lantern-<game_name>`` class.
    css: ClassVar[str]
    #: What the "At the table" box suggests typing (a game without cards says only dice).
    table_placeholder: ClassVar[str]
    #: The game's Advice (:class:`~widgets.frame.advice.AdviceHook` subclass), made with the
    #: panel; None: the Advice section shows no rows.
    advice_hook: ClassVar[type[AdviceHook] | None]
    # Not a ClassVar: mypy would bind a callable ClassVar as a method, and a panel stores a
    # staticmethod (called with the states alone).
    #: The rules' ``recap(states)`` of a whole journey, told under the ending
    #: (:mod:`widgets.frame.recap`); None: the ending stands alone.
    recap_of: Callable[[Sequence[Any]], Any] | None

    def build(self) -> None:
        """Make the game's own widgets (called once, before the first render)."""

    def board(self) -> Sequence[widgets.Widget]:
        """The left column: the sheet, the board, the map."""

    def actions(self) -> Sequence[widgets.Widget]:
        """The right column's controls that play actions."""

    def render_board(self, state: Any, live: bool) -> None:
        """Show ``state`` on the board; ``live`` False: a past point, nothing in it may act."""

    def render_actions(self, state: Any) -> None:
        """Enable, label and show the odds of what ``state`` offers."""

    def ending_html(self, state: Any) -> str | None:
        """The ending in words (HTML) once the journey is over; None while it is played."""

    def create(self) -> widgets.Widget | None:
        """The form shown before the game begins (a character to create), or None."""

    def reset_create(self) -> None:
        """Empty the creation form (another journey is shown: its character is not this one)."""

    def extras(self) -> Sequence[widgets.Widget]:
        """What goes full width below the log (tables)."""

    def due(self) -> Sequence[widgets.Widget]:
        """What the rules ask of the player now (a choice, a cost owed), under the result."""

    def begun(self, state: Any) -> bool:
        """Whether ``state`` is past the creation form."""

    def status_html(self, state: Any) -> str:
        """The header's status of ``state`` (HTML)."""

    def report_html(self, reports: Sequence[Any]) -> str:
        """The result of the last click: its reports (HTML)."""

    def continues(self, action: Any) -> bool:
        """Whether ``action``'s report is shown under the previous one (a choice after the roll
        that asked for it)."""


def lend_docstrings(frame: type) -> None:
    """Give each hook ``frame`` defines without a docstring the one :class:`GamePanel` states, so
    the frame's defaults (and a panel's hooks, which inherit them) read as the contract says,
    written once."""
    for hook in (*REQUIRED, *OPTIONAL):
        ours, stated = vars(frame).get(hook), vars(GamePanel).get(hook)
        if callable(ours) and not getattr(ours, "__doc__", None) and stated is not None:
            ours.__doc__ = stated.__doc__


def missing_hooks(panel: type, frame: type) -> list[str]:
    """The required hooks ``panel`` (a subclass of ``frame``) leaves to the frame itself.

    A hook counts as defined when a class between ``panel`` and ``frame`` defines it (a seat
    that subclasses a game's panel inherits that panel's hooks)."""
    ours = [cls for cls in panel.__mro__ if issubclass(cls, frame) and cls is not frame]
    return [hook for hook in REQUIRED if not any(hook in vars(cls) for cls in ours)]


def check_panel(panel: type, frame: type) -> None:
    """Refuse ``panel`` when it names its game (its own ``game_name``) but leaves a required hook
    to ``frame``: said when the class is defined, rather than at its first render."""
    missing = missing_hooks(panel, frame) if vars(panel).get("game_name") else []
    if missing:
        raise TypeError(
            f"{panel.__name__} is the panel of the game {vars(panel)['game_name']!r} but does "
            f"not define {', '.join(missing)}: a game panel defines every required hook of "
            "widgets.frame.contract.GamePanel (listed in REQUIRED there)"
        )
