"""The cards in the player's words (hover texts showed "passive ignore_flames 1",
"extra_ap 1", "2 paw (movement points)"), and the two facts the panel says in words: no spawn
in the last hour, and why no reinforcement comes."""

from __future__ import annotations

from rules.embers import Begin, State, apply, initial
from rules.embers.cards import EFFECTS, EVENTS, MANEUVERS, PASSIVES, Effect, Event, HeroAction
from rules.embers.moves import no_reinforcement
from rules.embers.odds import spawn_comes
from rules.embers.words import (
    action_words,
    event_words,
    maneuver_words,
    monster_words,
    passive_words,
    side_words,
)
from rules.table.chance import Chance

replace = State._replace


def begun() -> State:
    state, _ = apply(initial({"difficulty": "warrior"}), Begin(), Chance(1))
    return state


def test_every_word_of_the_card_file_vocabulary_reads_as_a_sentence() -> None:
    words = (*EFFECTS, *EVENTS, *MANEUVERS, *PASSIVES)
    texts = [action_words(HeroAction("Act", 1, e, 2)) for e in EFFECTS]
    texts += [event_words(Event("Ev", e, 2)) for e in EVENTS]
    texts += [maneuver_words(m) for m in MANEUVERS]
    texts += [passive_words(Effect(p, 1)) or "" for p in PASSIVES]
    for text in texts:
        assert not any(f"{word} " in text or text.endswith(word) for word in words if "_" in word)
    assert passive_words(Effect("none")) is None
    assert passive_words(Effect("extra_ap", 1)) == "1 more action point every turn"
    assert event_words(Event("Fog", "ap", -1)) == "every hero has 1 fewer action point this turn"


def test_forage_says_the_cards_go_to_the_bottom_of_the_deck_after_the_actions() -> None:
    """ "flip all the cards moved to your hand through your defend and forage actions ... and
    place them at the bottom of the deck"."""
    text = action_words(HeroAction("Forage", 1, "forage", 2))
    assert text.startswith("Forage (1 action point): take up to 2 cards from the forage pile")
    assert "bottom of the deck" in text


def test_a_monster_says_its_flames_claws_and_paw_prints_in_words() -> None:
    monster = begun().cards.card("Pine Knot").monster
    assert monster_words(monster) == (
        "Ash Wolf: its attack burns 1 card of the deck (1 flame) and deals 1 damage to the hero "
        "(1 claw); when it spawns at a hero it steps clockwise, up to 2 spaces (2 paw prints)"
    )


def test_a_hero_side_names_health_actions_maneuver_promotion_and_passive() -> None:
    cards = begun().cards
    keeper = side_words(cards.hero("Firetender").level_2)
    assert "3 health" in keeper and "burn 1 card fewer (1 flame ignored)" in keeper
    defender = side_words(cards.hero("Defender").level_1, "Shield Captain")
    assert "Promote (4 action points): flip to Shield Captain" in defender


def test_if_you_reveal_the_night_card_showing_1_hour_survive_the_current_turn_no_spawn_comes() -> (
    None
):
    state = begun()
    assert spawn_comes(state)
    assert not spawn_comes(replace(state, last_hour=True))
    assert not spawn_comes(replace(state, phase="won"))


def test_reinforce_if_you_have_fewer_than_4_heroes_in_camp_else_says_why_not() -> None:
    state = replace(begun(), phase="reinforce")
    assert no_reinforcement(state) == (
        "the camp holds 4 heroes: reinforcements come only while fewer than 4 do"
    )
    gone = state.camp.index(next(h for h in state.camp if h))
    hero = state.camp[gone]
    assert hero is not None
    camp = tuple(None if i == gone else h for i, h in enumerate(state.camp))
    fell = replace(state, camp=camp, tent=(*state.tent, hero), fallen=frozenset({hero}))
    assert no_reinforcement(fell) is None  # the hero who was in the tent before can come
    alone = replace(fell, tent=(hero,))
    assert no_reinforcement(alone) == (
        f"placed in the tent this turn, {hero} may not come back before the next turn"
    )
    assert no_reinforcement(replace(fell, tent=())) == "the tent is empty"
