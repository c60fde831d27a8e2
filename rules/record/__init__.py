"""A journey as a record that replays: actions, entries, the codec that saves them, the game protocol.

What lives here: :class:`~rules.record.journey.Journey` (a seed and the actions played, which
replays to the same state), the action parsing and player-text limits (``action``), one recorded
step (``entry``), the JSON codec for actions and states (``codec``) and what a game module must
provide to be played, saved and listed (``game_module``), and the table of games by name
(``games``: the ``lantern.games`` entry points of installed packages, and ``register_game``).

Main entry points:

- :class:`~rules.record.journey.Journey`: ``start``, ``play``, ``undo``, ``redo``, ``reroll``,
  ``to_json`` and ``from_json``;
- :data:`~rules.record.games.GAMES`, :func:`~rules.record.games.find` and
  :func:`~rules.record.games.register_game`: the games by name;
- :func:`~rules.record.codec.encode` and :func:`~rules.record.codec.decode`: states and actions
  as JSON, and back;
- :func:`~rules.record.action.parse_action`: an action read from a file, checked before use;
- :func:`~rules.record.markdown.inert_markdown`: a player's words as Markdown that runs nothing.

A journey replays from its record, so saving the record saves the game:

>>> from rules.firelights import Ask, Begin
>>> from rules.record.journey import Journey
>>> journey = Journey.start("firelights", seed=3)
>>> _ = journey.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
>>> _ = journey.play(Ask("likely"))
>>> Journey.from_json(journey.to_json()).state == journey.state
True

May import: :mod:`rules.table` and :mod:`rules.errors`. Games build on it; the Journey Book saves it.
"""
