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

from rules.cards import Colour
from rules.firelights import Region, State, hidden_path_names
from widgets.card_view import card_name
from widgets.frame.connection import replace_children
from widgets.theme import button

__all__ = ["COLUMNS", "ROWS", "WorldMapView", "region_label", "window"]

Cell = tuple[int, int]
CELL = "4.4em"
#: The most columns and rows of cards shown at once (they fit a panel column at 1400 px).
COLUMNS = 8
ROWS = 6
LEGEND = (
    '<span class="lantern-muted lantern-legend">◉ you are here · ☆ unlit beacon · ★ lit beacon · ?A hidden path A'
    " · ✎ notes (hover to read) · click a touching region to travel. Placement on the grid is our "
    "house rule: above, below or beside your location, touching a corner.</span>"
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

    >>> window(0, 19, 17, 8), window(0, 19, 1, 8), window(0, 4, 2, 8)
    ((12, 19), (0, 7), (0, 4))
    """
    if high - low + 1 <= size:
        return low, high
    start = min(max(centre - size // 2, low), high - size + 1)
    return start, start + size - 1


class WorldMapView(widgets.VBox):
    """Re-rendered from the state; ``on_travel`` is called with the cell clicked."""

    def __init__(self, on_travel: Callable[[Cell], None]) -> None:
        super().__init__(layout=widgets.Layout(max_width="100%"))
        self.add_class("lantern-map")
        self._on_travel = on_travel
        self.cells: dict[Cell, widgets.Button] = {}
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
        """Show the map of ``state``, centred on the token whenever it moved."""
        if self._state is None or self._state.world.token != state.world.token:
            self._centre = state.world.token
        self._state, self._can_travel = state, can_travel
        self._draw()

    def _pan(self, dx: int, dy: int) -> None:
        if self._centre is not None and self._state is not None:
            self._centre = (
                self._centre[0] + dx * (COLUMNS // 2),
                self._centre[1] + dy * (ROWS // 2),
            )
            self._draw()

    def _home(self) -> None:
        if self._state is not None:
            self._centre = self._state.world.token
            self._draw()

    def _draw(self) -> None:
        state = self._state
        assert state is not None
        world = state.world
        key = (world, self._can_travel, self._centre)
        if key == self._shown:
            return
        self._shown = key
        self.cells = {}
        if not world.regions:
            replace_children(self.grid, ())
            self.children = (self.empty,)
            return
        xs = [r.at[0] for r in world.regions]
        ys = [r.at[1] for r in world.regions]
        centre = self._centre or (0, 0)
        x0, x1 = window(min(xs), max(xs), centre[0], COLUMNS)
        y0, y1 = window(min(ys), max(ys), centre[1], ROWS)
        self._centre = ((x0 + x1) // 2 if x1 - x0 + 1 >= COLUMNS else centre[0],
                        (y0 + y1) // 2 if y1 - y0 + 1 >= ROWS else centre[1])  # fmt: skip
        touching = {r.at for r in world.neighbours() if r.face_up}
        names = dict(hidden_path_names(state))
        items: list[widgets.Widget] = []
        for y in range(y1, y0 - 1, -1):
            for x in range(x0, x1 + 1):
                if (x, y) not in world:
                    items.append(widgets.Box(layout=widgets.Layout(width=CELL, height=CELL)))
                    continue
                here = world.token == (x, y)
                enterable = self._can_travel and (x, y) in touching
                items.append(self._cell(world[(x, y)], here, enterable, names.get((x, y), "")))
        self.grid.layout.grid_template_columns = f"repeat({x1 - x0 + 1}, {CELL})"
        replace_children(self.grid, items)  # then closes the cells and gaps it replaced
        hidden = {
            "west": x0 - min(xs), "east": max(xs) - x1, "north": max(ys) - y1, "south": y0 - min(ys)
        }  # fmt: skip
        for name, more in hidden.items():
            self.arrows[name].disabled = more <= 0
            self.arrows[name].layout.display = None if any(hidden.values()) else "none"
        self.arrows["home"].layout.display = None if any(hidden.values()) else "none"
        out_of_view = ", ".join(f"{more} more {name}" for name, more in hidden.items() if more > 0)
        self.where.value = (
            f'<span class="lantern-muted">Part of the map, around you: {out_of_view}.</span>'
            if out_of_view
            else ""
        )
        self.children = (self.nav, self.grid, self.legend)

    def _cell(self, region: Region, here: bool, enterable: bool, name: str) -> widgets.Button:
        text, tip = region_label(region, here, name)
        cell = widgets.Button(
            description=text,
            tooltip=tip + (" — click to travel here" if enterable else ""),
            disabled=not enterable,
            layout=widgets.Layout(width=CELL, height=CELL, padding="0"),
        )
        cell.add_class("lantern-map-cell")
        if not region.face_up:
            cell.add_class("lantern-map-hidden")
        else:
            colour = "red" if region.card.colour is Colour.RED else "black"
            cell.add_class(f"lantern-map-{colour}")
        if here:
            cell.add_class("lantern-map-here")
        if region.beacon:
            cell.add_class("lantern-map-lit" if region.lit else "lantern-map-beacon")
        if enterable:
            cell.add_class("lantern-map-enterable")
        cell.on_click(lambda _button, at=region.at: self._on_travel(at))
        self.cells[region.at] = cell
        return cell
