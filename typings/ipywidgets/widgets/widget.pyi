"""The module of ipywidgets' ``Widget``: its registry of the live widgets, by model id."""

from ipywidgets import Widget as Widget

_instances: dict[str, Widget]
