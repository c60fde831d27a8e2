"""The two trait types of ipywidgets that its widgets' traits are declared with.

Each is written with the getter and setter types traitlets' ``TraitType[G, S]`` carries: what a
read gives, and what an assignment accepts (ipywidgets casts a list to a tuple, a dict to the
instance).
"""

from typing import Any, TypeVar

from traitlets import TraitType

T = TypeVar("T")

class TypedTuple(TraitType[tuple[T, ...], tuple[T, ...] | list[T]]): ...
class InstanceDict(TraitType[T, T | dict[str, Any]]): ...
