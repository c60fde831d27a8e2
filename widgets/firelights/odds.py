"""Odds at a glance: exact odds as data frames and charts, and the odds explorer panel.

"What are my odds?" has an exact answer for one roll (:func:`rules.firelights.action_roll.odds`,
:func:`rules.table.dice.hits_distribution`) and a simulated one for a whole journey
(:func:`rules.firelights.chance_to_complete`). This module only lays those answers out: frames
hold the exact :class:`~fractions.Fraction` s the rules return, :func:`percent_view` and
:func:`chance_view` are for reading them, and the plots draw on a bare
:class:`matplotlib.figure.Figure` (no pyplot, no global state: safe under any backend, and the
figure is only drawn when it is shown or saved).

Why the explorer draws its bars in HTML and not with matplotlib: a row of ``<div>`` s renders the
same in JupyterLab, Voilà and a static export, costs nothing per slider move, and is testable
without a browser.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from fractions import Fraction

import ipywidgets as widgets
import pandas as pd
from matplotlib.figure import Figure

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import SensiblePlayer, State, chance_to_complete
from rules.firelights.action_roll import Result, odds
from rules.play.simulate import Simulation
from rules.table.cards import Card, Deck, full_deck, parse_cards
from rules.table.chance import Distribution
from rules.table.dice import MAX_DICE, Position, dice_to_roll, hits_distribution
from widgets.firelights.report_view import RESULT_CLASS
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.theme import escape, format_chance, style_widget

__all__ = [
    "HITS",
    "POSITIONS",
    "RESULTS",
    "OddsExplorer",
    "chance_view",
    "draw_pile",
    "firelights_odds_frame",
    "percent_view",
    "plot_firelights_odds",
    "plot_pool_hits",
    "pool_hits_frame",
]

#: The three results, in the order a table and a plot show them.
RESULTS = (Result.LIGHT, Result.SHADE, Result.DARKNESS)
#: The Positions in which dice are rolled (Absolute and Impossible need no odds).
POSITIONS = (Position.GOOD, Position.STANDARD, Position.BAD)
#: The outcomes of a dice pool as a table's column names.
HITS = ("0 Hits", "1 Hit", "2+ Hits")
#: The theme's success / warn / error colours (their light-theme fallbacks, for the plots).
RESULT_COLOURS = {Result.LIGHT: "#388e3c", Result.SHADE: "#f57c00", Result.DARKNESS: "#d32f2f"}
#: The plot's colour for each of :data:`HITS`, grey to the theme's blue.
HITS_COLOURS = ("#9e9e9e", "#64b5f6", "#1976d2")

#: Where the cards still to draw come from: a state (its draw pile), a deck, the cards themselves,
#: or None for a full deck.
Pile = State | Deck | Iterable[Card | str] | None


# --- frames --------------------------------------------------------------------------------------


def draw_pile(pile_or_state: Pile = None) -> tuple[Card, ...]:
    """The cards an action draws from: a state's or a deck's draw pile, a list of cards or card
    codes, or (None) the full 52-card Story Deck."""
    if pile_or_state is None:
        return full_deck()
    if isinstance(pile_or_state, State):
        return pile_or_state.deck.draw_pile
    if isinstance(pile_or_state, Deck):
        return pile_or_state.draw_pile
    if isinstance(pile_or_state, str):
        return parse_cards(_codes(pile_or_state))
    return parse_cards(pile_or_state)


def _modifiers(modifiers: Iterable[int]) -> list[int]:
    values = list(modifiers)
    if not values or any(isinstance(m, bool) or not isinstance(m, int) for m in values):
        raise InvalidInput(f"modifiers are whole numbers, at least one, got {values!r}")
    return values


def firelights_odds_frame(
    pile_or_state: Pile = None, modifiers: Iterable[int] = range(0, 7)
) -> pd.DataFrame:
    """The exact odds of Light, Shade and Darkness by modifier, drawing from ``pile_or_state``.

    One row per modifier (the index, named ``modifier``), one column per result, each cell a
    :class:`~fractions.Fraction`; ``frame.loc[0, "Light"]`` is 484/1989 for a full deck.
    """
    pile, bonuses = draw_pile(pile_or_state), _modifiers(modifiers)
    rows = [_results_row(odds(pile, bonus)) for bonus in bonuses]
    index = pd.Index(bonuses, name="modifier")
    return pd.DataFrame(rows, index=index, columns=[r.value for r in RESULTS], dtype=object)


def _results_row(dist: Distribution[Result]) -> list[Fraction]:
    return [dist[result] for result in RESULTS]


def pool_hits_frame(max_dice: int = 6) -> pd.DataFrame:
    """P(0 Hits), P(1 Hit), P(2+ Hits) for 0 to ``max_dice`` dice in each rolling Position.

    Boundless engine v2: a die hits on 4+ (Good), 5+ (Standard) or 6 (Bad). A pool of 0 dice rolls
    one die that hits only on a 6, in every Position (:func:`rules.table.dice.dice_to_roll`). Rows: the
    dice (index ``dice``); columns: ``(Position label, "0 Hits" | "1 Hit" | "2+ Hits")``.
    """
    if isinstance(max_dice, bool) or not isinstance(max_dice, int) or not 0 <= max_dice <= MAX_DICE:
        raise InvalidInput(f"max_dice is a whole number from 0 to {MAX_DICE}, got {max_dice!r}")
    rows = []
    for count in range(max_dice + 1):
        row: list[Fraction] = []
        for position in POSITIONS:
            dist = hits_distribution(*dice_to_roll(count, position))
            row += [dist[0], dist[1], dist.probability(lambda hits: hits >= 2)]
        rows.append(row)
    columns = pd.MultiIndex.from_product(
        [[position_name(p) for p in POSITIONS], HITS], names=["position", "hits"]
    )
    index = pd.Index(range(max_dice + 1), name="dice")
    return pd.DataFrame(rows, index=index, columns=columns, dtype=object)


def position_name(position: Position) -> str:
    """``"Good 4+"``, ``"Standard 5+"``, ``"Bad 6"``."""
    threshold = position.threshold
    suffix = "" if threshold is None else f" {threshold}" + ("+" if threshold < 6 else "")
    return position.name.title() + suffix


def percent_view(frame: pd.DataFrame, digits: int = 1) -> pd.DataFrame:
    """The same frame with every chance as a percentage, rounded to ``digits`` (for reading)."""
    return frame.map(lambda p: round(float(p) * 100, digits))


def chance_view(frame: pd.DataFrame) -> pd.DataFrame:
    """The same frame with every chance as read at the table: ``"4/9 ≈ 44%"``."""
    return frame.map(format_chance)


# --- plots ---------------------------------------------------------------------------------------


def plot_firelights_odds(
    pile_or_state: Pile = None, modifiers: Iterable[int] = range(0, 7)
) -> Figure:
    """Stacked bars: the chance of Light, Shade and Darkness (percent) for each modifier."""
    pile = draw_pile(pile_or_state)
    frame = firelights_odds_frame(pile, modifiers)
    figure = Figure(figsize=(6.4, 3.6), layout="constrained")
    axes = figure.add_subplot()
    labels = [f"{m:+d}" for m in frame.index]
    bottom = [0.0] * len(frame)
    for result in RESULTS:
        heights = [float(p) * 100 for p in frame[result.value]]
        axes.bar(labels, heights, bottom=bottom, label=result.value, color=RESULT_COLOURS[result])
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    axes.set_xlabel("modifier (2d6 + modifier against two cards)")
    axes.set_ylabel("chance (%)")
    axes.set_ylim(0, 100)
    axes.set_title(f"Firelights: odds by modifier, drawing from {len(pile)} cards")
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    return figure


def plot_pool_hits(max_dice: int = 6) -> Figure:
    """One panel per Position: stacked bars of 0, 1 and 2+ Hits (percent) by the dice rolled."""
    frame = pool_hits_frame(max_dice)
    figure = Figure(figsize=(9, 3.4), layout="constrained")
    panels = figure.subplots(1, len(POSITIONS), sharey=True)
    labels = [str(count) for count in frame.index]
    for axes, position in zip(panels, POSITIONS, strict=True):
        name = position_name(position)
        bottom = [0.0] * len(frame)
        for hits, colour in zip(HITS, HITS_COLOURS, strict=True):
            heights = [float(p) * 100 for p in frame[(name, hits)]]
            axes.bar(labels, heights, bottom=bottom, label=hits, color=colour)
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        axes.set_title(name)
        axes.set_xlabel("dice (0: one die, 6 only)")
        axes.set_ylim(0, 100)
    panels[0].set_ylabel("chance (%)")
    panels[-1].legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    return figure


# --- the explorer --------------------------------------------------------------------------------

#: The odds explorer's CSS, in the theme's colours: its tables and its Light / Shade / Darkness bar.
CSS = """
.lantern-odds-explorer .widget-hbox { flex-wrap: wrap; align-items: center; }
.lantern-odds-explorer .lantern-title { font-size: 1.3em; margin-bottom: 0.2em; }
.lantern-odds-explorer .lantern-section { font-weight: 600; margin-top: 0.6em;
  border-bottom: 1px solid var(--jp-border-color2, #e0e0e0); color: var(--jp-ui-font-color1, #212121); }
.lantern-odds-table { border-collapse: collapse; color: var(--jp-ui-font-color1, #212121);
  line-height: 1.5; margin: 0.2em 0; }
.lantern-odds-table td { padding: 0 1em 0 0; }
.lantern-odds-table .lantern-odds-exact { font-variant-numeric: tabular-nums; }
.lantern-odds-explorer .lantern-light { color: var(--jp-success-color1, #388e3c); font-weight: 600; }
.lantern-odds-explorer .lantern-shade { color: var(--jp-warn-color1, #f57c00); font-weight: 600; }
.lantern-odds-explorer .lantern-darkness { color: var(--jp-error-color1, #d32f2f); font-weight: 600; }
.lantern-odds-bar { display: flex; height: 1.4em; max-width: 28em; border-radius: 0.3em;
  overflow: hidden; border: 1px solid var(--jp-border-color1, #bdbdbd); margin: 0.3em 0; }
.lantern-odds-bar > div { height: 100%; }
.lantern-odds-bar .lantern-bar-light { background: var(--jp-success-color1, #388e3c); }
.lantern-odds-bar .lantern-bar-shade { background: var(--jp-warn-color1, #f57c00); }
.lantern-odds-bar .lantern-bar-darkness { background: var(--jp-error-color1, #d32f2f); }
.lantern-simulation { color: var(--jp-ui-font-color1, #212121); line-height: 1.5; }
"""

#: What the explorer shows in place of odds when the inputs were refused (the message says why).
NO_ODDS = '<div class="lantern-muted">No odds to show: see the message above.</div>'


def _codes(text: str) -> list[str]:
    """Card codes typed in a box: separated by spaces or commas."""
    return [code for code in re.split(r"[\s,;]+", text.strip()) if code]


def odds_html(dist: Distribution[Result]) -> str:
    """A table of each result's exact chance and percent, and a bar of the three."""
    rows = "".join(
        f'<tr class="lantern-odds-{RESULT_CLASS[r]}"><td class="lantern-{RESULT_CLASS[r]}">'
        f'{r.value}</td><td class="lantern-odds-exact">{format_chance(dist[r])}</td></tr>'
        for r in RESULTS
    )
    segments = "".join(
        f'<div class="lantern-bar-{RESULT_CLASS[r]}" style="width: {float(dist[r]) * 100:.2f}%" '
        f'title="{r.value} {escape(format_chance(dist[r]))}"></div>'
        for r in RESULTS
    )
    return (
        f'<table class="lantern-odds-table">{rows}</table>'
        f'<div class="lantern-odds-bar" role="img" aria-label="'
        f'{escape(", ".join(f"{r.value} {float(dist[r]):.0%}" for r in RESULTS))}">{segments}</div>'
    )


def simulation_html(result: Simulation, seconds: float | None = None) -> str:
    """``Completed 187 of 200 journeys: 93.5% (95% interval 89.2% to 96.2%)`` and the rest."""
    complete = result.estimate("complete")
    lines = [
        f"<b>Completed {complete.count} of {result.runs} journeys: {float(complete.share):.1%}</b> "
        f"(95% interval {complete.low:.1%} to {complete.high:.1%})"
    ]
    lines += [escape(str(e)) for e in result.estimates if e.outcome != "complete"]
    took = f" — simulated in {seconds:.1f} s" if seconds is not None else ""
    lines.append(
        f'<span class="lantern-muted">{result.mean_steps:.0f} actions on average, at most '
        f"{result.longest}; seed {result.seed}{took}</span>"
    )
    return '<div class="lantern-simulation">' + "<br>".join(lines) + "</div>"


class OddsExplorer(widgets.VBox):
    """Ask "what are my odds?": the exact odds of one action, and a simulation of whole journeys.

    Move the modifier slider and type the cards already out of the Story Deck: the panel shows the
    exact chance of Light, Shade and Darkness from the cards left. **Simulate** plays journeys
    with the sensible player (:mod:`rules.firelights.strategy`) from ``state`` (a fresh start
    when None) and shows how often it completes, with a 95% interval.
    """

    def __init__(
        self, state: State | None = None, *, modifier: int = 0, runs: int = 200, seed: int = 0
    ) -> None:
        super().__init__()
        self.add_class("lantern-panel")
        self.add_class("lantern-odds-explorer")
        self._state = state
        self.messages = MessageArea()
        #: The last simulation run, which the check against the exact odds reads (None before one).
        self.simulation: Simulation | None = None

        self.modifier = widgets.IntSlider(
            value=modifier, min=0, max=6, description="Modifier", continuous_update=True
        )
        self.modifier.add_class("lantern-odds-modifier")
        self.out_input = widgets.Text(
            description="Cards out",
            placeholder="cards already drawn, e.g. KH QS 7C",
            continuous_update=False,
            layout=widgets.Layout(width="28em"),
        )
        self.out_input.add_class("lantern-odds-out")
        self.pile_note = widgets.HTML()
        self.pile_note.add_class("lantern-odds-pile")
        self.odds_view = widgets.HTML()
        self.odds_view.add_class("lantern-odds-view")

        self.runs_input = widgets.BoundedIntText(
            value=runs, min=1, max=10_000, description="Journeys", layout={"width": "12em"}
        )
        self.runs_input.add_class("lantern-odds-runs")
        self.seed_input = widgets.IntText(value=seed, description="Seed", layout={"width": "12em"})
        self.seed_input.add_class("lantern-odds-seed")
        self.bold_input = widgets.Checkbox(
            value=False, description="bold: push on when Fatigue is full", indent=False
        )
        self.bold_input.add_class("lantern-odds-bold")
        self.simulate_button = widgets.Button(
            description="Simulate",
            button_style="primary",
            tooltip="Play this many journeys with the sensible player and count the completed",
        )
        self.simulate_button.add_class("lantern-odds-simulate")
        self.simulate_button.on_click(lambda _b: self.simulate())
        self.simulation_note = widgets.HTML(self._simulation_note_html())
        self.simulation_view = widgets.HTML()
        self.simulation_view.add_class("lantern-odds-simulation")

        self.modifier.observe(lambda _c: self.render_odds(), "value")
        self.out_input.observe(lambda _c: self.render_odds(), "value")
        self.children = (
            style_widget(CSS),
            widgets.HTML('<div class="lantern-title">Odds explorer</div>'),
            self.messages,
            widgets.HTML(
                '<div class="lantern-section">One action: 2d6 + modifier against two cards</div>'
            ),
            self.modifier,
            self.out_input,
            self.pile_note,
            self.odds_view,
            widgets.HTML('<div class="lantern-section">A whole journey: simulate it</div>'),
            self.simulation_note,
            widgets.HBox([self.runs_input, self.seed_input, self.bold_input, self.simulate_button]),
            self.simulation_view,
        )
        self.render_odds()

    @property
    def state(self) -> State | None:
        """The journey the explorer looks at (None: a fresh start with a full Story Deck)."""
        return self._state

    @state.setter
    def state(self, state: State | None) -> None:
        self._state = state
        self.simulation_note.value = self._simulation_note_html()
        self.render_odds()

    def _simulation_note_html(self) -> str:
        start = "a fresh start" if self._state is None else "the given state"
        return (
            '<div class="lantern-muted">The sensible player (it rolls its +2 approach, keeps face '
            f"cards for beacons, fights while it can afford to) plays from {start}.</div>"
        )

    def pile(self) -> tuple[Card, ...]:
        """The cards left: the draw pile (of the state, else the full deck) less the cards out."""
        base = draw_pile(self._state)
        out = parse_cards(_codes(self.out_input.value))
        seen: set[Card] = set()
        for card in out:
            if card in seen:
                raise InvalidInput(f"{str(card)!r} is named twice in the cards out")
            seen.add(card)
            if card not in base:
                raise IllegalAction(
                    f"{str(card)!r} is not in the Story Deck's draw pile, so it cannot be out of it"
                )
        return tuple(card for card in base if card not in seen)

    def render_odds(self) -> None:
        """Show the exact odds for the slider's modifier from the cards left (or the error)."""
        note, view = "", NO_ODDS
        with guarded(self.messages):
            pile = self.pile()
            note = (
                f'<div class="lantern-muted">{len(pile)} cards in the Story Deck; score = 2d6 '
                f"{self.modifier.value:+d}, Light beats both cards, Shade one.</div>"
            )
            view = odds_html(odds(pile, self.modifier.value))
        with self.hold_sync():
            self.pile_note.value = note
            self.odds_view.value = view

    @property
    def odds(self) -> Distribution[Result] | None:
        """The odds shown now (None when the cards out are in error)."""
        try:
            return odds(self.pile(), self.modifier.value)
        except (InvalidInput, IllegalAction):
            return None

    def simulate(self) -> Simulation | None:
        """Run the simulation with the inputs' runs, seed and boldness; show and return it."""
        self.simulate_button.disabled = True
        self.simulation_view.value = '<div class="lantern-muted">Simulating…</div>'
        try:
            with guarded(self.messages):
                started = time.perf_counter()
                self.simulation = chance_to_complete(
                    self._state,
                    runs=self.runs_input.value,
                    seed=self.seed_input.value,
                    player=SensiblePlayer(bold=self.bold_input.value),
                )
                seconds = time.perf_counter() - started
                self.simulation_view.value = simulation_html(self.simulation, seconds)
                return self.simulation
            self.simulation_view.value = ""
            return None
        finally:
            self.simulate_button.disabled = False
