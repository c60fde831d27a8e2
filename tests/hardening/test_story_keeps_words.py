"""What a player wrote is kept: "*Export* with *story only* drops the player's own words: the
text typed for a Rest ... and the Oracle's question are in the full book but not in
``*.journey-story.md``. The story keeps every word the player wrote." A scripted journey of each
game that takes the player's words: every text written into an action or the journal is in the
story-only book, as many times as it was written, and no mechanics line is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import journeys

from rules.book import JourneyBook
from rules.book.export import to_markdown
from rules.firelights import Ask, Begin, Rest, Slip, available
from rules.voidlight import Create, Fortune

__all__ = ["journeys"]  # the folder fixture, autouse

FIRELIGHTS_WORDS = [
    "Wick",
    "she/her",
    "Is the bridge still standing?",
    "Wick rests under the 9 of spades, the river loud below.",
    "Does the old ferryman remember me?",
]


def firelights_journey() -> tuple[JourneyBook[Any, Any], list[str]]:
    book = JourneyBook.start("wick", game="firelights", seed=7)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    book.play(Ask("likely", FIRELIGHTS_WORDS[2]))
    book.note("The bridge sways, but it holds.")
    book.play(Rest(FIRELIGHTS_WORDS[3]))
    book.play(Ask("even", FIRELIGHTS_WORDS[4]))
    written = [*FIRELIGHTS_WORDS, "The bridge sways, but it holds."]
    if "slip" in available(book.state):
        book.play(Slip("A slip: the ferryman lied."))
        written.append("A slip: the ferryman lied.")
    return book, written


def voidlight_journey() -> tuple[JourneyBook[Any, Any], list[str]]:
    book = JourneyBook.start("vex", game="voidlight", seed=5)
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    book.play(Fortune("even", question="Is the airlock sealed?"))
    book.note("Something knocks twice on the hull.")
    book.play(Fortune("likely", question="Does the light hold until dawn?"))
    book.reroll()  # the question stands once: the action played again says the same
    return book, ["Vex", "she/her", "Is the airlock sealed?",
                  "Something knocks twice on the hull.", "Does the light hold until dawn?"]  # fmt: skip


@pytest.mark.parametrize("make", [firelights_journey, voidlight_journey])
def test_the_story_keeps_every_word_the_player_wrote(journeys: Path, make: Any) -> None:
    book, written = make()
    story = to_markdown(book, story_only=True)
    full = to_markdown(book)
    for text in written:
        assert text in story, text
    assert story.count("Does the light hold until dawn?") <= 1
    mechanics = [line for line in full.splitlines() if line.startswith("- **")]
    assert mechanics and not any(line in story for line in mechanics)
    book.close()
