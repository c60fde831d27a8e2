"""The Embers panel, clicked without a browser: every button comes from rules.embers.legal, each
click plays through the rules, and the panel shows the ring, the deck and the phase."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rules.book import JourneyBook, list_journeys
from rules.embers import (
    HOUSE_RULES,
    LOCATIONS,
    Act,
    Attack,
    EndActions,
    EndTurn,
    State,
    legal,
    parse,
)
from rules.embers.cards import SHIPPED
from rules.embers.odds import spawn_lands
from rules.embers.players import heuristic
from rules.embers.preview import attack_preview, danger, forage_takes
from rules.embers.words import monster_words
from rules.record.journey import Journey
from widgets.embers import EmbersPanel
from widgets.embers.ring import FLAME, PAW
from widgets.frame.connection import broken_widgets
from widgets.parts.theme import percent


def begun(difficulty: str = "recruit", seed: int = 1) -> EmbersPanel:
    panel = EmbersPanel(seed=seed)
    panel.difficulty_input.value = difficulty
    panel.begin_button.click()
    return panel


def labels(box) -> list[str]:  # type: ignore[no-untyped-def]
    return [b.description for b in box.children]


def all_buttons(panel: EmbersPanel) -> list:  # type: ignore[type-arg]
    return [*panel.heroes_row.children, *panel.choices_row.children]


def test_setup_shows_the_form_and_begin_places_four_heroes_at_the_difficulty_chosen() -> None:
    panel = EmbersPanel(seed=1)
    assert panel.create_box in panel.children
    panel.difficulty_input.value = "veteran"
    panel.begin_button.click()
    state = panel.state
    assert state.difficulty == "veteran" and state.phase == "actions"
    assert panel.journey.options["difficulty"] == "veteran"
    assert panel.create_box not in panel.children
    assert "Veteran" in panel.header.value and "Actions" in panel.header.value
    assert broken_widgets() == []


def test_the_ring_shows_eight_locations_heroes_and_monsters() -> None:
    panel = begun()
    state = panel.state
    html = panel.ring.value
    for name in LOCATIONS:
        assert f"lantern-loc-{name}" in html
    for hero in state.in_camp():
        assert hero in html
    monsters = sum(len(w) for w in state.wild)
    assert html.count('class="lantern-monster"') == monsters
    assert FLAME in html and PAW in html
    assert f"{state.hours} hours to dawn" in html
    info = panel.info.value
    assert f"{len(state.deck())} cards" in info
    assert ", ".join(state.tent) in info
    for place, p in spawn_lands(state).items():
        assert f"{place} {percent(p)}" in info and f"exactly {p}; the card names " in info
    assert state.cards.card(state.event).event.name in info


def test_click_a_hero_then_an_action_every_button_is_a_legal_action() -> None:
    panel = begun()
    heroes = {a.hero for a in legal(panel.state) if isinstance(a, Act)}
    assert set(labels(panel.heroes_row)) == heroes
    assert labels(panel.choices_row) == ["End actions"]
    hero = sorted(heroes)[0]
    [made] = [b for b in panel.heroes_row.children if b.description == hero]
    made.click()
    offered = [a for a in legal(panel.state) if isinstance(a, Act) and a.hero == hero]
    assert len(panel.choices_row.children) == len(offered) + 1
    assert f"{hero}:" in panel.prompt.value
    panel.choices_row.children[0].click()
    assert parse(panel.journey.entries[-1].action) == offered[0]
    assert HOUSE_RULES["one hero at a time"][:20] in panel.house.value


def test_end_actions_moves_to_attacks_with_attack_buttons_from_legal() -> None:
    panel = begun()
    [end] = [b for b in panel.choices_row.children if b.description == "End actions"]
    end.click()
    state = panel.state
    assert state.phase in ("attacks", "reinforce", "actions", "won", "lost")
    if state.phase == "attacks":
        assert len(panel.choices_row.children) == len(legal(state))
        assert all(b.description.startswith("Attack from") for b in panel.choices_row.children)
        assert "Monster attacks" in panel.header.value


def test_random_clicks_play_whole_nights_to_an_ending() -> None:
    for seed in range(6):
        panel = begun(("recruit", "warrior", "veteran")[seed % 3], seed)
        chooser = random.Random(seed)
        for _ in range(2000):
            if panel.state.over:
                break
            shown = len(panel.choices_row.children)
            assert shown >= 1, "a live state always offers a button"
            chooser.choice(all_buttons(panel)).click()
            assert panel.messages.value == ""
        state = panel.state
        assert state.over
        assert panel.ending in panel._play_slot.children
        word = "Dawn breaks" if state.phase == "won" else "The fire goes out"
        assert word in panel.ending.value and state.reason in panel.ending.value
    assert broken_widgets() == []


def test_a_players_own_card_file_is_played(tmp_path: Path) -> None:
    own = tmp_path / "my-cards.toml"
    own.write_text(SHIPPED.read_text(encoding="utf-8"), encoding="utf-8")
    panel = EmbersPanel(seed=3, cards=own)
    assert panel.cards_input.value == str(own)
    panel.begin_button.click()
    kept = panel.journey.options["cards"]
    assert kept["file"] == str(own) and kept["toml"] == own.read_text(encoding="utf-8")
    assert panel.state.cards.source != "shipped"


def test_a_panels_journey_keeps_its_cards_when_the_file_is_moved(tmp_path: Path) -> None:
    own = tmp_path / "my-cards.toml"
    own.write_text(SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew"), "utf-8")
    book = JourneyBook.open_or_start("mine", game="embers", folder=tmp_path)
    panel = EmbersPanel(book)
    panel.cards_input.value = str(own)
    panel.begin_button.click()
    assert panel.book is not None and panel.state.phase == "actions"
    played, where = panel.state, panel.book.path  # another card file: a journey of its own
    panel.close()
    own.rename(tmp_path / "elsewhere.toml")
    again = EmbersPanel(JourneyBook.open_or_start(where, game="embers"))
    assert again.state == played and "Yew" in again.state.cards.named
    assert again.cards_input.value == str(own)  # the file it was read from, for the player
    again.close()


def test_a_bad_card_file_is_a_sentence_in_the_panel(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[hero]]\nname = 3\n", encoding="utf-8")
    panel = EmbersPanel(seed=3)
    panel.cards_input.value = str(bad)
    panel.begin_button.click()
    assert panel.state.phase == "setup"
    assert panel.messages.value


def test_a_book_begins_at_another_difficulty_in_a_journey_of_its_own(tmp_path: Path) -> None:
    book = JourneyBook.open_or_start("night", game="embers", folder=tmp_path)
    panel = EmbersPanel(book)
    panel.difficulty_input.value = "recruit"
    panel.begin_button.click()
    assert panel.book is not None and panel.book.options["difficulty"] == "recruit"
    assert panel.state.phase == "actions"
    assert len(panel.book.entries) == 1
    panel.close()


def test_end_actions_is_refused_never_when_offered() -> None:
    panel = begun()
    assert EndActions() in legal(panel.state)


def test_every_likeliest_next_spawn_location_is_marked_and_icons_show_their_counts() -> None:
    """The ring marks where the danger lands: the place the monster reaches after stepping
    past heroes (rules.embers.odds.spawn_lands), not only the location on its card."""
    panel = begun()
    odds = spawn_lands(panel.state)
    best = max(odds.values())
    html = panel.ring.value
    for place, p in odds.items():
        marked = f"lantern-loc-{place} lantern-next-spawn" in html
        assert marked == (p == best), place
    card = panel.state.cards.card(next(c for w in panel.state.wild for c in w))
    m = card.monster
    assert f"{FLAME}{m.flames} " in html and f"{PAW}{m.moves}" in html


def test_new_journey_shows_the_setup_form_with_its_own_options(tmp_path: Path) -> None:
    book = JourneyBook.open_or_start("first", game="embers", folder=tmp_path)
    panel = EmbersPanel(book)
    panel.difficulty_input.value = "veteran"
    panel.begin_button.click()
    assert panel.state.difficulty == "veteran"
    assert panel.controls is not None
    panel.controls.new_name.value = "second"
    panel.controls.new_button.click()
    assert panel.state.phase == "setup" and panel.create_box in panel.children
    assert panel.difficulty_input.value == "veteran"
    panel.close()


def _upload(panel: EmbersPanel, name: str, content: bytes) -> None:
    panel.cards_upload.value = (
        {"name": name, "type": "", "size": len(content), "content": memoryview(content),
         "last_modified": datetime(2026, 12, 1, tzinfo=UTC)},
    )  # fmt: skip


def test_a_card_file_uploaded_with_the_picker_is_played_and_kept_by_the_journey() -> None:
    """Why: "a file picker in the panel": the file is read in the browser and sent; the
    journey records the set itself, so nothing on disk is needed to replay it."""
    panel = EmbersPanel(seed=3)
    text = SHIPPED.read_text(encoding="utf-8").replace("Pine Knot", "Yew")
    _upload(panel, "my-cards.toml", text.encode("utf-8"))
    assert not panel.messages.is_error
    assert panel.cards_input.value == "my-cards.toml"
    assert "Begin the night" in panel.messages.text
    assert panel.cards_upload.value == ()  # ready for the same file again
    panel.begin_button.click()
    assert "Yew" in panel.state.cards.named
    kept = panel.journey.options["cards"]
    assert kept["file"] == "my-cards.toml" and kept["toml"] == text


def test_an_uploaded_file_that_is_not_a_card_set_is_refused_and_the_form_keeps_its_values() -> None:
    panel = EmbersPanel(seed=3)
    panel.cards_input.value = ""
    _upload(panel, "notes.toml", b"[[hero]]\nname = 5\n")
    assert panel.messages.is_error and "notes.toml" in panel.messages.text
    assert panel.cards_input.value == ""
    _upload(panel, "latin1.toml", "héros".encode("latin-1"))
    assert panel.messages.is_error
    assert "latin1.toml is not a text file in UTF-8" in panel.messages.text
    panel.begin_button.click()  # the original set, as the form says
    assert "Pine Knot" in panel.state.cards.named


# --- attacks and cards a player can count ----------------------------------------


def played_until(found: Callable[[State], bool], games: int = 60) -> Any:
    """A journey played by the heuristic player (seeded) up to the first state ``found`` holds."""
    for seed in range(games):
        for difficulty in ("recruit", "warrior", "veteran"):
            journey: Any = Journey.start("embers", seed=seed, options={"difficulty": difficulty})
            while not journey.state.over:
                if found(journey.state):
                    return journey
                journey.play(heuristic(journey.state))
    raise AssertionError("no seeded game reached the state wanted")


def test_each_attack_button_says_the_flames_the_cards_they_burn_and_the_heros_fate() -> None:
    """Why: "Attack from SW on Defender" says what will happen, from the rules'
    attack_preview (the widget computes none of it)."""
    panel = EmbersPanel(played_until(lambda s: s.phase == "attacks" and len(legal(s)) > 1))
    state = panel.state
    for made, action in zip(panel.choices_row.children, legal(state), strict=True):
        assert isinstance(action, Attack)
        said = attack_preview(state, action).text()
        assert made.description == f"Attack from {action.location} on {action.target}: {said}"
        assert " burn" in said and action.target in said
        assert ("falls" in said) or ("stands" in said) or ("runs out" in said)


def test_the_report_after_an_attack_names_the_cards_burned_and_the_heros_fate() -> None:
    panel = EmbersPanel(played_until(lambda s: s.phase == "attacks"))
    before = panel.state
    action = legal(before)[0]
    said = attack_preview(before, action)
    panel.choices_row.children[0].click()
    burned = panel.state.forage[len(before.forage) :]
    assert all(card in panel.report.value for card in burned)
    if not said.fire_out:
        fate = "falls" if said.falls else "stands"
        assert f"{action.target} {fate}: " in panel.report.value


def test_the_flames_in_play_are_counted_against_the_fire_cards_before_the_attacks() -> None:
    """Why: "six flames against a 7-card deck, which a player counts on paper"."""
    panel = EmbersPanel(played_until(lambda s: s.phase == "actions" and any(s.wild)))
    found = danger(panel.state)
    assert f"Flames in play: {found.most}" in panel.prompt.value
    assert f"deck: {found.cards} fire card" in panel.prompt.value
    panel = EmbersPanel(played_until(lambda s: s.phase == "reinforce"))
    assert "Flames in play" not in panel.prompt.value


def test_in_the_last_hour_no_next_spawn_is_shown_the_panel_says_none_comes() -> None:
    """ "If you reveal the Night Card showing 1 hour until dawn, set it aside and survive the
    current turn to win": no spawn comes, so no spawn odds."""
    panel = EmbersPanel(played_until(lambda s: s.last_hour and s.phase == "actions"))
    assert "no monster spawns any more" in panel.info.value
    assert "lantern-next-spawn" not in panel.ring.value
    assert "Night card next draw: set aside" in panel.info.value


def test_card_texts_are_sentences_without_the_card_files_words() -> None:
    panel = EmbersPanel(played_until(lambda s: s.phase == "actions" and len(s.promoted) >= 2))
    html = panel.ring.value
    for word in ("ignore_flames", "ignore_claws", "extra_ap", "passive", "paw (movement"):
        assert word not in html, word
    assert "action point" in html and "health" in html
    card = next(c for w in panel.state.wild for c in w)
    assert monster_words(panel.state.cards.card(card).monster) in html


def test_a_forage_button_says_how_many_cards_it_takes() -> None:
    """ "Forage (1 AP)" said nothing of the cards: now "Forage: take 2 cards (1 AP)"."""

    def forage_of_2(state: State) -> bool:
        return state.phase == "actions" and any(
            isinstance(a, Act) and a.action in ("Forage", "Gather Kindling")
            and forage_takes(state, a.hero, a.action) == 2
            for a in legal(state)
        )  # fmt: skip

    panel = EmbersPanel(played_until(forage_of_2))
    hero = next(
        a.hero for a in legal(panel.state) if isinstance(a, Act) and forage_of_2(panel.state)
        and a.action in ("Forage", "Gather Kindling")
        and forage_takes(panel.state, a.hero, a.action) == 2
    )  # fmt: skip
    panel.pick_hero(hero)
    assert any(": take 2 cards (1 AP)" in label for label in labels(panel.choices_row))


def test_one_action_point_left_is_singular() -> None:
    def one_left(state: State) -> bool:
        return state.phase == "actions" and dict(state.points).get(state.current or "") == 1

    panel = EmbersPanel(played_until(one_left))
    assert f"{panel.state.current}: 1 action point left." in panel.prompt.value


def test_reinforce_with_a_full_camp_says_only_end_the_turn_is_possible() -> None:
    """ "If you have fewer than 4 heroes in camp, choose a level-1 hero in the tent": with 4 in
    camp only End the turn is offered, and the prompt says why."""
    panel = EmbersPanel(played_until(lambda s: s.phase == "reinforce" and len(s.in_camp()) == 4))
    assert legal(panel.state) == [EndTurn()]
    assert "No reinforcement: the camp holds 4 heroes" in panel.prompt.value
    assert "place a hero from the tent, or end the turn" not in panel.prompt.value
    short = played_until(
        lambda s: s.phase == "reinforce" and len(s.in_camp()) < 4 and len(legal(s)) > 1
    )
    assert "place a hero from the tent" in EmbersPanel(short).prompt.value


def test_a_named_new_journey_keeps_its_name_when_begun_at_another_difficulty(
    tmp_path: Path,
) -> None:
    """A name typed for New journey, then Recruit chosen: the night was begun in a
    fresh unnamed journey and the named one left empty. Difficulty belongs to the named one."""
    book = JourneyBook.open_or_start("first", game="embers", folder=tmp_path)
    panel = EmbersPanel(book)
    panel.begin_button.click()  # warrior, the default
    assert panel.controls is not None
    panel.controls.new_name.value = "my night"
    panel.controls.new_button.click()
    panel.difficulty_input.value = "recruit"
    panel.begin_button.click()
    assert panel.book is not None and panel.book.name == "my night"
    assert panel.book.options["difficulty"] == "recruit" and panel.state.phase == "actions"
    assert "my night" in panel.header.value
    names = sorted(info.name for info in list_journeys(tmp_path))  # type: ignore[union-attr]
    assert names == ["first", "my night"]
    offered = [name for name, _path in panel.controls.journey_choice.options]
    assert "first" in offered and not any(name.startswith("embers-") for name in offered)
    assert JourneyBook.last_played("embers", tmp_path) == panel.book.path
    panel.close()


def test_a_journey_with_something_in_its_book_is_kept_and_another_starts_beside_it(
    tmp_path: Path,
) -> None:
    book = JourneyBook.open_or_start("night", game="embers", folder=tmp_path)
    book.note("We camp by the river.")
    panel = EmbersPanel(book)
    panel.difficulty_input.value = "veteran"
    panel.begin_button.click()
    assert panel.book is not None and panel.book.name == "night-veteran"
    assert panel.book.options["difficulty"] == "veteran"
    kept = JourneyBook.open(tmp_path / "night.lantern")
    assert [n.text for n in kept.notes()] == ["We camp by the river."]
    kept.close()
    assert panel.controls is not None
    assert "night" in [name for name, _path in panel.controls.journey_choice.options]
    panel.close()
