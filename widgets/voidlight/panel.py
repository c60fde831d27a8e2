"""The Voidlight panel: a whole expedition with clicks, from creation to the dark.

A projection of one journey on the shared game frame (:class:`widgets.frame.GameFrame`): the
sheet (Hit Points, Credits, Attributes, the 10 Slots), the Voidlight with its live timer and the
Encounter Pools on the left; the Checks, Push, costs and Critical Saves, gear, rests and the solo
tools on the right. Every handler builds a :mod:`rules.voidlight` action and hands it to the
journey (:meth:`GameFrame.act`); which buttons are enabled is :func:`rules.voidlight.available`,
the odds shown before rolling :func:`rules.voidlight.odds`.

A crew of two or more is the GM's table: a roster above the sheet, one character's sheet open at a
time, and every control about a character acts for that one (its action names them: ``who``);
the light, the timer, the pools and the oracle are the crew's. A choice the rules ask of someone
(a save in the dark, an item to drop) opens their sheet. The panel follows its journey file
(:class:`widgets.frame.follow.Follower`): what a player's seat plays shows here within a second,
without a click.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypedDict

import ipywidgets as widgets

from rules.voidlight import (
    ATTRIBUTES,
    Choose,
    Create,
    CreateRandom,
    Report,
    State,
    available,
    recap,
)
from widgets.frame import GameFrame, section
from widgets.frame.choice import ChoiceRow
from widgets.frame.follow import Follower
from widgets.parts.theme import escape
from widgets.voidlight.action_bar import CheckBar
from widgets.voidlight.advice import VoidlightAdvice
from widgets.voidlight.controls import button
from widgets.voidlight.crew import CrewBar
from widgets.voidlight.gear import GearBar
from widgets.voidlight.invite import InviteBar
from widgets.voidlight.sheet import (
    encounters_html,
    enemies_html,
    light_html,
    report_html,
    sheet_html,
    status_html,
)
from widgets.voidlight.style import CSS
from widgets.voidlight.timer import LiveTimer
from widgets.voidlight.tools import LightBar, SoloBar

__all__ = ["CREATE_NOTE", "VoidlightPanel"]

#: What the creation form says above its fields (``{points}``, ``{hp}``: the journey's house rules).
CREATE_NOTE = (
    "<b>Create your character</b>: a name, your pronouns and the four Attributes. "
    '<span class="lantern-house">House rules (the text leaves them to the table): spread '
    "{points} points over the Attributes, each 0 to 3, or roll them at random (4 dice per "
    "Attribute, each Hit adds 1, all rerolled while the total is under 3); you start with "
    "{hp} Hit Points and 1D x 10 Credits.</span>"
)


class _TimerArgs(TypedDict):
    """What a panel hands its :class:`LiveTimer` (kept from ``__init__`` until ``build``)."""

    clock: Callable[[], float] | None
    sleep: Callable[[float], Awaitable[Any]] | None
    minute_seconds: float


class VoidlightPanel(GameFrame, Follower):
    """Everything a Voidlight player needs, re-rendered from ``journey.state`` after each act.

    ``clock`` and ``sleep`` go to the live timer (:class:`LiveTimer`): tests inject fakes so
    nothing waits in real time; ``minute_seconds`` is how many real seconds an expedition minute
    lasts (60; a browser test sets it short); ``follow_sleep`` is what the follow task awaits
    between its looks at the file (:class:`Follower`)."""

    game_name = "voidlight"
    #: The ending's recap (:mod:`widgets.frame.recap`).
    recap_of = staticmethod(recap)
    title = "◐ Voidlight"
    advice_hook = VoidlightAdvice
    plain_text = "◐ Voidlight: the game panel (run the notebook to play)"
    css = CSS
    table_placeholder = "5 2 6 — your own dice, in the order the action rolls them"

    def __init__(
        self,
        journey: Any = None,
        *,
        seed: int | None = None,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] | None = None,
        minute_seconds: float = 60.0,
        follow_sleep: Callable[[float], Any] | None = None,
    ) -> None:
        self._timer_args: _TimerArgs = {
            "clock": clock,
            "sleep": sleep,
            "minute_seconds": minute_seconds,
        }
        self.open_name = ""  # whose sheet the GM opened last ("" until they pick one)
        self._followed: object = None  # the choice whose character's sheet was opened for it
        super().__init__(journey, seed=seed)
        self.follow(follow_sleep)

    # --- building ----------------------------------------------------------------------------

    def build(self) -> None:
        self._build_create()
        self.crew = CrewBar(self.act, self.open_sheet, self.who)
        (_, roster), (_, joining) = self.crew.sections()
        self.roster_section = section("Crew", *roster, css_class="lantern-crew-section")
        self.join_section = section(
            "Join or leave the crew", *joining, css_class="lantern-join-section"
        )
        self.checks = CheckBar(self.act, self.who)
        self.gear = GearBar(self.act, self.who)
        self.light_bar = LightBar(self.act, self.who)
        self.solo = SoloBar(self.act, self.who)
        self.checks.position.observe(lambda _c: self._rerender_actions(), "value")
        self.checks.save_position.observe(lambda _c: self._rerender_actions(), "value")
        self.timer = LiveTimer(self, **self._timer_args)
        self.sheet = widgets.HTML()
        self.sheet.add_class("lantern-sheet-view")
        self.light = widgets.HTML()
        self.light.add_class("lantern-light-view")
        self.encounters = widgets.HTML()
        self.encounters.add_class("lantern-encounters-view")
        self.enemies = widgets.HTML()
        self.choice = ChoiceRow(self._choose)
        self._choice_key: object = ()

    def _build_create(self) -> None:
        self.name_input = widgets.Text(description="Name", placeholder="your character's name")
        self.name_input.add_class("lantern-name")
        self.pronouns_input = widgets.Text(
            description="Pronouns", placeholder="she/her, they/them…"
        )
        self.pronouns_input.add_class("lantern-pronouns")
        self.attribute_inputs = {
            name: widgets.BoundedIntText(
                value=value, min=0, max=3, description=name.title(), layout={"width": "11em"}
            )
            for name, value in zip(ATTRIBUTES, (2, 1, 1, 1), strict=True)
        }
        self.create_button = button(
            "Create by points", "create", "Spread the points, then descend", "primary"
        )
        self.create_button.on_click(lambda _b: self._create())
        self.random_button = button(
            "Create at random", "create_random",
            "House rule: 4 dice per Attribute, each Hit adds 1, all rerolled while the total is under 3",
        )  # fmt: skip
        self.random_button.on_click(lambda _b: self._create_random())
        self.create_note = widgets.HTML()
        self.create_box = widgets.VBox(
            [
                self.create_note,
                widgets.HBox([self.name_input, self.pronouns_input]),
                widgets.HBox(list(self.attribute_inputs.values())),
                widgets.HBox([self.create_button, self.random_button]),
            ]
        )
        self.create_box.add_class("lantern-create")

    def reset_create(self) -> None:
        self.name_input.value = self.pronouns_input.value = ""
        for name, value in zip(ATTRIBUTES, (2, 1, 1, 1), strict=True):
            self.attribute_inputs[name].value = value

    def board(self) -> Sequence[widgets.Widget]:
        return (
            self.roster_section,
            self.sheet,
            section("Voidlight", self.light, self.timer, *self.light_bar.widgets(), css_class="lantern-voidlight-section"),
            section("Encounter Pools and enemies", self.encounters, self.enemies),
            self.join_section,
            self.invite_section(),
        )  # fmt: skip

    def invite_section(self) -> widgets.Widget:
        """*Invite players* (the GM's only: built here, never by a seat's board)."""
        self.invite = InviteBar(lambda: getattr(self.journey, "path", None))
        return section("Invite players", *self.invite.widgets(), css_class="lantern-invite")

    def actions(self) -> Sequence[widgets.Widget]:
        return (
            section("Checks", *self.checks.widgets()),
            *(section(title, *rows) for title, rows in self.gear.sections()),
            *(section(title, *rows) for title, rows in self.solo.sections()),
        )

    def due(self) -> Sequence[widgets.Widget]:
        return (self.choice,)

    def create(self) -> widgets.Widget:
        return self.create_box

    # --- acting ------------------------------------------------------------------------------

    def _create(self) -> None:
        scores = {name: box.value for name, box in self.attribute_inputs.items()}
        name, pronouns = self.name_input.value.strip(), self.pronouns_input.value.strip()
        self.act(lambda: Create(name, pronouns, **scores))

    def _create_random(self) -> None:
        name, pronouns = self.name_input.value.strip(), self.pronouns_input.value.strip()
        self.act(lambda: CreateRandom(name, pronouns))

    def _choose(self, option: str) -> None:
        pending = self.state.pending
        asked = pending.who if pending is not None and len(self.state.crew) > 1 else ""
        self.act(Choose(option, asked))

    # --- whose sheet is open -----------------------------------------------------------------

    def who(self) -> str:
        """The name the controls act for: the open sheet's ("" for a crew of one, so a solo
        journey's record reads as it always did)."""
        return self.open_in(self.state)

    def open_in(self, state: State) -> str:
        """Whose sheet is open in ``state``: the one the GM opened while they are in the crew,
        else the first who joined ("" for a crew of one)."""
        names = state.names
        if len(names) <= 1:
            return ""
        return self.open_name if self.open_name in names else names[0]

    def open_sheet(self, name: str) -> None:
        """Open ``name``'s sheet: the controls act for them from now on."""
        self.open_name = name
        self.render()

    def render(self) -> None:
        """As the frame renders, with the sheet of whoever a new choice is asked of opened."""
        state = self.state
        if state.pending != self._followed:
            self._followed = state.pending
            if state.pending is not None and state.pending.who and len(state.crew) > 1:
                self.open_name = state.pending.who
        super().render()

    def left_names(self, state: State) -> list[str]:
        """Who left the expedition and is not back (the log's Leave lines; a crew's line names
        them first): the roster marks them."""
        if len(state.crew) < 2:
            return []
        gone: list[str] = []
        for line in self._log(self.journey):
            title = str(line.title)  # "Kai: Leave the crew": a crew's heading names them
            if line.status == "played" and title.endswith("Leave the crew"):
                name = str(line.text).split(": ", 1)[0]
                if name not in state.names and name not in gone:
                    gone.append(name)
        return gone

    def continues(self, action: Any) -> bool:
        return isinstance(action, Choose)

    def use(self, journey: Any) -> None:
        """Another journey: the timer stops, and comes back paused."""
        if hasattr(self, "timer"):
            self.timer.pause()
            self.timer.reset()
        super().use(journey)
        self.follow()

    def close(self, close_journey: bool = True) -> None:
        """Stop the live timer and the following before the widgets go (Run All replaces the
        panel this way)."""
        self.stop_following()
        if hasattr(self, "timer"):
            self.timer.stop()
        super().close(close_journey)

    # --- rendering ---------------------------------------------------------------------------

    def begun(self, state: State) -> bool:
        return state.character is not None

    def status_html(self, state: State) -> str:
        return status_html(state)

    def report_html(self, reports: Sequence[Report]) -> str:
        return report_html(reports, self.state)

    def ending_html(self, state: State) -> str | None:
        if not state.over:
            return None
        names = [c.name for c in state.crew]
        lost = (
            f"{escape(names[0])} is lost to the dark."
            if len(names) == 1
            else f"The whole crew is lost to the dark: {escape(', '.join(names))}."
        )
        return (
            '<div class="lantern-ending-title">The expedition ends</div>'
            f'<div class="lantern-ending-text">{lost}</div>'
        )

    def render_board(self, state: State, live: bool) -> None:
        if getattr(self, "invite", None) is not None:
            self.invite.render(state)
        self.create_note.value = CREATE_NOTE.format(points=state.points, hp=state.start_hp)
        crewed = len(state.crew) > 1
        self.roster_section.layout.display = "" if crewed else "none"
        if crewed:
            self.crew.render_roster(state, self.open_in(state), self.left_names(state))
        if state.character is None:
            return
        self.sheet.value = sheet_html(state, self.open_in(state))
        self.light.value = light_html(state)
        self.encounters.value = encounters_html(state)
        self.enemies.value = enemies_html(state)
        for part in (self.sheet, self.light, self.encounters, self.enemies):
            if live:
                part.remove_class("lantern-board-past")
            else:
                part.add_class("lantern-board-past")
        if live:
            self.light_bar.render(state)
        else:
            for each in (
                *self.light_bar.beam_buttons.values(),
                self.light_bar.swap_button,
                self.light_bar.roll_button,
            ):
                each.disabled = True

    def render_actions(self, state: State) -> None:
        self.crew.render_controls(state)
        self.timer.render(state)
        self.checks.render(state)
        self.gear.render(state)
        self.solo.render(state)
        if self._choice_key != state.pending:
            self._choice_key = state.pending
            self._render_choice(state)

    def _rerender_actions(self) -> None:
        self.checks.render(self.state)

    @property
    def choice_buttons(self) -> tuple[widgets.Button, ...]:
        """The buttons of the choice the rules leave to the player now (none when no choice)."""
        return self.choice.buttons

    def _render_choice(self, state: State) -> None:
        """The prompt of the choice pending now, and its options as buttons (a Critical Save is
        answered with the save buttons under Checks)."""
        pending = state.pending
        if pending is None:
            self.choice.show(None)
        elif pending.kind == "save" or "choose" not in available(state):
            self.choice.show(pending.prompt)
        else:
            self.choice.show(pending.prompt, [(option, option) for option in pending.options])
