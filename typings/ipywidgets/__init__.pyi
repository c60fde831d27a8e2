"""Type information for the part of ipywidgets 8 that Lantern uses.

ipywidgets ships no type information (no ``py.typed``, no stubs on PyPI), so without these stubs
every widget class is ``Any`` to mypy: a panel could not subclass ``VBox`` under ``--strict`` and
nothing a panel reads from a widget (``value``, ``children``, ``layout``) would be checked.

Only the classes, traits and methods Lantern uses are here, each written as ipywidgets 8.1
declares it: a trait is the traitlets descriptor ipywidgets builds it from (traitlets is typed),
so reading ``Text().value`` gives ``str`` and assigning a ``list`` to ``Box.children`` is allowed,
as ipywidgets casts it. A constructor takes any trait by keyword (``**kwargs``), as traitlets'
``HasTraits`` does. Add a name here, copied from ipywidgets' own declaration, when a widget
module starts to use it; mypy says which one is missing.
"""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, Self

from ipywidgets.widgets.trait_types import InstanceDict, TypedTuple
from traitlets import Any as AnyTrait
from traitlets import Bool, CaselessStrEnum, CInt, HasTraits, Int, List, Unicode

__version__: str

class Widget(HasTraits):
    keys: List[str]
    _view_count: Int[int | None, int | None]
    comm: Any
    @property
    def model_id(self) -> str: ...
    def __init__(self, **kwargs: Any) -> None: ...
    def open(self) -> None: ...
    def close(self) -> None: ...
    def get_state(
        self, key: str | Sequence[str] | None = None, drop_defaults: bool = False
    ) -> dict[str, Any]: ...
    def send(self, content: Any, buffers: Sequence[bytes | memoryview] | None = None) -> None: ...
    def on_msg(
        self, callback: Callable[[Widget, Any, list[bytes]], object], remove: bool = False
    ) -> None: ...
    @contextmanager
    def hold_sync(self) -> Iterator[None]: ...
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None: ...

class Layout(Widget):
    align_content: CaselessStrEnum[str | None]
    align_items: CaselessStrEnum[str | None]
    align_self: CaselessStrEnum[str | None]
    bottom: Unicode[str | None, str | bytes | None]
    display: Unicode[str | None, str | bytes | None]
    flex: Unicode[str | None, str | bytes | None]
    flex_flow: Unicode[str | None, str | bytes | None]
    height: Unicode[str | None, str | bytes | None]
    justify_content: CaselessStrEnum[str | None]
    justify_items: CaselessStrEnum[str | None]
    left: Unicode[str | None, str | bytes | None]
    margin: Unicode[str | None, str | bytes | None]
    max_height: Unicode[str | None, str | bytes | None]
    max_width: Unicode[str | None, str | bytes | None]
    min_height: Unicode[str | None, str | bytes | None]
    min_width: Unicode[str | None, str | bytes | None]
    overflow: Unicode[str | None, str | bytes | None]
    order: Unicode[str | None, str | bytes | None]
    padding: Unicode[str | None, str | bytes | None]
    right: Unicode[str | None, str | bytes | None]
    top: Unicode[str | None, str | bytes | None]
    visibility: CaselessStrEnum[str | None]
    width: Unicode[str | None, str | bytes | None]
    grid_gap: Unicode[str | None, str | bytes | None]
    grid_template_rows: Unicode[str | None, str | bytes | None]
    grid_template_columns: Unicode[str | None, str | bytes | None]
    grid_template_areas: Unicode[str | None, str | bytes | None]
    grid_row: Unicode[str | None, str | bytes | None]
    grid_column: Unicode[str | None, str | bytes | None]
    grid_area: Unicode[str | None, str | bytes | None]

class Style(Widget): ...

class DescriptionStyle(Style):
    description_width: Unicode[str, str | bytes]

class ButtonStyle(Style): ...

class DOMWidget(Widget):
    _dom_classes: TypedTuple[str]
    tabbable: Bool[bool | None, bool | int | None]
    tooltip: Unicode[str | None, str | bytes | None]
    layout: InstanceDict[Layout]
    def add_class(self, className: str) -> Self: ...
    def remove_class(self, className: str) -> Self: ...
    def focus(self) -> None: ...
    def blur(self) -> None: ...

class ValueWidget(Widget):
    value: AnyTrait

class DescriptionWidget(DOMWidget):
    description: Unicode[str, str | bytes]
    description_allow_html: Bool[bool, bool | int]
    style: InstanceDict[DescriptionStyle]

# Boxes

class Box(DOMWidget):
    children: TypedTuple[Widget]
    box_style: CaselessStrEnum[str]
    def __init__(self, children: Sequence[Widget] = (), **kwargs: Any) -> None: ...

class HBox(Box): ...
class VBox(Box): ...
class GridBox(Box): ...

# Strings

class _String(DescriptionWidget, ValueWidget):
    value: Unicode[str, str | bytes]  # narrows ValueWidget's Any
    placeholder: Unicode[str, str | bytes]
    def __init__(self, value: str | None = None, **kwargs: Any) -> None: ...

class HTML(_String): ...

class Output(DOMWidget):
    outputs: TypedTuple[dict[str, Any]]
    def append_display_data(self, display_object: Any) -> None: ...

class Label(_String): ...

class Text(_String):
    disabled: Bool[bool, bool | int]
    continuous_update: Bool[bool, bool | int]

class Textarea(_String):
    rows: Int[int | None, int | None]
    disabled: Bool[bool, bool | int]
    continuous_update: Bool[bool, bool | int]

# Buttons and booleans

class _ClickHandler(Protocol):
    # A protocol, not Callable[[Button], object]: mypy infers a lambda that binds a loop variable
    # by default (`lambda _b, name=name: ...`) against a protocol, not against a Callable.
    def __call__(self, button: Button, /) -> object: ...

class Button(DOMWidget):
    description: Unicode[str, str | bytes]
    disabled: Bool[bool, bool | int]
    icon: Unicode[str, str | bytes]
    button_style: CaselessStrEnum[str]
    style: InstanceDict[Style]
    def on_click(self, callback: _ClickHandler, remove: bool = False) -> None: ...
    def click(self) -> None: ...

class _Bool(DescriptionWidget, ValueWidget):
    value: Bool[bool, bool | int]  # narrows ValueWidget's Any
    disabled: Bool[bool, bool | int]
    def __init__(self, value: bool | None = None, **kwargs: Any) -> None: ...

class Checkbox(_Bool):
    indent: Bool[bool, bool | int]

class ToggleButton(_Bool):
    icon: Unicode[str, str | bytes]
    button_style: CaselessStrEnum[str]

# Numbers

class _Int(DescriptionWidget, ValueWidget):
    value: CInt[int, Any]  # narrows ValueWidget's Any
    def __init__(self, value: int | None = None, **kwargs: Any) -> None: ...

class _BoundedInt(_Int):
    max: CInt[int, Any]
    min: CInt[int, Any]
    def __init__(
        self,
        value: int | None = None,
        min: int | None = None,
        max: int | None = None,
        step: int | None = None,
        **kwargs: Any,
    ) -> None: ...

class IntText(_Int):
    disabled: Bool[bool, bool | int]
    continuous_update: Bool[bool, bool | int]
    step: CInt[int, Any]

class BoundedIntText(_BoundedInt):
    disabled: Bool[bool, bool | int]
    continuous_update: Bool[bool, bool | int]
    step: CInt[int, Any]

class IntSlider(_BoundedInt):
    step: CInt[int, Any]
    readout: Bool[bool, bool | int]
    continuous_update: Bool[bool, bool | int]
    disabled: Bool[bool, bool | int]

# Selections: `options` takes any iterable of labels or (label, value) pairs; ipywidgets keeps
# `value` untyped (traitlets.Any) because it is whatever the options hold.

class _Selection(DescriptionWidget, ValueWidget):
    label: Unicode[str | None, str | bytes | None]
    index: Int[int | None, int | None]
    options: AnyTrait
    disabled: Bool[bool, bool | int]
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...

class Dropdown(_Selection): ...

class ToggleButtons(_Selection):
    tooltips: TypedTuple[str]
    icons: TypedTuple[str]
    button_style: CaselessStrEnum[str | None]

# Files

class FileUpload(DescriptionWidget, ValueWidget):
    accept: Unicode[str, str | bytes]
    multiple: Bool[bool, bool | int]
    disabled: Bool[bool, bool | int]
    icon: Unicode[str, str | bytes]
    button_style: CaselessStrEnum[str]
    error: Unicode[str, str | bytes]
    value: TypedTuple[dict[str, Any]]  # narrows ValueWidget's Any
