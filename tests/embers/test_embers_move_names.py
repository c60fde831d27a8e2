"""A card action named like a move ("Maneuver", "Promote") in a player's card file is
carried out as the card's action, and legal() and apply agree on every move they name. The
rulebook's own move then goes by "Promote (every hero)" / "Maneuver (every hero)" for that hero.
"""

from __future__ import annotations

from pathlib import Path

from rules.embers import NIGHT, Act, Begin, State, apply, legal, why_not
from rules.embers.actions import move_name
from rules.embers.cards import SHIPPED, CardSet, loads
from rules.embers.words import side_words
from rules.table.chance import Chance

replace = State._replace


def named_like_moves() -> CardSet:
    """The shipped set, but the Defender's Guard is called "Maneuver" and the Herbalist's
    Forage "Promote" (on both sides)."""
    text = Path(SHIPPED).read_text(encoding="utf-8")
    text = text.replace('{ name = "Guard",', '{ name = "Maneuver",')
    text = text.replace('{ name = "Forage",', '{ name = "Promote",')
    return loads(text, "named-like-moves.toml")


def acting(points: int = 4) -> State:
    """Defender at N with a monster there, Herbalist at S, four cards on the forage pile."""
    cards = named_like_moves()
    state, _ = apply(State(cards, "warrior"), Begin(), Chance(1))
    fire = list(cards.fire_names)
    camp: list[str | None] = [None] * 8
    camp[0], camp[4] = "Defender", "Herbalist"
    return replace(
        state, phase="actions", camp=tuple(camp), event=None, current=None,
        tent=("Firetender", "Leader", "Scout"), wild=((fire[0],),) + ((),) * 7,
        top=fire[1], segments=(tuple(fire[2:8]), (NIGHT,)), forage=tuple(fire[8:]), hand=(),
        points=(("Defender", points), ("Herbalist", points)), promoted=frozenset(),
    )  # fmt: skip


def test_a_card_action_named_promote_is_carried_out_as_the_cards_action() -> None:
    state = acting()
    assert move_name(state.side("Herbalist"), "Promote") == "Promote (every hero)"
    offered = [a for a in legal(state) if isinstance(a, Act) and a.hero == "Herbalist"]
    assert offered.count(Act("Herbalist", "Promote")) == 1
    assert Act("Herbalist", "Promote (every hero)") in offered
    foraged, report = apply(state, Act("Herbalist", "Promote"), Chance(0))
    assert foraged.level("Herbalist") == 1 and len(foraged.hand) == 1
    assert report.lines == ("Herbalist forages 1 card",)
    promoted, _ = apply(state, Act("Herbalist", "Promote (every hero)"), Chance(0))
    assert promoted.level("Herbalist") == 2 and promoted.hand == ()


def test_a_card_action_named_maneuver_is_carried_out_as_the_cards_action() -> None:
    state = acting()
    offered = [a for a in legal(state) if isinstance(a, Act) and a.hero == "Defender"]
    assert Act("Defender", "Maneuver", "N") in offered  # Guard, called Maneuver: defend here
    assert Act("Defender", "Maneuver (every hero)", "NE") in offered  # the step
    defended, report = apply(state, Act("Defender", "Maneuver", "N"), Chance(0))
    assert report.lines[-1].startswith("Defender defeats the ")
    assert defended.wild[0] == () and defended.camp[0] == "Defender"
    moved, _ = apply(state, Act("Defender", "Maneuver (every hero)", "NE"), Chance(0))
    assert moved.camp[1] == "Defender" and moved.wild[0] == state.wild[0]
    said = why_not(state, Act("Defender", "Maneuver", "NE"))
    assert said is not None and "no monster is at NE" in said


def test_legal_and_apply_agree_on_every_move_they_name() -> None:
    """Every hero action legal() offers, in seeded nights with this card set, does what its
    name says: a card action neither moves nor flips its hero; the rulebook's promote flips
    it; its maneuver moves it."""
    checked = 0
    for seed in range(8):
        state, _ = apply(State(named_like_moves(), "recruit"), Begin(), Chance(seed))
        step = 0
        while not state.over and step < 150:
            for action in legal(state):
                if not isinstance(action, Act):
                    continue
                side = state.side(action.hero)
                after, _ = apply(state, action, Chance(0))
                moved = after.camp != state.camp
                flipped = after.level(action.hero) != state.level(action.hero)
                if action.action in side.named:
                    assert not moved and not flipped, action
                elif action.action == move_name(side, "Promote"):
                    assert flipped and not moved, action
                else:
                    assert action.action == move_name(side, "Maneuver") and moved, action
                checked += 1
            options = legal(state)
            state, _ = apply(state, options[(seed + step) % len(options)], Chance(step))
            step += 1
    assert checked > 300


def test_the_cards_words_name_the_moves_as_the_buttons_do() -> None:
    side = acting().side("Herbalist")
    assert "Promote (every hero) (2 action points): flip to level 2" in side_words(side)
