"""A journey as a record that replays: actions, entries, the codec that saves them, the game protocol.

What lives here: :class:`~rules.record.journey.Journey` (a seed and the actions played, which
replays to the same state), the action parsing and player-text limits (``action``), one recorded
step (``entry``), the JSON codec for actions and states (``codec``) and what a game module must
provide to be played, saved and listed (``game_module``), and the table of games by name
(``games``: the ``lantern.games`` entry points of installed packages, and ``register_game``).

May import: :mod:`rules.table` and :mod:`rules.errors`. Games build on it; the Journey Book saves it.
"""
