"""A value derived from an immutable one, worked out on first use and kept with it.

:func:`functools.cached_property` does this, but takes a lock on every first use in Python 3.11;
the rules values are immutable and a race would only work the same value out twice, so the
lock is cost without benefit (Python 3.12 dropped it too). Each map and curse track of a journey
works out a few of these, once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

__all__ = ["derived"]

T = TypeVar("T")


class derived(Generic[T]):
    """``@derived`` on a method of a frozen dataclass: the method's value, kept in the
    instance's ``__dict__`` on first use (so later reads are plain attribute reads)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object, owner: type | None = None) -> T | derived[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
