"""Lamplighter, the guide's example game: its rules (``game``) and its panel (``panel``).

Nothing is registered on import: the package declares its game in the ``lantern.games`` entry
points (``docs/examples/pyproject.toml``), and Lantern finds it there once the package is
installed (see ``docs/guide/adding-a-game.md``).
"""
