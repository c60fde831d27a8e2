"""One journey file on SQLite: its rows, the hash chain over them, snapshots, checks and copies.

What lives here: :class:`~rules.book.store.database.Store` (``database``: the schema, writes in
transactions), the rows and snapshot pieces (``rows``), the hash chain (``chain``), the header and
integrity checks and their errors (``check``), file copies and backups (``files``) and the one
descriptor a process keeps on a file it holds (``descriptors``).

May import: :mod:`rules.record`, :mod:`rules.table` and :mod:`rules.errors`; nothing else in
:mod:`rules.book` (the book is built on the store, not the other way round).
"""

from rules.book.store.check import CorruptJourney, JourneyFileError
from rules.book.store.database import JourneyChanged, Store
from rules.book.store.files import SUFFIX

__all__ = ["SUFFIX", "CorruptJourney", "JourneyChanged", "JourneyFileError", "Store"]
