"""The World Map as a grid of cards that keeps you in view: the token, beacons, hidden paths.

Each region is a button, so travelling is a click on a touching region; the rules decide which
regions may be entered (:meth:`rules.firelights.WorldMap.travel`), the map only offers them.

Why a window: a long journey's map grows to twenty columns and more, wider than any panel. The
map shows at most :data:`COLUMNS` × :data:`ROWS` cards, centred on your location whenever the
token moves, and the arrows look further (the token stays the centre of the next move). Hidden
paths carry their letter (``?A``), as the actions name them ("hidden path A, below 7♥").
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from rules.firelights import Region, State, hidden_path_names
from rules.firelights.world import Cell
from rules.table.cards import Colour
from widgets.parts.card_view import card_name
from widgets.parts.theme import button

__all__ = ["COLUMNS", "ROWS", "WorldMapView", "region_label", "window"]

#: A map cell's width and height: room for a card's label and its marks.
CELL = "4.4em"
#: The most columns and rows of cards shown at once: 7 fit the board column at 1400 px wide
#: with JupyterLab's file browser open.
COLUMNS = 7
#: The most rows shown at once (see :data:`COLUMNS`).
ROWS = 6
#: The legend under the map: what each mark means, and that placement on the grid is a house rule.
LEGEND = (
    '<span class="lantern-muted lantern-legend">◉ you are here · ☆ unlit beacon · ★ lit beacon · ?A hidden path A'
    " · ✎ notes (hover to read) · a card in <b>bold</b> touches you: click it to travel there; a "
    "card in grey cannot be entered from here now. Placement on the grid is our house rule: "
    "above, below or beside your location, touching a corner.</span>"
)


def region_label(region: Region, here: bool, name: str = "") -> tuple[str, str]:
    """The button text and tooltip of a region (``name``: a hidden path's name)."""
    if not region.face_up:
        letter = getattr(region, "path", "") or ""
        text = f"?{letter}"
        tip = f"{name or 'A hidden path'} (face down): reveal it with Confront Risk or Buy Information"
    else:
        text, tip = region.card.label, card_name(region.card)
        if region.beacon:
            text += " ★" if region.lit else " ☆"
            tip += " — beacon lit" if region.lit else " — an unlit beacon"
    if region.slips:
        text += " ✎"
        tip += "".join(f"\n✎ {slip}" for slip in region.slips)
    if here:
        text = "◉ " + text
        tip += " — you are here"
    return text, tip


def window(low: int, high: int, centre: int, size: int) -> tuple[int, int]:
    """The ``size`` consecutive values of ``low..high`` centred on ``centre`` as far as they go.

    >>> window(0, 19, 17, 7), window(0, 19, 1, 7), window(0, 4, 2, 7)
    ((13, 19), (0, 6), (0, 4))
    """
    if high - low + 1 <= size:
        return low, high
    start = min(max(centre - size // 2, low), high - size + 1)
    return start, start + size - 1


class WorldMapView(widgets.VBox):
    """Re-rendered from the state; ``on_travel`` is called with the cell clicked."""

    def __init__(self, on_travel: Callable[[tuple[int, int]], None]) -> None:
        super().__init__(layout=widgets.Layout(max_width="100%"))
        self.add_class("lantern-map")
        self._on_travel = on_travel
        #: Each cell's button on the map, by cell.
        self.cells: dict[Cell, widgets.Button] = {}
        self._slots: list[widgets.Button] = []
        self._slot_cells: list[Cell] = []
        self._window: tuple[int, int, int, int] | None = None
        self._shown: object = None
        self._state: State | None = None
        self._can_travel = False
        self._centre: Cell | None = None
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="0.3em"))
        self.where = widgets.HTML()
        self.where.add_class("lantern-map-where")
        self.arrows = {
            name: button(text, f"lantern-map-{name}", tip)
            for name, text, tip in (
                ("west", "◀", "Look further west"),
                ("north", "▲", "Look further up"),
                ("south", "▼", "Look further down"),
                ("east", "▶", "Look further east"),
                ("home", "◉ To you", "Centre the map on your location"),
            )
        }
        moves = {"west": (-1, 0), "east": (1, 0), "north": (0, 1), "south": (0, -1)}
        for name, (dx, dy) in moves.items():
            self.arrows[name].on_click(lambda _b, dx=dx, dy=dy: self._pan(dx, dy))
        self.arrows["home"].on_click(lambda _b: self._home())
        self.nav = widgets.HBox([*self.arrows.values(), self.where])
        self.nav.add_class("lantern-map-nav")
        self.empty = widgets.HTML('<span class="lantern-muted">The map is empty.</span>')
        self.legend = widgets.HTML(LEGEND)
        self.legend.add_class("lantern-map-legend")

    @property
    def shown_cells(self) -> tuple[Cell, ...]:
        """The cells of the regions in view now."""
        return tuple(self.cells)

    def render(self, state: State, can_travel: bool) -> None:
        """Show the map of ``state``, centred on the token whenever it moved, and on the token
        again when a card was just placed out of view (the player looked elsewhere with the
        arrows): a card the report names is one the map shows."""
        old = self._state
        if (
            old is None
            or old.world.token != state.world.token
            or (
                len(state.world.regions) > len(old.world.regions)
                and not self._in_view(state.world.regions[-1].at)
            )
        ):
            self._centre = state.world.token
        self._state, self._can_travel = state, can_travel
        self._draw()

    def _in_view(self, at: Cell) -> bool:
        if self._window is None:
            return False
        x0, x1, y0, y1 = self._window
        return x0 <= at[0] <= x1 and y0 <= at[1] <= y1

    def _pan(self, dx: int, dy: int) -> None:
        """Look a window further (one column or row of the old view stays, to keep your bearings);
        the next move of the token centres on it again."""
        if self._window is not None:
            x0, x1, y0, y1 = self._window
            self._centre = ((x0 + x1) // 2 + dx * (COLUMNS - 1),
                            (y0 + y1) // 2 + dy * (ROWS - 1))  # fmt: skip
            self._draw()

    def _home(self) -> None:
        if self._state is not None:
            self._centre = self._state.world.token
            self._draw()

    def _draw(self) -> None:
        """Show the window around the centre. The card buttons are kept and updated in place
        (a click sends only what changed, and no widget is made or closed per click)."""
        state = self._state
        assert state is not None
        world = state.world
        key = (world, self._can_travel, self._centre)
        if key == self._shown:
            return
        self._shown = key
        self.cells = {}
        if not world.regions:
            self._window = None
            self.children = (self.empty,)
            return
        xs = [r.at[0] for r in world.regions]
        ys = [r.at[1] for r in world.regions]
        centre = self._centre or (0, 0)
        x0, x1 = window(min(xs), max(xs), centre[0], COLUMNS)
        y0, y1 = window(min(ys), max(ys), centre[1], ROWS)
        self._window = (x0, x1, y0, y1)
        touching = {r.at for r in world.neighbours() if r.face_up}
        names = dict(hidden_path_names(state))
        cells = [(x, y) for y in range(y1, y0 - 1, -1) for x in range(x0, x1 + 1)]
        while len(self._slots) < len(cells):
            self._slots.append(self._new_slot(len(self._slots)))
        self._slot_cells = list(cells)
        with self.grid.hold_sync():
            self.grid.layout.grid_template_columns = f"repeat({x1 - x0 + 1}, {CELL})"
            shown = tuple(self._slots[: len(cells)])
            if self.grid.children != shown:
                self.grid.children = shown
        for slot, at in zip(shown, cells, strict=True):
            if at in world:
                here = world.token == at
                enterable = self._can_travel and at in touching
                self._show_region(slot, world[at], here, enterable, names.get(at, ""))
                self.cells[at] = slot
            else:
                self._show_gap(slot)
        hidden = {
            "west": x0 - min(xs), "east": max(xs) - x1, "north": max(ys) - y1, "south": y0 - min(ys)
        }  # fmt: skip
        partial = any(hidden.values())
        for name, more in hidden.items():
            self.arrows[name].disabled = more <= 0
            self.arrows[name].layout.display = None if partial else "none"
        self.arrows["home"].layout.display = None if partial else "none"
        out_of_view = ", ".join(f"{more} more {name}" for name, more in hidden.items() if more > 0)
        self.where.value = (
            f'<span class="lantern-muted">Part of the map, around you: {out_of_view}.</span>'
            if out_of_view
            else ""
        )
        if self.children != (self.nav, self.grid, self.legend):
            self.children = (self.nav, self.grid, self.legend)

    def _new_slot(self, index: int) -> widgets.Button:
        slot = widgets.Button(layout=widgets.Layout(width=CELL, height=CELL, padding="0"))
        slot.on_click(lambda _b, index=index: self._clicked(index))
        return slot

    def _clicked(self, index: int) -> None:
        at = self._slot_cells[index] if index < len(self._slot_cells) else None
        if at is not None and at in self.cells:
            self._on_travel(at)

    @staticmethod
    def _show_gap(slot: widgets.Button) -> None:
        with slot.hold_sync():
            slot.description, slot.tooltip, slot.disabled = "", "", True
            slot._dom_classes = ("lantern-map-gap",)

    @staticmethod
    def _show_region(
        slot: widgets.Button, region: Region, here: bool, enterable: bool, name: str
    ) -> None:
        text, tip = region_label(region, here, name)
        classes = ["lantern-map-cell"]
        if not region.face_up:
            classes.append("lantern-map-hidden")
        else:
            colour = "red" if region.card.colour is Colour.RED else "black"
            classes.append(f"lantern-map-{colour}")
        if here:
            classes.append("lantern-map-here")
        if region.beacon:
            classes.append("lantern-map-lit" if region.lit else "lantern-map-beacon")
        if enterable:
            classes.append("lantern-map-enterable")
        with slot.hold_sync():
            slot.description = text
            slot.tooltip = tip + (" — click to travel here" if enterable else "")
            slot.disabled = not enterable
            slot._dom_classes = tuple(classes)
