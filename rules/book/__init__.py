"""The Journey Book: a journey kept in a file, so re-running a notebook never re-rolls.

What lives here: :class:`JourneyBook` (:mod:`~rules.book.journey_book`) and its parts — where
journeys live (``files``), opening and snapshots (``opening``, ``options``), the journal
(``journal``), the log and views (``log``, ``pages``, ``views``), other processes' writes
(``follow``, ``lock``), the full check (``verify``) and the exports (``export``); the SQLite file
itself is :mod:`rules.book.store`.

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
