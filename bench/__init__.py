"""Lantern's benchmarks: scripts that print figures, not timed tests.

Run them all from the repository root with ``python -m bench`` (``make bench``), or one with
``python -m bench <name>`` / ``python -m bench.<name>``.
"""
