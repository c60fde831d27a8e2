"""The World Map: region cards on a grid, the token, hidden paths and beacons.

Rules: "draw a card from the Story Deck, and place it face up in front of you. This is where you
are right now." A new region's corner connects with another region's corner; it goes above the
current location when its number is higher, below when lower, beside when equal. "If the card you
add to the map is a face card (jack, queen, king) that region includes a beacon."

Our grid reading (house rule, named in the panel): the map is a grid of cells ``(x, y)``, ``y``
growing upwards. *Above* means the row above the current location, *below* the row below, *beside*
the same row; the new card takes a free cell touching a placed card (diagonal neighbours touch at
a corner) in the nearest such row in that direction, nearest the current location's column, the
leftmost on a tie. The token marks the current location and moves to any revealed region touching
it.

Beacons: "To find beacons, DISCOVER A REGION." The starting region is drawn, not discovered, and
holds no beacon even when it is a face card; a face card placed face up later (by Discover a
Region) or revealed from a hidden path holds one, the first six only (RULES-NOTES).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from rules.errors import IllegalAction, InvalidInput
from rules.firelights.derived import derived
from rules.table.cards import FACES, Card, Suit

__all__ = ["BEACONS", "Cell", "Region", "WorldMap", "direction", "path_letter", "side"]

#: The beacons to light: "light six beacons" ends the journey well.
BEACONS = 6
#: A cell of the map, ``(x, y)``: the grid the house rule reads the map as.
Cell = tuple[int, int]
#: The eight steps to a touching cell, ``(dx, dy)``, diagonals included.
NEIGHBOURS: tuple[Cell, ...] = tuple(
    (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
)


def direction(new: Card, current: Card) -> str:
    """``"above"``, ``"below"`` or ``"beside"``: where ``new`` goes next to ``current``."""
    if new.rank > current.rank:
        return "above"
    if new.rank < current.rank:
        return "below"
    return "beside"


def path_letter(number: int) -> str:
    """The letter of the hidden path placed ``number``-th (from 0): A..Z, then AA, AB, ...

    >>> [path_letter(n) for n in (0, 1, 25, 26)]
    ['A', 'B', 'Z', 'AA']
    """
    letters = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def side(at: Cell, of: Cell) -> str:
    """Where the cell ``at`` lies from its neighbour ``of``: "above", "below", "left of" or
    "right of" (above and below include the corners)."""
    if at[1] != of[1]:
        return "above" if at[1] > of[1] else "below"
    return "left of" if at[0] < of[0] else "right of"


@dataclass(frozen=True)
class Region:
    """A card on the map: a hidden path lies face down; a beacon may be lit."""

    #: The card that is the region.
    card: Card
    #: Its cell on the map.
    at: Cell
    #: False for a hidden path, a card placed face down until revealed.
    face_up: bool = True
    #: Whether it holds a beacon (a face card discovered face up).
    beacon: bool = False
    #: Whether its beacon is lit.
    lit: bool = False
    #: The details noted on it ("place slips of paper on top of the cards").
    slips: tuple[str, ...] = ()
    #: The letter a card placed face down gets (A, B, C, ... in order of placement), so a player can
    #: tell hidden paths apart; kept once revealed, so letters are never reused; "" for a card
    #: placed face up.
    path: str = ""

    def evolve(self, **changes: Any) -> Region:
        """This region with ``changes``: :func:`dataclasses.replace` for the values the map makes
        itself (a region has nothing to check on creation), at a fraction of its cost."""
        if not _REGION_FIELDS.issuperset(changes):
            raise TypeError(f"a Region has no field {sorted(set(changes) - _REGION_FIELDS)}")
        region = object.__new__(Region)
        object.__setattr__(region, "__dict__", {**self.__dict__, **changes})  # see _BLANK
        return region


_REGION_FIELDS = frozenset(f.name for f in fields(Region))
#: A region whose every field a new region sets (the defaults of the others). A region a move
#: makes gets its fields as a plain dict of its own (set as its ``__dict__``), not filled into
#: the layout shared by every region its constructor made, as this one: the interpreter reads a
#: field quickly from one layout only, and moves make nearly every region.
_BLANK = Region(Card(1, Suit.CLUBS), (0, 0))


@dataclass(frozen=True)
class WorldMap:
    """The regions in order of placement, and the token's cell (None before the first card).

    A map never changes, so what is derived from it is worked out once, when it is made (the
    fields after ``token``: where each cell's region is, its beacons, the face-up cells, ...); a
    map made by :meth:`place`, :meth:`travel` or another move is handed them by its parent.
    They are plain fields, not worked out on first use, so that reading one is a plain read (an
    action reads several); the token's region, :attr:`current`, is worked out on first use.
    """

    #: The regions in order of placement.
    regions: tuple[Region, ...] = ()
    #: The token's cell, where the Firelight is (None before the first card).
    token: Cell | None = None
    #: Each region's cell and its place in :attr:`regions` (the first, for a cell twice).
    _index: dict[Cell, int] = field(init=False, repr=False, compare=False)
    #: The regions holding a beacon, in order of placement.
    beacons: tuple[Region, ...] = field(init=False, repr=False, compare=False)
    #: The cells of the regions face up: where the token may go.
    revealed: frozenset[Cell] = field(init=False, repr=False, compare=False)
    #: How many face cards lie face up on the map, beacons or not (a face card that lies face up
    #: without a beacon never gets one).
    faces_up: int = field(init=False, repr=False, compare=False)
    #: How many beacons are lit.
    lit: int = field(init=False, repr=False, compare=False)
    #: The cells of the beacons not yet lit, in order of placement (where a player heads).
    unlit: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    #: The cells of the hidden paths, in order of placement (a player looks for the first before
    #: every move).
    hidden: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    #: How many cards have been placed face down, revealed since or not: the next hidden path's
    #: letter is the one after theirs.
    paths: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.__dict__.update(_derived(self.regions))

    def _at(self, at: object) -> int | None:
        try:
            return self._index.get(at)  # type: ignore[call-overload, no-any-return]
        except TypeError:  # unhashable: no cell
            return None

    def __getitem__(self, at: Cell) -> Region:
        try:  # _at(at), here: a move looks up a region or two
            i = self._index.get(at)
        except TypeError:  # unhashable: no cell
            i = None
        if i is None:
            raise InvalidInput(f"there is no region at {at!r} on your map")
        return self.regions[i]

    def __contains__(self, at: object) -> bool:
        return self._at(at) is not None

    @derived
    def current(self) -> Region:
        """The region where the token stands; refused before the journey has begun."""
        if self.token is None:
            raise IllegalAction("your journey has not begun: create your Firelight first (Begin)")
        return self[self.token]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the map, in order of placement (each card is in one place: the checks count
        them)."""
        return tuple(region.card for region in self.regions)

    def candidates(self, card: Card) -> tuple[Cell, ...]:
        """The free cells where ``card`` may go, nearest the current location first.

        The nearest row in that direction is always the next one (the row above for "above"):
        the cells there touching your location are free, or a run of placed cards ends in a
        free cell beside it. In that row, the free cells nearest your location's column, the
        left one first: each touches a placed card, your location or the run it ends.
        """
        if self.token is None:
            return ((0, 0),)
        x, y = self.token
        side = direction(card, self.current.card)
        row = y + 1 if side == "above" else y - 1 if side == "below" else y
        placed = self._index
        if (x, row) not in placed:
            return ((x, row),)
        for distance in range(1, len(self.regions) + 1):  # a run of cards is no longer
            left, right = (x - distance, row), (x + distance, row)
            if left not in placed:
                return (left, right) if right not in placed else (left,)
            if right not in placed:
                return (right,)
        raise AssertionError(f"no free cell in row {row} of {self!r}")  # pragma: no cover

    def place(self, card: Card, *, face_up: bool = True, at: Cell | None = None) -> WorldMap:
        """Add ``card`` as a region; the first card becomes the current location.

        The first card is the starting region: it holds no beacon. Every later card is discovered,
        and a face card placed face up holds a beacon while fewer than six do.
        """
        options = self.candidates(card)
        if at is None:
            at = options[0]
        elif tuple(at) not in options:
            cells = " or ".join(map(repr, options))
            raise IllegalAction(f"{card.label} cannot go at {at!r}: it goes at {cells}")
        else:
            at = (int(at[0]), int(at[1]))  # a cell given as a list, or of other ints
        token = self.token
        face = card in FACES
        beacons = self.beacons
        beacon = token is not None and face_up and face and len(beacons) < BEACONS
        paths = self.paths
        path = "" if face_up else path_letter(paths)
        region = object.__new__(Region)  # every field set: _BLANK's and the new card's
        fields = {**_BLANK.__dict__, "card": card, "at": at, "face_up": face_up}
        fields["beacon"], fields["path"] = beacon, path
        object.__setattr__(region, "__dict__", fields)  # see _BLANK
        index = self._index.copy()
        index[at] = len(self.regions)
        world = object.__new__(WorldMap)  # the fields and what is derived, in one go
        world.__dict__.update(
            regions=(*self.regions, region),
            token=at if token is None else token,
            _index=index,
            beacons=(*beacons, region) if beacon else beacons,
            revealed=self.revealed | {at} if face_up else self.revealed,
            faces_up=self.faces_up + (face_up and face),
            lit=self.lit,
            unlit=(*self.unlit, at) if beacon else self.unlit,
            hidden=self.hidden if face_up else (*self.hidden, at),
            paths=paths if face_up else paths + 1,
            # the token stays where it was (a new card takes a free cell): the same region
            current=region if token is None else self.current,
        )  # fmt: skip
        return world

    def placement(self, card: Card) -> str:
        """Where ``card`` would join the map, in the rule's words: "above 5♣" (above, below or
        beside your current location); "" for the first card, the starting region."""
        if self.token is None:
            return ""
        current = self.current.card
        return f"{direction(card, current)} {current.label}"

    def describe(self, at: Cell) -> str:
        """The region at ``at`` as a player names it: its card (``"7♥"``) when face up, else
        ``"hidden path A (below 7♥)"``, placed from a touching face-up region (one directly above,
        below or beside first, then the first placed), or from a touching hidden path when no
        face-up region touches it. Never the cell's coordinates."""
        region = self[at]
        if region.face_up:
            return region.card.label
        touching = [r for r in self.regions if _touch(r.at, at)]
        touching.sort(key=lambda r: (not r.face_up, r.at[0] != at[0] and r.at[1] != at[1]))
        if not touching:
            return f"hidden path {region.path}"
        near = touching[0]
        name = near.card.label if near.face_up else f"hidden path {near.path}"
        return f"hidden path {region.path} ({side(at, near.at)} {name})"

    def reveal(self, at: Cell) -> WorldMap:
        """Turn a hidden path face up; a face card then holds a beacon if fewer than six do."""
        region = self[at]
        if region.face_up:
            raise IllegalAction(f"{region.card.label} at {at!r} is face up, not a hidden path")
        face = region.card in FACES
        beacon = face and len(self.beacons) < BEACONS
        hidden = self.hidden  # the first region at its cell is the first hidden path there
        gone = hidden.index(region.at)
        known = {
            "lit": self.lit,  # a region keeps its lit mark
            "faces_up": self.faces_up + face,
            "revealed": self.revealed | {region.at},
            "hidden": hidden[:gone] + hidden[gone + 1 :],
            "paths": self.paths,
        }
        if not beacon:  # else the beacons, in order of placement, are worked out on first use
            known.update(beacons=self.beacons, unlit=self.unlit)
        return self._replace(region.evolve(face_up=True, beacon=beacon), known)

    def light(self, at: Cell) -> WorldMap:
        """This map with the beacon at ``at`` lit; a cell without an unlit beacon is refused."""
        region = self[at]
        if not region.beacon or region.lit:
            raise IllegalAction(f"{region.card.label} at {at!r} holds no unlit beacon")
        lit = region.evolve(lit=True)
        beacons = tuple([lit if b is region else b for b in self.beacons])  # same order
        known = {
            "beacons": beacons,
            "unlit": tuple([b.at for b in beacons if not b.lit]),
            "lit": self.lit + 1,
            "faces_up": self.faces_up,
            "revealed": self.revealed,
            "hidden": self.hidden,
            "paths": self.paths,
        }
        return self._replace(lit, known)

    def write(self, at: Cell, text: str) -> WorldMap:
        """Place a slip of paper with ``text`` on the region at ``at``."""
        region = self[at]
        return self._replace(region.evolve(slips=(*region.slips, text)))

    def travel(self, at: Cell) -> WorldMap:
        """Move the token to a revealed region touching the current location."""
        target = self[at]
        assert self.token is not None
        if not target.face_up:
            raise IllegalAction(
                f"{self.describe(at)} at {at!r} is face down: reveal it before you travel there"
            )
        if tuple(at) == self.token:
            raise IllegalAction(
                f"you are already there: {at!r} is {target.card.label}, your location"
            )
        dx, dy = at[0] - self.token[0], at[1] - self.token[1]
        if (dx, dy) not in NEIGHBOURS:
            raise IllegalAction(
                f"{target.card.label} at {at!r} does not touch your location "
                f"{self.current.card.label}: travel one region at a time"
            )
        world = object.__new__(WorldMap)  # the fields and what is derived, in one go
        world.__dict__.update(
            regions=self.regions,
            token=target.at,
            _index=self._index,
            beacons=self.beacons,
            revealed=self.revealed,
            faces_up=self.faces_up,
            lit=self.lit,
            unlit=self.unlit,
            hidden=self.hidden,
            paths=self.paths,
            current=target,
        )
        return world

    def neighbours(self) -> tuple[Region, ...]:
        """The regions touching the current location."""
        if self.token is None:
            return ()
        x, y = self.token
        return tuple([r for r in self.regions if (r.at[0] - x, r.at[1] - y) in NEIGHBOURS])

    def _replace(self, new: Region, known: dict[str, Any] | None = None) -> WorldMap:
        """This map with ``new`` in place of the region at its cell (the first there), told
        what its move ``known`` of what is derived (the rest is worked out from the regions)."""
        index = self._index
        at = index[new.at]
        regions = (*self.regions[:at], new, *self.regions[at + 1 :])
        if known is None or len(known) < len(_DERIVED) - 1:  # the rest worked out here
            known = {**_derived(regions), **(known or {})}
        world = object.__new__(WorldMap)  # the fields and what is derived, in one go
        fields = world.__dict__
        fields.update(regions=regions, token=self.token, _index=index)
        for name in _ORDER:  # every map's fields in one order: a read of one finds it at once
            fields[name] = known[name]
        token = self.token
        here = None if token is None else index.get(token)
        if here is not None:  # the token's region: the new one, or where it was
            fields["current"] = new if here == at else self.regions[here]
        return world


def _derived(regions: tuple[Region, ...]) -> dict[str, Any]:
    """What a map of ``regions`` derives from them (:data:`_DERIVED`, the fields after
    ``token``), worked out from scratch: a map made by its constructor, or a slip written."""
    index: dict[Cell, int] = {}
    for i, region in enumerate(regions):
        index.setdefault(region.at, i)
    beacons = tuple([region for region in regions if region.beacon])
    return {
        "_index": index,
        "beacons": beacons,
        "revealed": frozenset([region.at for region in regions if region.face_up]),
        "faces_up": sum([region.face_up and region.card.is_face for region in regions]),
        "lit": sum([region.lit for region in regions]),
        "unlit": tuple([region.at for region in beacons if not region.lit]),
        "hidden": tuple([region.at for region in regions if not region.face_up]),
        "paths": sum([bool(region.path) for region in regions]),
    }


#: The fields of a map it derives from its regions, and those after its index, in order (each
#: move writes a new map's fields in the order of the class: the interpreter then reads one
#: from every map as from one kind of object).
_DERIVED = frozenset(f.name for f in fields(WorldMap) if not f.init)
_ORDER = tuple(f.name for f in fields(WorldMap) if not f.init and f.name != "_index")


@cache
def around(cell: Cell) -> tuple[Cell, ...]:
    """The eight cells touching ``cell``, in the order of :data:`NEIGHBOURS`."""
    return tuple([(cell[0] + dx, cell[1] + dy) for dx, dy in NEIGHBOURS])


def _touch(a: Cell, b: Cell) -> bool:
    return (a[0] - b[0], a[1] - b[1]) in NEIGHBOURS
