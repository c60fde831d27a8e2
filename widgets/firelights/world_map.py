"""The World Map as a grid of cards: the token, beacons lit and unlit, hidden paths face down.

Each region is a button, so travelling is a click on a touching region; the rules decide which
regions may be entered (:meth:`rules.firelights.WorldMap.travel`), the map only offers them.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from rules.cards import Colour
from rules.firelights import Region, State
from widgets.card_view import card_name

__all__ = ["WorldMapView", "region_label"]

Cell = tuple[int, int]
CELL = "5.4em"


def region_label(region: Region, here: bool) -> tuple[str, str]:
    """The button text and tooltip of a region."""
    if not region.face_up:
        text, tip = (
            "?",
            "A hidden path (face down): reveal it with Confront Risk or Buy Information",
        )
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


class WorldMapView(widgets.VBox):
    """Re-rendered from the state; ``on_travel`` is called with the cell clicked."""

    def __init__(self, on_travel: Callable[[Cell], None]) -> None:
        # A long journey's map outgrows its column: scroll it rather than cut it off.
        super().__init__(layout=widgets.Layout(overflow="auto", max_width="100%"))
        self.add_class("lantern-map")
        self._on_travel = on_travel
        self.cells: dict[Cell, widgets.Button] = {}

    def render(self, state: State, can_travel: bool) -> None:
        world = state.world
        if not world.regions:
            self.children = (widgets.HTML('<span class="lantern-muted">The map is empty.</span>'),)
            return
        xs = [r.at[0] for r in world.regions]
        ys = [r.at[1] for r in world.regions]
        touching = {r.at for r in world.neighbours() if r.face_up}
        for old in self.cells.values():
            old.close()  # replaced below: free its model in the kernel and the browser
        self.cells = {}
        items: list[widgets.Widget] = []
        for y in range(max(ys), min(ys) - 1, -1):
            for x in range(min(xs), max(xs) + 1):
                if (x, y) not in world:
                    items.append(widgets.Box(layout=widgets.Layout(width=CELL, height=CELL)))
                    continue
                items.append(
                    self._cell(
                        world[(x, y)], world.token == (x, y), can_travel and (x, y) in touching
                    )
                )
        columns = max(xs) - min(xs) + 1
        grid = widgets.GridBox(
            items,
            layout=widgets.Layout(
                grid_template_columns=f"repeat({columns}, {CELL})", grid_gap="0.3em"
            ),
        )
        legend = widgets.HTML(
            '<span class="lantern-muted">◉ you are here · ☆ unlit beacon · ★ lit beacon · '
            "? hidden path · ✎ notes (hover to read) · click a touching region to travel. Placement on the grid is our "
            "house rule: above, below or beside your location, touching a corner.</span>"
        )
        self.children = (grid, legend)

    def _cell(self, region: Region, here: bool, enterable: bool) -> widgets.Button:
        text, tip = region_label(region, here)
        button = widgets.Button(
            description=text,
            tooltip=tip + (" — click to travel here" if enterable else ""),
            disabled=not enterable,
            layout=widgets.Layout(width=CELL, height=CELL, padding="0"),
        )
        button.add_class("lantern-map-cell")
        if not region.face_up:
            button.add_class("lantern-map-hidden")
        else:
            colour = "red" if region.card.colour is Colour.RED else "black"
            button.add_class(f"lantern-map-{colour}")
        if here:
            button.add_class("lantern-map-here")
        if region.beacon:
            button.add_class("lantern-map-lit" if region.lit else "lantern-map-beacon")
        if enterable:
            button.add_class("lantern-map-enterable")
        button.on_click(lambda _button, at=region.at: self._on_travel(at))
        self.cells[region.at] = button
        return button
