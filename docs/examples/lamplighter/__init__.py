"""Lamplighter, the guide's example game: its rules (``game``) and its panel (``panel``).

Nothing is registered on import: a notebook calls
``rules.record.games.register_game("lamplighter", "lamplighter.game:GAME")`` before it starts or
opens a journey (see ``docs/guide/adding-a-game.md``).
"""
