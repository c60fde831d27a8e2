"""The Embers panel: a night around the campfire, from setup to dawn, with clicks.

A projection of one journey on the shared game frame (:class:`widgets.frame.GameFrame`): the ring
of 8 locations, the fire with the deck and the Night card, the forage pile, hand, tent and event
on the left; on the right the legal actions as buttons, every one built from
:func:`rules.embers.legal` (click a hero, then one of its actions; attacks, tie-breaks,
reinforcements and the Night card bonus as buttons). No rule is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from rules.book import JourneyBook
from rules.book.store.database import SUFFIX
from rules.embers import (
    DIFFICULTIES,
    Act,
    Attack,
    Begin,
    EndActions,
    EndTurn,
    Promote,
    Reinforce,
    Report,
    State,
    legal,
    recap,
    start_options,
    table_names,
)
from rules.embers.card_record import record_text
from rules.embers.moves import no_reinforcement
from rules.embers.preview import attack_preview, plural
from rules.errors import InvalidInput
from rules.record.journey import Journey
from rules.table.physical import parse_named
from widgets.embers.advice import EmbersAdvice
from widgets.embers.labels import act_label, act_tip
from widgets.embers.ring import danger_html, house_html, info_html, ring_html, status_html
from widgets.embers.style import CSS
from widgets.frame import GameFrame, section
from widgets.frame.connection import replace_children
from widgets.parts.messages import guarded
from widgets.parts.theme import button, escape

__all__ = ["EmbersPanel"]

#: What "At the table" asks for, after two names of the set in play.
TABLE_HINT = "the cards you reveal, by their names, top first (and heroes at Begin)"

#: The house rules shown beside the actions of each phase (keys of HOUSE_RULES).
PHASE_HOUSE_RULES = {
    "setup": (),
    "actions": ("one hero at a time", "defend", "forage", "promoted mid-turn"),
    "attacks": ("health",),
    "reinforce": ("reinforce",),
}


class EmbersPanel(GameFrame):
    """Everything an Embers player needs, re-rendered from ``journey.state`` after each act.

    ``difficulty`` and ``cards`` (the path of a player's own card file) are what the setup form
    offers first; the journey's own options win when it already has them. A journey keeps the
    card set itself, read when it starts (:func:`rules.embers.start_options`): moving or
    editing the file later never changes it."""

    game_name = "embers"
    #: The ending's recap (:mod:`widgets.frame.recap`).
    recap_of = staticmethod(recap)
    title = "♨ Embers"
    advice_hook = EmbersAdvice
    plain_text = "♨ Embers: the game panel (run the notebook to play)"
    css = CSS
    table_placeholder = "Pine Knot, Dry Moss — the cards you reveal, by their names, top first"

    def __init__(
        self,
        journey: Any = None,
        *,
        seed: int | None = None,
        difficulty: str | None = None,
        cards: str | Path | None = None,
    ) -> None:
        self._want_difficulty = difficulty
        self._want_cards = None if cards is None else str(cards)
        if journey is None and (difficulty or cards):
            import secrets

            options = start_options(difficulty or "warrior", cards)
            journey = Journey.start(
                "embers", seed=secrets.randbelow(2**31) if seed is None else seed, options=options
            )
        self._hero: str | None = None
        super().__init__(journey, seed=seed)

    # --- building ----------------------------------------------------------------------------

    def build(self) -> None:
        options = dict(self.journey.options)
        self.difficulty_input = widgets.Dropdown(
            options=[(d.title(), d) for d in DIFFICULTIES],
            value=self._want_difficulty or options.get("difficulty", "warrior"),
            description="Difficulty",
        )
        self.difficulty_input.add_class("lantern-difficulty")
        self.cards_input = widgets.Text(
            value=self._want_cards or card_file(options),
            description="Card file",
            placeholder="empty: Lantern's original set; or my-cards.toml",
            layout=widgets.Layout(width="32em"),
        )
        self.cards_input.add_class("lantern-cards-file")
        self.cards_upload = widgets.FileUpload(
            accept=".toml", multiple=False, description="Upload a card file",
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self.cards_upload.add_class("lantern-cards-upload")
        self.cards_upload.observe(lambda _change: self._uploaded_file(), "value")
        self._uploaded: dict[str, str] | None = None
        self.begin_button = button(
            "Begin the night", "lantern-act-begin",
            "Shuffle the fire cards onto the Night card, place the heroes, spawn", "primary",
        )  # fmt: skip
        self.begin_button.on_click(lambda _b: self._begin())
        self.create_box = widgets.VBox(
            [
                widgets.HTML(
                    "<b>Set up Embers</b>: choose the difficulty (Recruit ignores the "
                    "<b>!</b> events; Veteran has no free promote from the Night card) and, if "
                    "you own the game, your own card file: its path, or upload it (TOML, see "
                    "<code>rules/embers/cards.py</code>). The journey keeps the cards themselves."
                ),
                self.difficulty_input,
                widgets.HBox([self.cards_input, self.cards_upload]),
                self.begin_button,
            ]
        )
        self.create_box.add_class("lantern-create")
        self.ring = widgets.HTML()
        self.ring.add_class("lantern-ring-view")
        self.info = widgets.HTML()
        self.info.add_class("lantern-info-view")
        self.prompt = widgets.HTML()
        self.heroes_row = widgets.HBox()
        self.heroes_row.add_class("lantern-hero-buttons")
        self.choices_row = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices_row.add_class("lantern-choice-buttons")
        self.house = widgets.HTML()
        self.house.add_class("lantern-house-rules")
        self._shown: object = None
        self.at_table.parse = lambda text: parse_named(text, table_names(self.state.cards))

    def board(self) -> Sequence[widgets.Widget]:
        return (
            section("The campfire ring", self.ring, self.info, css_class="lantern-ring-section"),
        )

    def actions(self) -> Sequence[widgets.Widget]:
        return (section("Actions", self.prompt, self.heroes_row, self.choices_row, self.house),)

    def create(self) -> widgets.Widget:
        return self.create_box

    def reset_create(self) -> None:
        """Another journey is shown: the form offers its own options."""
        self._hero = None
        self._shown = None
        options = dict(self.journey.options)
        self.difficulty_input.value = options.get("difficulty", "warrior")
        self.cards_input.value = card_file(options)

    # --- acting ------------------------------------------------------------------------------

    def _begin(self) -> None:
        """Begin with the options chosen; another difficulty or card file than the journey's
        starts a journey of its own (a journey's options never change)."""
        ready = False
        with guarded(self.messages):
            current = {k: v for k, v in dict(self.journey.options).items() if v is not None}
            current.setdefault("difficulty", "warrior")
            wanted = self._wanted(current)
            if wanted != current:
                self._restart(wanted)
            ready = True
        if ready and self.state.phase == "setup":
            self.act(Begin())

    def _uploaded_file(self) -> None:
        """A card file chosen with the picker: read and checked now (a bad one is refused with
        its card and field named, and the form keeps what it had); Begin then plays it."""
        files = self.cards_upload.value
        if not files:
            return
        upload = files[0]
        name = str(upload["name"])
        with guarded(self.messages):
            try:
                text = bytes(upload["content"]).decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidInput(f"{name} is not a text file in UTF-8") from None
            found = record_text(text, name)
            self._uploaded = found
            self.cards_input.value = name
            self.messages.info(
                f"Card set {found['name']!r} read from {name}: Begin the night to play it."
            )
        self.cards_upload.value = ()  # the same file may be chosen again after an edit

    def _wanted(self, current: dict[str, Any]) -> dict[str, Any]:
        """The options the form asks for, the card file read now; the uploaded set when the form
        names the file uploaded; the journey's own recorded card set when the form names its
        file and that file is gone (moved or deleted)."""
        difficulty, path = self.difficulty_input.value, self.cards_input.value.strip()
        uploaded = self._uploaded
        if uploaded is not None and path == uploaded["file"]:
            return {"difficulty": difficulty, "cards": uploaded}
        recorded = current.get("cards")
        gone = bool(path) and path == card_file(current) and not Path(path).is_file()
        if gone and isinstance(recorded, Mapping):
            return {"difficulty": difficulty, "cards": recorded}
        return start_options(difficulty, path or None)

    def _restart(self, options: dict[str, Any]) -> None:
        """Begin with other options than the journey's (a journey's options never change): the
        journey the player named takes them while its book is still empty (made again under its
        name, with its seed), so a name typed for New journey is kept; a journey with anything
        in its book stays as it is, and one of its own starts beside it, named after it."""
        old = self.journey
        if not isinstance(old, JourneyBook):
            self.use(Journey.start("embers", seed=old.seed, options=options))
            return
        if old.store.rows():
            name = _beside(old.path, str(options["difficulty"]))
            new: Any = JourneyBook.start(
                name, game="embers", seed=old.seed, options=options, folder=old.path.parent
            )
        else:
            new = _remade(old, options)
        self.use(new)
        old.close()
        if self.controls is not None:
            self.controls.refresh_journeys()

    def pick_hero(self, hero: str) -> None:
        """Show ``hero``'s actions (a click on a hero's button), and move the Advice outline to
        match."""
        self._hero = hero
        self._shown = None
        self.render_actions(self.state)
        if self.advice is not None:  # a GM's table (every Embers panel) has one
            self.advice.mark()  # the best move's button may be another now

    # --- rendering ---------------------------------------------------------------------------

    def begun(self, state: State) -> bool:
        return state.phase != "setup"

    def status_html(self, state: State) -> str:
        return status_html(state)

    def report_html(self, reports: Sequence[Report]) -> str:
        parts = []
        for report in reports:
            if report is None:
                continue
            lines = "".join(f"<li>{escape(line)}</li>" for line in report.lines)
            parts.append(
                f'<div class="lantern-report"><b>{escape(report.title)}</b>'
                f'<ul class="lantern-changes">{lines}</ul></div>'
            )
        return "".join(parts)

    def ending_html(self, state: State) -> str | None:
        if not state.over:
            return None
        if state.phase == "won":
            title, css = "Dawn breaks: the fire survived the night", "lantern-won"
        else:
            title, css = "The fire goes out", "lantern-lost"
        return (
            f'<div class="lantern-ending-title {css}">{escape(title)}</div>'
            f'<div class="lantern-ending-text">{escape(state.reason)} '
            f"({escape(state.difficulty.title())}, turn {state.turn})</div>"
        )

    def render_board(self, state: State, live: bool) -> None:
        if state.phase == "setup":
            return
        self.ring.value = ring_html(state)
        self.info.value = info_html(state)
        for part in (self.ring, self.info):
            if live:
                part.remove_class("lantern-board-past")
            else:
                part.add_class("lantern-board-past")

    def render_actions(self, state: State) -> None:
        first, second = (card.name for card in state.cards.fire[:2])  # the set in play
        self.table_input.placeholder = f"{first}, {second} — {TABLE_HINT}"
        choices = [] if state.over or state.phase == "setup" else legal(state)
        key = (state, self._hero)
        if self._shown == key:
            return
        self._shown = key
        heroes = list(dict.fromkeys(a.hero for a in choices if isinstance(a, Act)))
        if self._hero not in heroes:
            self._hero = state.current if state.current in heroes else None
        if self._hero is None and len(heroes) == 1:
            self._hero = heroes[0]
        hero_buttons = []
        for hero in heroes:
            made = button(
                hero, "lantern-act-hero", f"Choose {hero}'s actions (starting another hero ends the one acting)",
                "info" if hero == self._hero else "",
            )  # fmt: skip
            made.on_click(lambda _b, hero=hero: self.pick_hero(hero))
            hero_buttons.append(made)
        replace_children(self.heroes_row, hero_buttons)
        buttons = []
        for action in choices:
            if isinstance(action, Act) and action.hero != self._hero:
                continue
            label, css, tip, style = self._describe(state, action)
            made = button(label, f"lantern-act-{css}", tip, style)
            made.on_click(lambda _b, action=action: self.act(action))
            buttons.append(made)
        replace_children(self.choices_row, buttons)
        self.prompt.value = (
            f'<div class="lantern-prompt">{escape(self._prompt(state, heroes))}</div>'
            + danger_html(state)
        )
        keys = list(PHASE_HOUSE_RULES.get(state.phase, ()))
        if state.bonus:
            keys.append("night bonus")
        if state.paused is not None:
            keys.append("night mid-attack")
        if state.last_hour:
            keys.append("winning")
        self.house.value = "".join(house_html(k) for k in keys)

    def _prompt(self, state: State, heroes: list[str]) -> str:
        if state.over or state.phase == "setup":
            return ""
        if state.bonus and state.paused is not None:
            location, target, _burned = state.paused
            return (
                "The Night card, revealed mid-attack: choose a level-1 hero to promote for free;"
                f" then the attack at {location} on {target} goes on."
            )
        if state.bonus:
            return "The Night card: choose a level-1 hero to promote for free."
        if state.phase == "actions":
            if heroes and self._hero is None:
                return "Click a hero, then one of its actions (or End actions)."
            if self._hero:
                points = dict(state.points).get(self._hero, 0)
                left = plural(points, "action point")
                return f"{self._hero}: {left} left. Choose an action."
            return "No hero can act: End actions."
        if state.phase == "attacks":
            return "Monster attacks: choose the next location to resolve and its target."
        if state.phase == "reinforce":
            why = no_reinforcement(state)
            if why is None:
                return "Reinforce: fewer than 4 heroes are in camp: place a hero from the tent."
            if state.last_hour:
                return f"No reinforcement: {why}. End the turn: dawn comes, the night is won."
            return f"No reinforcement: {why}. End the turn."
        return ""

    def _describe(self, state: State, action: Any) -> tuple[str, str, str, str]:
        """The label, CSS class, tooltip and style of a legal action's button."""
        if isinstance(action, Act):
            return act_label(state, action), "act", act_tip(state, action), ""
        if isinstance(action, Promote):
            tip = f"The Night card bonus: flip {action.hero} to level 2 for free"
            return f"Promote {action.hero} (free)", "promote", tip, "warning"
        if isinstance(action, Attack):
            said = attack_preview(state, action).text()  # the rules count it, never the panel
            label = f"Attack from {action.location} on {action.target}: {said}"
            tip = f"The monsters at {action.location} attack as one: {said}"
            return label, "attack", tip, "danger"
        if isinstance(action, Reinforce):
            return (
                f"{action.hero} to {action.location}",
                "reinforce",
                f"Place {action.hero} from the tent at {action.location}",
                "success",
            )
        if isinstance(action, EndActions):
            return (
                "End actions",
                "end_actions",
                "Cards in hand go to the bottom of the deck, shuffled; then the monsters attack",
                "primary",
            )
        if isinstance(action, EndTurn):
            tip = "Dawn: the night is won" if state.last_hour else "End the turn and spawn the next"
            return "End the turn", "end_turn", tip, "primary"
        return str(getattr(action, "title", action)), "other", "", ""


def _remade(old: JourneyBook[Any, Any], options: dict[str, Any]) -> JourneyBook[Any, Any]:
    """The empty journey ``old`` made again at its own file with ``options``; if that fails,
    made again as it was (nothing was in it), and the error stands."""
    path, seed, before = old.path, old.seed, dict(old.options)
    old.close()
    for each in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm"))):
        each.unlink(missing_ok=True)
    try:
        return JourneyBook.start(path, game="embers", seed=seed, options=options)
    except BaseException:
        JourneyBook.start(path, game="embers", seed=seed, options=before).close()
        raise


def _beside(path: Path, difficulty: str) -> str:
    """A free name for a journey started beside the one at ``path``: ``<name>-<difficulty>``,
    then ``-2``, ``-3``..."""
    stem = f"{path.name.removesuffix(SUFFIX)}-{difficulty}"
    name, number = stem, 1
    while path.with_name(f"{name}{SUFFIX}").exists():
        number += 1
        name = f"{stem}-{number}"
    return name


def card_file(options: Mapping[str, Any]) -> str:
    """The card file a journey's options name: the file its recorded set was read from (or,
    in an older record, the path itself); "" for Lantern's original set."""
    cards = options.get("cards")
    if isinstance(cards, Mapping):
        return str(cards.get("file", ""))
    return str(cards or "")
