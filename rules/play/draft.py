"""A game's state copied once, changed in place while one action resolves, and frozen again: the
one mutable-copy mechanism every engine uses.

Why a copy: a state is a value (a named tuple or a frozen dataclass) that the Journey Book, undo
and a rollout's tree may all hold, so an action never changes the state it was taken in. But an
action changes a state several times, and a rollout plays millions of actions: a new frozen value
per change would cost a copy of every field each time. So an action copies the state once into a
:class:`Draft`, writes each change into the draft's fields where they lie, and freezes it once.

Why generated: the state's fields are named once, in the state's class (a named tuple's
``_fields``, a dataclass's fields). The copy into the draft and the freeze out of it are written
from that list when the draft's class is made, as :mod:`dataclasses` writes a constructor: one
unpacking statement in, one constructor call out, the fastest copy CPython has, and a field added
to the state is copied with no other edit.

>>> from typing import NamedTuple
>>> class Point(NamedTuple):
...     x: int
...     y: int = 0
>>> class Moving(Draft[Point]):
...     __slots__ = slots(Point, "steps")
...     def __init__(self, point: Point) -> None:
...         self.take(point)
...         self.steps = 0
>>> moving = Moving(Point(1))
>>> moving.x += 2
>>> moving.freeze()
Point(x=3, y=0)
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, ClassVar, ForwardRef, Generic, TypeVar, get_args

__all__ = ["Draft", "field_names", "slots"]

S = TypeVar("S")


def field_names(state: type) -> tuple[str, ...]:
    """The fields of a state class, in order: a named tuple's ``_fields``, a dataclass's fields."""
    if issubclass(state, tuple) and hasattr(state, "_fields"):
        return tuple(state._fields)
    if dataclasses.is_dataclass(state):
        return tuple(f.name for f in dataclasses.fields(state))
    raise TypeError(
        f"a draft copies a named tuple or a dataclass, not {state.__qualname__} "
        "(its fields are read from the class)"
    )


def slots(state: type, *own: str) -> tuple[str, ...]:
    """A draft's ``__slots__``: every field of ``state`` and the draft's ``own`` attributes (what
    the action keeps beside the state: its chance, its report's lines)."""
    return (*field_names(state), *own)


class Draft(Generic[S]):
    """A mutable copy of one state (of the class it is a ``Draft[...]`` of), its fields as the
    draft's own attributes: :meth:`take` copies a state in, :meth:`freeze` makes the new state.

    A subclass names its state class once (``class Work(Draft[State])``) and declares
    ``__slots__ = slots(State, ...)`` (a slot is read and written faster than a dict's entry,
    and a misspelt field is refused at once). The copy and the freeze follow the state's own
    list, so a field added to the state is copied with no other edit. A type checker cannot read
    attributes made from a class's field list, so a draft that wants its fields typed annotates
    them as the state does; the annotations are checked against the state's when the class is
    made (a field left out, or typed otherwise, is refused), so they cannot drift from it.
    """

    __slots__ = ()
    #: The state class a draft is copied from and frozen into.
    state_class: ClassVar[type]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state = _drafted(cls)
        if state is None:  # a subclass of a draft class: its parent's methods already written
            return
        names = field_names(state)
        missing = [name for name in names if not _has_slot(cls, name)]
        if missing:
            raise TypeError(
                f"{cls.__qualname__} keeps no slot for {state.__qualname__}'s fields "
                f"{missing}: declare __slots__ = slots({state.__qualname__}, ...)"
            )
        _check_annotations(cls, state, names)
        cls.state_class = state
        cls.take, cls.freeze = _written(state, names)  # type: ignore[method-assign]

    def take(self, state: S) -> None:
        """Copy every field of ``state`` into this draft (written when the class is made)."""
        raise NotImplementedError  # replaced in every subclass by __init_subclass__

    def freeze(self) -> S:
        """The new state: this draft's fields as a frozen value (written when the class is
        made)."""
        raise NotImplementedError  # replaced in every subclass by __init_subclass__


def _drafted(cls: type) -> type | None:
    """The state class ``cls`` is declared a draft of (``Draft[State]`` among its bases)."""
    for base in cls.__dict__.get("__orig_bases__", ()):
        if getattr(base, "__origin__", None) is Draft:
            (state,) = get_args(base)
            if not isinstance(state, type):
                raise TypeError(f"a Draft is of a state class, not {state!r}")
            return state
    return None


def _check_annotations(cls: type, state: type, names: tuple[str, ...]) -> None:
    """Refuse a draft whose annotations of the state's fields are not the state's own."""
    own = inspect.get_annotations(cls)
    typed = {name: _hint(own[name]) for name in names if name in own}
    if not typed:
        return
    theirs = {name: _annotation(state, name) for name in names}
    wrong = {name: hint for name, hint in typed.items() if hint != theirs[name]}
    left_out = [name for name in names if name not in typed]
    if wrong or left_out:
        raise TypeError(
            f"{cls.__qualname__} annotates {state.__qualname__}'s fields as the state does, "
            f"each of them: left out {left_out}, typed otherwise {wrong} "
            f"(the state's: { {name: theirs[name] for name in wrong} })"
        )


def _annotation(state: type, name: str) -> Any:
    for klass in state.__mro__:
        found = inspect.get_annotations(klass)
        if name in found:
            return _hint(found[name])
    return None


def _hint(annotation: Any) -> Any:
    """An annotation as written (a named tuple keeps a postponed one as a ``ForwardRef``)."""
    return annotation.__forward_arg__ if isinstance(annotation, ForwardRef) else annotation


def _has_slot(cls: type, name: str) -> bool:
    return any(name in getattr(klass, "__slots__", ()) for klass in cls.__mro__)


def _written(state: type, names: tuple[str, ...]) -> tuple[Any, Any]:
    """The draft's ``take`` and ``freeze`` for ``state``'s fields, written out as code.

    A named tuple is unpacked in one statement and built by ``tuple.__new__`` (its generated
    constructor adds a call); a frozen dataclass's fields are read from its dict and frozen into a
    new instance whose dict is set at once past the frozen guard (a dict built whole is combined,
    which CPython 3.11 reads at full speed; see :func:`rules.voidlight.state.evolve`).
    """
    own = ", ".join(f"self.{name}" for name in names)
    if issubclass(state, tuple):
        source = (
            f"def take(self, state):\n    ({own},) = state\n"
            f"def freeze(self):\n    return _new(_State, ({own},))\n"
        )
        scope: dict[str, Any] = {"_new": tuple.__new__, "_State": state}
    else:
        reads = "\n".join(f"    self.{name} = fields[{name!r}]" for name in names)
        entries = ", ".join(f"{name!r}: self.{name}" for name in names)
        source = (
            f"def take(self, state):\n    fields = state.__dict__\n{reads}\n"
            f"def freeze(self):\n    new = _new(_State)\n"
            f"    _set(new, '__dict__', {{{entries}}})\n    return new\n"
        )
        scope = {"_new": object.__new__, "_set": object.__setattr__, "_State": state}
    exec(compile(source, f"<draft of {state.__qualname__}>", "exec"), scope)
    take, freeze = scope["take"], scope["freeze"]
    take.__doc__, freeze.__doc__ = Draft.take.__doc__, Draft.freeze.__doc__
    return take, freeze
