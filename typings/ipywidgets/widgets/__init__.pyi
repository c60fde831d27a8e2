"""ipywidgets' implementation package: only the modules Lantern reaches into (see the top stub)."""
