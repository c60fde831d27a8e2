"""An attack said before it lands, and the flames in play counted against the deck ("Embers:
attacks and cards a player can count"): every preview is held to what playing the
attack does, in many seeded games, and each rule sentence it rests on has a test of its own."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules.embers import NIGHT, Act, Attack, Begin, EndActions, State, apply, initial, legal
from rules.embers.cards import LOCATIONS
from rules.embers.players import heuristic
from rules.embers.preview import (
    AttackPreview,
    attack_preview,
    burn_words,
    danger,
    fate_words,
    forage_takes,
    legal_attacks,
)
from rules.errors import InvalidInput
from rules.table.chance import Chance

replace = State._replace

DIFFICULTIES = ("recruit", "warrior", "veteran")


def seeded_states(games: int = 30) -> Iterator[State]:
    """Every state of ``games`` seeded games per difficulty, half played by the heuristic player
    (long nights), half by random choices (odd corners: lost decks, empty camps); half read the
    Night card "immediately" (a flame's Night card pauses the attack), half as recorded
    journeys before that reading did ("after_attack")."""
    for difficulty in DIFFICULTIES:
        for seed in range(games):
            night = ("immediately", "after_attack")[seed // 2 % 2]
            options = {"difficulty": difficulty, "night": night}
            state, _ = apply(initial(options), Begin(), Chance(seed))
            pick = random.Random(seed)
            step = 0
            while not state.over:
                yield state
                action = heuristic(state) if seed % 2 else pick.choice(legal(state))
                state, _ = apply(state, action, Chance(seed * 1000 + step))
                step += 1


def attack_states() -> list[State]:
    return [state for state in seeded_states() if legal_attacks(state)]


ATTACK_STATES = attack_states()


def example() -> State:
    """The rulebook's attack example (as in test_embers_rules): Defender at NW, the level-2
    Firetender at NE, Leader at S; at N Smoke Wraith (2 flames) and Cinder Rat (1 flame); at NE a
    Thorn Boar 1/1; at S an Ember Bear 1/2. Top card Pine Knot, then four cards, then the Night."""
    state, _ = apply(initial({"difficulty": "warrior"}), Begin(), Chance(1))
    camp: list[str | None] = [None] * 8
    for where, hero in {"NW": "Defender", "NE": "Firetender", "S": "Leader"}.items():
        camp[LOCATIONS.index(where)] = hero
    return replace(
        state,
        camp=tuple(camp),
        tent=("Herbalist", "Scout"),
        phase="attacks",
        promoted=frozenset({"Firetender"}),
        wild=(("Dry Moss", "Cedar Chip"), ("Thorn Twig",), (), (), ("Oak Log",), (), (), ()),
        event=None,
        attacked=frozenset(),
        top="Pine Knot",
        segments=(("Birch Bark", "Fern Frond", "Hemlock", "Old Stump"), (NIGHT,), ("Dead Reed",)),
        forage=(),
        hand=(),
    )


def test_the_states_checked_cover_every_way_an_attack_can_end() -> None:
    """The seeded games meet a fall, a stand, a Night card revealed by flames, a deck run out
    and an empty camp: the test below checks each of them against play."""
    seen = set()
    for state in ATTACK_STATES:
        for action in legal_attacks(state):
            p = attack_preview(state, action)
            seen |= {("falls", p.falls), ("night", p.night is not None), ("out", p.fire_out)}
            seen |= {("empty", p.camp_empty), ("unseen", p.unseen > 0)}
    assert {("falls", True), ("falls", False), ("night", True), ("out", True)} <= seen
    assert {("empty", True), ("unseen", True)} <= seen
    assert len(ATTACK_STATES) > 300


def test_fire_damage_for_each_icon_move_the_top_card_of_the_deck_preview_equals_outcome() -> None:
    """ "For each icon, move the top card of the deck to the bottom of the forage pile"; "If the
    damage equals or exceeds the health of that hero, flip them to level 1 and place them in the
    tent"; "If the deck ever runs out of fire cards ... you lose"; "Whenever you reveal the Night
    Card, resolve it immediately": for every attack legal in the seeded states, played with
    three different chance seeds, the preview says what happened."""
    checked = paused = 0
    for state in ATTACK_STATES:
        for action in legal_attacks(state):
            p = attack_preview(state, action)
            for seed in range(3):
                after, report = apply(state, action, Chance(seed))
                if after.paused is not None:  # read "immediately": the free promote comes first
                    assert p.pause is not None and p.bonus and after.hours == p.night - 1
                    so_far = after.forage[len(state.forage) :]
                    assert len(so_far) == p.pause
                    assert all(c in can for c, can in zip(so_far, p.burns[: p.pause], strict=True))
                    said = " ".join(report.lines)
                    assert all(card in said for card in so_far)
                    for promote in legal(after):
                        went = p.if_promoted if promote.hero == action.target else p
                        assert went is not None
                        done, rest = apply(after, promote, Chance(seed))
                        said = " ".join(report.lines + rest.lines)
                        check_outcome(state, action, went, done, said)
                    paused += 1
                    continue
                assert p.pause is None
                check_outcome(state, action, p, after, " ".join(report.lines))
                checked += 1
    assert checked > 1000 and paused > 20


def check_outcome(state: State, action: Attack, p: AttackPreview, after: State, said: str) -> None:
    """The attack as played (``after``, its report's lines ``said``) is the one ``p`` said."""
    burned = after.forage[len(state.forage) :]
    assert len(burned) == len(p.burns), (action, p)
    assert all(card in can for card, can in zip(burned, p.burns, strict=True))
    assert p.fire_out == (after.reason == "the deck ran out of fire cards")
    assert p.falls == (action.target in after.tent and action.target not in state.tent)
    assert p.camp_empty == (after.reason == "no hero is left in camp")
    if p.pause is None:
        assert p.bonus == (after.bonus and not after.over)  # lost: no promote
    if p.night is None:
        assert (after.hours, after.last_hour) == (state.hours, state.last_hour)
    elif p.night > 1:
        assert after.hours == p.night - 1 and not after.last_hour
    else:
        assert after.last_hour and not state.last_hour
    assert all(card in said for card in burned)
    if not p.fire_out:
        assert fate_words(action.target, p.claws, p.health, p.falls, p.ignored_claws) in said


def test_the_top_card_is_named_and_cards_below_it_only_when_their_place_is_known() -> None:
    """The top card is face up; the four cards under it are shuffled (unseen); the Night card's
    place is known, and so is the single card under it."""
    state = example()
    p = attack_preview(state, Attack("N", "Defender"))
    assert p.flames == 3 and p.known == ("Pine Knot",) and p.unseen == 2
    state = replace(state, segments=(("Birch Bark",), (NIGHT,), ("Dead Reed", "Hemlock")))
    p = attack_preview(state, Attack("N", "Defender"))
    assert p.known == ("Pine Knot", "Birch Bark") and p.unseen == 1
    assert p.night == 4 and p.bonus  # a level-1 hero (the Defender) is there to take it


def test_if_the_attack_targets_the_level_2_firetender_it_ignores_1_flame_icon() -> None:
    p = attack_preview(example(), Attack("N", "Firetender"))
    assert (p.flames, p.ignored_flames) == (2, 1)
    assert p.text().startswith("3 flames, 1 ignored: 2 burn Pine Knot and 1 unseen card")
    assert "Firetender stands: 0 claws against 3 health" in p.text()
    p = attack_preview(example(), Attack("NE", "Firetender"))
    assert p.burns == () and p.text().startswith("1 flame, 1 ignored: no card burns")


def test_if_the_damage_equals_or_exceeds_the_health_of_that_hero_the_preview_says_it_falls() -> (
    None
):
    p = attack_preview(example(), Attack("S", "Leader"))
    assert p.falls and p.claws == 2 and p.health == 2
    assert p.lines() == ("1 flame burns Pine Knot", "Leader falls: 2 claws against 2 health")


def test_if_the_deck_ever_runs_out_of_fire_cards_the_preview_says_the_night_is_lost() -> None:
    state = replace(example(), segments=(("Birch Bark",), (NIGHT,)))
    p = attack_preview(state, Attack("N", "Defender"))
    assert p.fire_out and not p.falls and p.known == ("Pine Knot", "Birch Bark")
    assert p.lines()[-1] == "the deck runs out of fire cards: the night is lost"
    lost, report = apply(state, Attack("N", "Defender"), Chance(0))
    assert lost.phase == "lost"
    assert report.lines[-2] == "the attack at N on Defender: 2 flames burn Pine Knot and Birch Bark"


def test_an_attack_that_is_not_legal_now_is_refused_by_name() -> None:
    with pytest.raises(InvalidInput, match=r"Attack\(location='S', target='Defender'\)"):
        attack_preview(example(), Attack("S", "Defender"))


def test_the_words_count_in_the_players_numbers() -> None:
    assert burn_words(("Pine Knot",)) == "1 flame burns Pine Knot"
    assert burn_words(("A", "B"), 1) == "3 flames burn A, B and 1 unseen card"
    assert burn_words((), 0) == "no flames: no card burns"
    assert fate_words("Scout", 1, 1, True) == "Scout falls: 1 claw against 1 health"


# --- the danger in play ---------------------------------------------------------------------


def attacks_played_out(state: State) -> State:
    """Every attack resolved, the first choice each time (a free promote to the first hero)."""
    while state.phase == "attacks":
        state, _ = apply(state, legal(state)[0], Chance(1))
    return state


def test_fire_damage_every_flame_burns_one_card_the_night_card_is_not_a_fire_card() -> None:
    """Why: "six flames against a 7-card deck", the seventh card the Night card: every
    fire card burns and the night is lost; with five flames the night goes on."""
    state = replace(
        example(),
        promoted=frozenset(),
        wild=(("Dry Moss", "Cedar Chip"), ("Thorn Twig",), (), (), ("Old Stump",), (), (), ()),
        segments=(("Birch Bark", "Fern Frond", "Hemlock", "Oak Log"), (NIGHT,), ("Dead Reed",)),
    )
    found = danger(state)
    assert (found.least, found.most, found.cards) == (6, 6, 6) and found.night_in_deck
    assert len(state.deck()) == 7 and found.goes_out
    assert attacks_played_out(state).reason == "the deck ran out of fire cards"
    five = replace(state, wild=(state.wild[0], (), *state.wild[2:]))
    assert (danger(five).most, danger(five).goes_out, danger(five).may_go_out) == (5, False, False)
    assert attacks_played_out(five).phase == "reinforce"


def test_danger_counts_the_hand_with_the_deck_while_the_actions_last() -> None:
    """ "After resolving all actions, flip all the cards moved to your hand ... and place them at
    the bottom of the deck": a forage during the actions adds to the cards the flames meet."""
    for state in seeded_states(8):
        if state.phase != "actions" or state.bonus:
            continue
        after, _ = apply(state, EndActions(), Chance(0))
        if after.phase == "attacks" and not after.bonus:
            assert danger(state).cards == danger(after).cards == after.fire_in_deck()
            assert (danger(state).least, danger(state).most) == (
                danger(after).least,
                danger(after).most,
            )


def test_danger_is_the_sum_of_each_stacks_flames_over_its_targets_and_says_the_loss() -> None:
    """Counted a second way, from the attack previews; and where the flames cannot change (no
    hero ignores flames, no free promote at Veteran), the attacks played out lose the deck
    exactly when the danger says so."""
    compared = outs = 0
    for state in ATTACK_STATES:
        stacks: dict[str, list[int]] = {}
        for action in legal_attacks(state):
            stacks.setdefault(action.location, []).append(attack_preview(state, action).flames)
        found = danger(state)
        assert found.least == sum(min(v) for v in stacks.values())
        assert found.most == sum(max(v) for v in stacks.values())
        ignores = any(state.side(h).passive.kind == "ignore_flames" for h in state.in_camp())
        if state.difficulty != "veteran" or ignores:
            continue
        pick, played = random.Random(compared), state
        while played.phase == "attacks":
            played, _ = apply(played, pick.choice(legal(played)), Chance(compared))
        assert found.goes_out == found.may_go_out
        if found.goes_out:  # lost, by the deck unless the camp emptied first
            assert played.phase == "lost", found
            outs += 1
        else:
            assert played.reason != "the deck ran out of fire cards", found
        compared += 1
    assert compared > 50 and outs > 5


def test_forage_take_up_to_amount_cards_from_the_forage_pile_preview_equals_outcome() -> None:
    """A forage's button says how many cards it takes: its number plus the event's, never
    more than the pile holds; held to the cards that reach the hand in the seeded games."""
    checked = 0
    for state in seeded_states(8):
        if state.phase != "actions" or state.bonus:
            continue
        for action in legal(state):
            side = state.side(action.hero) if isinstance(action, Act) else None
            move = side.named.get(action.action) if side else None
            if move is None or move.effect != "forage":
                continue
            after, _ = apply(state, action, Chance(0))
            assert forage_takes(state, action.hero, action.action) == len(after.hand) - len(
                state.hand
            )
            checked += 1
    assert checked > 20
    with pytest.raises(InvalidInput, match="'Guard'"):
        forage_takes(example(), "Defender", "Guard")
