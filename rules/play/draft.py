"""A game's state copied once, changed in place while one action resolves, and frozen again: the
one mutable-copy mechanism every engine uses.

Why a copy: a state is a value (a named tuple or a frozen dataclass) that the Journey Book, undo
and a rollout's tree may all hold, so an action never changes the state it was taken in. But an
action changes a state several times, and a rollout plays millions of actions: a new frozen value
per change would cost a copy of every field each time. So an action copies the state once into a
:class:`Draft`, writes each change into the draft's fields where they lie, and freezes it once.

The state's fields are named once, in the state's class (a named tuple's ``_fields``, a
dataclass's fields), and the draft follows that list, so a field added to the state is copied
with no other edit. Where the fields lie while the action writes them depends on what a state is:

- a named tuple cannot be changed in place, so its draft holds the fields as its own slots; the
  copy in and the freeze out are written from the field list when the draft's class is made, as
  ``dataclasses`` writes a constructor: one unpacking statement in, one constructor call out,
  the fastest copy CPython has (Embers, whose actions are the cheapest, so the copy counts most);
- a frozen dataclass's draft holds the new state itself (``state``), whose fields are a dict of
  its own (``fields``) copied once: the action writes into that dict and reads the new state's
  methods and properties as it goes (a sheet's checks, the Curse the journey faces), and the
  freeze is the state, already made (Firelights, Voidlight). :func:`evolve` is the same copy for
  one change outside an action.

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

__all__ = ["Draft", "evolve", "field_names", "slots"]

S = TypeVar("S")
T = TypeVar("T")


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
    """A draft's ``__slots__``: where it holds ``state``'s fields (a named tuple's: every field;
    a dataclass's: the new ``state`` and its ``fields``), and its ``own`` attributes (what the
    action keeps beside the state: its chance, its report's lines)."""
    held = field_names(state) if issubclass(state, tuple) else ("state", "fields")
    return (*held, *own)


class Draft(Generic[S]):
    """A mutable copy of one state (of the class it is a ``Draft[...]`` of): :meth:`take` copies
    a state in, the action changes the copy, :meth:`freeze` hands back the new state.

    A subclass names its state class once (``class Work(Draft[State])``) and declares
    ``__slots__ = slots(State, ...)`` (a slot is read and written faster than a dict's entry,
    and a misspelt name is refused at once). A named tuple's draft has the fields as its own
    attributes (``work.hours -= 1``); a type checker cannot read attributes made from a class's
    field list, so a draft that wants them typed annotates them as the state does, and the
    annotations are checked against the state's when the class is made (a field left out, or
    typed otherwise, is refused), so they cannot drift from it. A dataclass's draft writes into
    ``fields`` (``turn.fields["fatigue"] = 3``, or :meth:`set`, which refuses an unknown name)
    and reads ``state``.
    """

    __slots__ = ()
    #: The state class a draft is copied from and frozen into, and its fields' names.
    state_class: ClassVar[type]
    #: The names of the state's fields, which :meth:`set` accepts.
    field_set: ClassVar[frozenset[str]]
    #: A dataclass's draft: the new state, and its fields (written in place).
    state: S
    #: A dataclass's draft: the new state's fields, written in place.
    fields: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state = _drafted(cls)
        if state is None:  # a subclass of a draft class: its parent's methods already written
            return
        names = field_names(state)
        held = names if issubclass(state, tuple) else ("state", "fields")
        missing = [name for name in held if not _has_slot(cls, name)]
        if missing:
            raise TypeError(
                f"{cls.__qualname__} keeps no slot for {missing} of its {state.__qualname__}: "
                f"declare __slots__ = slots({state.__qualname__}, ...)"
            )
        cls.state_class = state
        cls.field_set = frozenset(names)
        if issubclass(state, tuple):
            _check_annotations(cls, state, names)
            cls.take, cls.freeze = _written(state, names)  # type: ignore[method-assign]
        else:
            cls.take, cls.freeze = _in_place(state)  # type: ignore[method-assign]

    def take(self, state: S) -> None:
        """Copy every field of ``state`` into this draft (written when the class is made)."""
        raise NotImplementedError  # replaced in every subclass by __init_subclass__

    def freeze(self) -> S:
        """The new state: this draft's fields as a frozen value (written when the class is
        made)."""
        raise NotImplementedError  # replaced in every subclass by __init_subclass__

    def set(self, **changes: Any) -> None:
        """Change fields of a dataclass's draft, an unknown name refused (as
        :func:`dataclasses.replace` refuses it); the engine's own hot writes go to ``fields``."""
        if not self.field_set.issuperset(changes):
            unknown = sorted(set(changes) - self.field_set)
            raise TypeError(f"a {self.state_class.__qualname__} has no field {unknown}")
        self.fields.update(changes)


def _in_place(state: type) -> tuple[Any, Any]:
    """A dataclass's draft's ``take`` and ``freeze``: the new state made at once, its fields a
    dict of its own copied in one call (see :func:`evolve` for why a new dict), set past the
    frozen guard; the freeze hands it back."""
    new, put = object.__new__, object.__setattr__

    def take(self: Any, begun: Any) -> None:  # self: a subclass's, whose slots hold these
        made: Any = new(state)
        fields = {**begun.__dict__}
        put(made, "__dict__", fields)
        self.state, self.fields = made, fields

    def freeze(self: Any) -> Any:
        return self.state

    take.__doc__, freeze.__doc__ = Draft.take.__doc__, Draft.freeze.__doc__
    return take, freeze


#: The fields of each value :func:`evolve` has copied, by class.
_FIELDS: dict[type, frozenset[str]] = {}


def evolve(value: T, **changes: Any) -> T:
    """``value`` with ``changes``: :func:`dataclasses.replace` for a frozen dataclass with nothing
    to check on creation (no ``__post_init__``), at a fraction of its cost (every action makes
    several). An unknown field is refused, as ``replace`` refuses it.

    Why a new dict: the copy's fields go into a combined dict of its own. CPython 3.11 reads an
    attribute from a combined instance dict at full speed, but an object's own attributes become
    a split dict once its ``__dict__`` is asked for, and a copy of that is split too, which every
    read then looks up the slow way (about four times the cost: a state's fields are read dozens
    of times an action)."""
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        assert not hasattr(cls, "__post_init__"), f"{cls.__name__} checks itself: use replace"
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        raise TypeError(f"a {cls.__name__} has no field {sorted(set(changes) - names)}")
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", {**value.__dict__, **changes})  # past the frozen guard
    return new


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
    """A named tuple's draft's ``take`` and ``freeze`` for its fields, written out as code.

    The named tuple is unpacked in one statement and built by ``tuple.__new__`` (its generated
    constructor adds a call).
    """
    own = ", ".join(f"self.{name}" for name in names)
    source = (
        f"def take(self, state):\n    ({own},) = state\n"
        f"def freeze(self):\n    return _new(_State, ({own},))\n"
    )
    scope: dict[str, Any] = {"_new": tuple.__new__, "_State": state}
    exec(compile(source, f"<draft of {state.__qualname__}>", "exec"), scope)
    take, freeze = scope["take"], scope["freeze"]
    take.__doc__, freeze.__doc__ = Draft.take.__doc__, Draft.freeze.__doc__
    return take, freeze
