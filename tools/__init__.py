"""Scripts that run Lantern (not part of the installed package): ``python -m tools.serve``."""
