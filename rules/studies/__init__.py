"""Studies: the "what if?" questions of each game, answered by simulation on any executor.

Each study plays the game through its public rules with :func:`rules.play.simulate.simulate` and
returns plain rows (frozen dataclasses): every rate an :class:`~rules.table.estimate.Estimate` with its
95% Wilson interval, every mean a :class:`~rules.table.estimate.Tally` with its 95% interval.
``row.record()`` flattens a row into a dict of numbers and words, one table row for pandas
(``pandas.DataFrame([row.record() for row in rows])``); the rules import no pandas.

Every study takes ``executor``, ``chunk`` and ``progress`` and hands them to ``simulate``, so the
same study runs in process, on a process pool or on a Dask cluster and gives the same rows.

Main entry points, one per question:

- :func:`firelights_study`: Firelights journeys by strategy and spread of approaches;
- :func:`voidlight_study`: Voidlight expeditions by timer interval and beam policy;
- :func:`crew_study`: Voidlight crews of 1 to 6, by timer interval;
- :func:`embers_study`: Embers nights by card set, difficulty and policy
  (:func:`card_sets` names the sets to compare).

Twenty Recruit nights, as one row for a table:

>>> (row,) = embers_study(["recruit"], games=20, seed=0)
>>> record = row.record()
>>> record["difficulty"], record["games"], record["win rate"]
('recruit', 20, 0.35)

May import: the games, :mod:`rules.play`, :mod:`rules.record`, :mod:`rules.table`; never the book.
"""

from rules.studies.common import rate_columns, tally_columns
from rules.studies.embers import EmbersRow, card_sets, embers_study
from rules.studies.firelights import FirelightsRow, firelights_study
from rules.studies.voidlight import VoidlightRow, voidlight_study
from rules.studies.voidlight_crew import CrewRow, crew_study

__all__ = [
    "CrewRow",
    "EmbersRow",
    "FirelightsRow",
    "VoidlightRow",
    "card_sets",
    "crew_study",
    "embers_study",
    "firelights_study",
    "rate_columns",
    "tally_columns",
    "voidlight_study",
]
