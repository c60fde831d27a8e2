"""The Journey Book: a journey kept in a file, so re-running a notebook never re-rolls.

What lives here: :class:`JourneyBook` (:mod:`~rules.book.journey_book`) and its parts — where
journeys live (``files``), opening and snapshots (``opening``, ``options``), the journal
(``journal``), the log and views (``log``, ``pages``, ``views``), other processes' writes
(``follow``, ``lock``), the full check (``verify``) and the exports (``export``); the SQLite file
itself is :mod:`rules.book.store`.

Main entry points:

- :class:`JourneyBook`: ``start`` a journey, ``open`` one, or ``open_or_start`` the one played
  last; ``play`` an action (saved before its result is shown), ``undo``, ``redo``, ``reroll``,
  ``log`` and ``close``;
- :func:`journeys_folder`, :func:`list_journeys` and :func:`last_played`: where journeys live
  (``$LANTERN_JOURNEYS``, else ``journeys/``) and which one Run All continues;
- :func:`rules.book.verify.verify`: the full check of a journey file
  (``python -m rules.book verify``);
- :func:`rules.book.export.to_markdown`: the Journey Book as Markdown, with or without its
  mechanics.

A journey saved as it is played, and reopened where it stood:

>>> import tempfile
>>> from rules.firelights import Begin
>>> folder = tempfile.mkdtemp()
>>> book = JourneyBook.start("wick", game="firelights", seed=1, folder=folder)
>>> _ = book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
>>> book.close()
>>> again = JourneyBook.open("wick", folder=folder)
>>> again.state.character.name, len(again.log())
('Wick', 1)
>>> again.close()

May import: :mod:`rules.record`, :mod:`rules.table` and :mod:`rules.errors`; never a game package
(a game is found by name through :mod:`rules.record.game_module`) and nothing in ``widgets``.
"""

from rules.book.journey_book import (
    FOLDER_ENV,
    SEED_ENV,
    SNAPSHOT_EVERY,
    JourneyBook,
    LogLine,
    Note,
    journey_path,
    journeys_folder,
    last_played,
    list_journeys,
)

__all__ = [
    "FOLDER_ENV",
    "SEED_ENV",
    "SNAPSHOT_EVERY",
    "JourneyBook",
    "LogLine",
    "Note",
    "journey_path",
    "journeys_folder",
    "last_played",
    "list_journeys",
]
