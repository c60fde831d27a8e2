"""The one mutable-copy mechanism of the engines (:mod:`rules.play.draft`): a state copied into a
draft, changed in place and frozen again, its fields read from the state's class alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pytest

from rules.play.draft import Draft, evolve, field_names, slots


class Point(NamedTuple):
    x: int
    y: int = 0


@dataclass(frozen=True)
class Spot:
    x: int
    y: int = 0


class Moving(Draft[Point]):
    __slots__ = slots(Point, "steps")


class Placing(Draft[Spot]):
    __slots__ = slots(Spot)


def test_a_named_tuple_is_copied_changed_and_frozen_leaving_the_first_alone() -> None:
    start = Point(1, 2)
    draft = Moving()
    draft.take(start)
    draft.x += 3
    assert draft.freeze() == Point(4, 2)
    assert type(draft.freeze()) is Point
    assert start == Point(1, 2)


def test_the_fields_are_the_state_classes_own_in_order() -> None:
    assert field_names(Point) == ("x", "y") == field_names(Spot)
    assert slots(Point, "steps") == ("x", "y", "steps")
    assert slots(Spot, "lines") == ("state", "fields", "lines")
    assert Moving.state_class is Point


def test_a_misspelt_field_is_refused_by_the_draft() -> None:
    draft = Moving()
    with pytest.raises(AttributeError):
        draft.z = 1  # type: ignore[attr-defined]


def test_a_draft_without_a_slot_for_every_field_is_refused_when_made() -> None:
    with pytest.raises(TypeError, match=r"no slot for \['y'\] of its Point"):

        class Short(Draft[Point]):
            __slots__ = ("x",)


def test_a_drafts_annotations_must_be_the_states_own() -> None:
    with pytest.raises(TypeError, match="typed otherwise"):

        class Wrong(Draft[Point]):
            __slots__ = slots(Point)
            x: str
            y: int

    with pytest.raises(TypeError, match=r"left out \['y'\]"):

        class Half(Draft[Point]):
            __slots__ = slots(Point)
            x: int


def test_a_draft_copies_only_a_named_tuple_or_a_dataclass() -> None:
    with pytest.raises(TypeError, match="a named tuple or a dataclass"):

        class Loose(Draft[int]):
            __slots__ = ()


def test_a_dataclass_draft_writes_into_the_new_states_own_fields() -> None:
    start = Spot(1, 2)
    draft = Placing()
    draft.take(start)
    draft.fields["x"] = 7
    assert draft.state.x == 7  # the new state reads the change as soon as it is written
    draft.set(y=3)
    assert draft.freeze() == Spot(7, 3)
    assert start == Spot(1, 2)
    with pytest.raises(TypeError, match=r"a Spot has no field \['z'\]"):
        draft.set(z=1)


def test_evolve_is_replace_for_a_frozen_dataclass_refusing_an_unknown_field() -> None:
    start = Spot(1, 2)
    assert evolve(start, y=5) == Spot(1, 5)
    assert start == Spot(1, 2)
    with pytest.raises(TypeError, match=r"a Spot has no field \['z'\]"):
        evolve(start, z=1)
