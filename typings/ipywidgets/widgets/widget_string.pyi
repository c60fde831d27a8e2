"""The style of an HTML widget, which ipywidgets does not export at its top (the log's rows share
one)."""

from ipywidgets import DescriptionStyle

class HTMLStyle(DescriptionStyle): ...
