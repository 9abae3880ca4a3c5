"""QUBQST's model: the text's data bundled, the Quick Cards' numbers a template the user
fills in (a game needing an empty entry is refused, naming it, and starts once it is
filled), the sample filling marked as the project's own, the exact odds of a fight, the
catacomb as a graph board, and the encounter's steps offered with their reasons."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.rules.capabilities import GraphBoard, GridBoard
from companion.rules.dice import SeededDice, TypedDice
from companion.rules.game import Game as GameFile
from companion.rules.game import GameFileError
from companion.rules.ruleset import get_ruleset, ruleset_info
from companion.rules.user_tables import UserTables, load_table, missing_entries
from companion.rulesets.qubqst import data as d
from companion.rulesets.qubqst.odds import HITS_PER_FACE, win_chance
from companion.userdirs import HOME_ENV

WAR_CARD = """format_version = 1

[[characters]]
id = "war"
hit_power = 6
magic_attack = false
casting_points = 0
sneak_on = 0
steal_on = 0
detect_on = 0
disarm = -1
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    return tmp_path


def test_what_the_text_names_is_bundled_each_with_its_line() -> None:
    td = d.text_data()
    assert [c.code for c in td.characters] == ["WAR", "WIZ", "THF"]
    assert len(td.creatures) == 24 and len(td.colours) == 8
    assert sorted(c for col in td.colours for c in col.creatures) == sorted(
        c.id for c in td.creatures
    )
    assert [a.id for a in td.abilities] == ["absorb", "poison", "petrification", "resistance"]
    assert [s.code for s in td.spells] == ["HEL", "DSM", "OPN", "INV"]
    assert [i.code for i in td.items] == ["MAP", "ANT", "CLK"]
    assert [c.id for c in td.caches] == ["gold", "gems", "normal", "magic"]
    assert td.combat_faces.count("blank") == 3 and td.combat_faces.count("hit") == 2
    assert td.casting_points_start == 5 and td.gem_gold == 5
    assert len([c for c in td.cubes if c.kind == "black"]) == 9
    text = Path("/work/shared/seeds/qubqst.txt")
    for entry in (*td.characters, *td.colours, *td.abilities, *td.spells, *td.items):
        assert entry.text, entry
        if text.exists():
            flat = " ".join(text.read_text(encoding="utf-8").replace("**", "").split())
            first = entry.text.split(":")[0]
            assert first in flat, first


def test_the_template_holds_every_named_entry_with_its_numbers_empty() -> None:
    td = d.text_data()
    for spec in d.TABLES:
        head = spec.bundled.read_text(encoding="utf-8")
        assert head.startswith("# TEMPLATE"), spec.id
        rows = {r.key: r.row for r in load_table(spec, "qubqst", Path("/nonexistent")).rows}
        numbers = [
            v
            for row in rows.values()
            for k, v in row.model_dump(exclude={"id", "text", "kind", "effect"}).items()
            if v is not None
        ]
        assert numbers == [], spec.id
    chars = load_table(d.SPECS["characters"], "qubqst", Path("/nonexistent"))
    assert [r.key for r in chars.rows] == [c.id for c in td.characters]
    creatures = load_table(d.SPECS["creatures"], "qubqst", Path("/nonexistent"))
    assert len(creatures.rows) == 24


def test_the_sample_is_marked_as_the_projects_own_and_fills_everything() -> None:
    for spec in d.TABLES:
        text = d.sample_file(spec.id).read_text(encoding="utf-8")
        assert "NOT the QUBQST text's" in text and "project's OWN" in text, spec.id
    cards = d.sample_cards()
    assert set(cards.characters) == {"war", "wiz", "thf"}
    assert len(cards.creatures) == 24 and set(cards.spells) == {"hel", "dsm", "opn", "inv"}
    assert len(cards.catacombs) == 10 and all(len(f) == 6 for f in cards.catacombs.values())


def test_a_game_needing_an_empty_entry_is_refused_naming_it_and_starts_once_filled(
    home: Path, tmp_path: Path
) -> None:
    with pytest.raises(d.MissingEntries) as refused:
        d.cards_for(["war"], "cards")
    assert "characters: war.hit_power" in refused.value.missing
    assert not [m for m in refused.value.missing if "wiz" in m or "creatures" in m]
    # The whole Game: refused with the entry named, nothing written.
    path = tmp_path / "g.game.jsonl"
    with pytest.raises(GameFileError, match=r"the Warrior's Hit Power, magic attack"):
        GameFile.create(path, None, ruleset_id="qubqst", choices={"_game": {"party": ["war"]}})
    assert not path.exists()
    # The one table the default game needs: listed by the table editor's ``missing``.
    spec = d.SPECS["characters"]
    assert "war.hit_power" in missing_entries(load_table(spec, "qubqst"))
    assert [s.id for s in d.TABLES if missing_entries(load_table(s, "qubqst"))] == ["characters"]
    folder = home / "data" / "rulesets" / "qubqst"
    folder.mkdir(parents=True)
    (folder / "characters.toml").write_text(WAR_CARD, encoding="utf-8")
    assert d.cards_for(["war"], "cards").characters["war"].hit_power == 6
    game = GameFile.create(path, None, ruleset_id="qubqst", choices={"_game": {"party": ["war"]}})
    assert game.figures()["war"].tracks[0].value == 6
    # The Wizard's card is still empty: a party with her is refused, naming her entries.
    with pytest.raises(d.MissingEntries, match=r"the Wizard's Hit Power"):
        d.cards_for(["war", "wiz"], "cards")
    # Only your tables: every card the game may need is named.
    with pytest.raises(d.MissingEntries) as off:
        d.cards_for(["war"], "off")
    assert "creatures: kob.hit_power" in off.value.missing
    assert "scoring: score.gold" in off.value.missing


def test_the_plugin_offers_a_graph_board_and_user_tables() -> None:
    rules = get_ruleset("qubqst")
    assert isinstance(rules, GraphBoard) and isinstance(rules, UserTables)
    assert not isinstance(rules, GridBoard)
    assert ruleset_info("qubqst").board == "graph"
    codes = set(rules.reasons())
    assert {
        "multiple_creatures",
        "already_engaged",
        "too_late_to_rest",
        "not_engaged",
        "encounter_unresolved",
        "not_empty",
        "already_rested",
        "already_searched",
        "entry_path",
        "path_not_joined",
        "magic_only",
        "not_a_thief",
        "no_casting_points",
        "sneaked",
        "weak",
        "dead",
        "not_a_caster",
        "unknown_spell",
        "no_such_item",
        "invalid_target",
    } <= codes


def _exact_chances(n: int) -> list[float]:
    dist = [1.0]
    for _ in range(n):
        new = [0.0] * (len(dist) + 2)
        for total, p in enumerate(dist):
            for face in range(6):
                new[total + HITS_PER_FACE[face]] += p / 6
        dist = new
    return dist


def test_the_odds_of_a_fight_are_exact() -> None:
    assert win_chance(1, 1) == pytest.approx(0.5)  # one cube each: a symmetric duel
    assert win_chance(3, 0) == 1.0 and win_chance(0, 3) == 0.0
    assert _exact_chances(1) == pytest.approx([3 / 6, 2 / 6, 1 / 6])
    rng = random.Random(7)

    def fight(mine: int, theirs: int, absorb: bool) -> bool:
        while mine > 0 and theirs > 0:
            a = sum(HITS_PER_FACE[rng.randrange(6)] for _ in range(mine))
            b = sum(HITS_PER_FACE[rng.randrange(6)] for _ in range(theirs))
            if a > b:
                theirs -= a - b
            elif b > a:
                lost = min(b - a, mine)
                mine -= lost
                theirs += lost if absorb else 0
        return theirs <= 0

    for mine, theirs, absorb in ((5, 3, False), (5, 4, True), (3, 4, False)):
        wins = sum(fight(mine, theirs, absorb) for _ in range(6000)) / 6000
        assert win_chance(mine, theirs, absorb) == pytest.approx(wins, abs=0.025)


def test_the_catacomb_is_a_graph_with_faces_paths_and_the_partys_cube() -> None:
    rules = get_ruleset("qubqst")
    setup = {
        "party": ["war", "thf"],
        "options": {"sample": "all"},
        "cards": d.sample_cards().model_dump(mode="json"),
        "board": {
            "cubes": {"golden": "S/red+black", "black1": "NES/yellow"},
            "joins": [["black1", "N", "golden", "S"]],
            "entry": ["black1", "S"],
        },
    }
    state = rules.initial_state(setup)
    view = rules.places(state)
    assert [p.id for p in view.places] == ["golden", "black1"]
    assert view.current == "black1"
    cube = view.place("black1")
    assert cube is not None and cube.shape == "cube" and cube.colour == "black"
    assert {(p.direction, p.to, p.note) for p in cube.paths} == {
        ("N", "golden", ""),
        ("E", None, ""),
        ("S", None, "entry"),
    }
    assert cube.figures == ("war", "thf") and cube.face == "paths N E S · 1 creature: yellow"
    # The steps offered in order: first reveal; fighting is refused, with its reason.
    turn = rules.turn(state)
    assert turn.phase == "Reveal" and turn.phases[0] == "Set-up"
    choices = rules.choices(state, "war")
    assert choices[0].kind == "reveal" and choices[0].enabled
    state = rules.resolve(state, rules.actions.validate_python(choices[0].template), SeededDice(1))
    state = state.state
    fights = [c for c in rules.choices(state, "war") if c.kind == "fight"]
    assert fights and fights[0].show_odds
    odds = rules.odds(state, fights[0].template)
    assert odds is not None and odds.headline.endswith("to win the fight")
    sheets = rules.game_sheets(state)
    assert [s.id for s in sheets] == ["war", "thf", "party"]


def test_a_face_is_read_or_refused_with_what_is_wrong() -> None:
    assert d.parse_face("NES/yellow") == (("N", "E", "S"), "creatures", ("yellow",))
    assert d.parse_face("S/red+black") == (("S",), "creatures", ("red", "black"))
    assert d.parse_face("EW/trap") == (("E", "W"), "trap", ())
    assert d.parse_face("NS/") == (("N", "S"), "empty", ())
    with pytest.raises(ValueError, match="not a creature colour"):
        d.parse_face("NS/pink")
    with pytest.raises(ValueError, match="PATHS/CONTENT"):
        d.parse_face("north")


def test_a_faulty_table_file_is_named_in_the_refusal(home: Path) -> None:
    folder = home / "data" / "rulesets" / "qubqst"
    folder.mkdir(parents=True)
    (folder / "characters.toml").write_text(
        WAR_CARD.replace("hit_power = 6", 'hit_power = "lots"'), encoding="utf-8"
    )
    with pytest.raises(d.MissingEntries) as refused:
        d.cards_for(["war"], "cards")
    text = str(refused.value)
    assert "the Warrior's Hit Power" in text
    assert "characters.toml" in text and "hit_power" in text.split("fix it first")[1]


def test_co_operative_and_versus_need_two_or_more_players() -> None:
    rules = get_ruleset("qubqst")
    setup = {"party": ["war"], "cards": d.sample_cards().model_dump(mode="json")}
    for mode in ("coop", "versus"):
        with pytest.raises(ValueError, match=r"options\.players: .*2 or more players"):
            rules.initial_state({**setup, "options": {"mode": mode}})
    state = rules.initial_state({**setup, "options": {"mode": "versus", "players": "Ann, Bob"}})
    assert state.players == ("Ann", "Bob")


def test_a_cube_drawn_by_hand_is_offered_by_name_for_each_cube_left_in_the_bag(
    tmp_path: Path,
) -> None:
    game = GameFile.create(
        tmp_path / "q.game.jsonl",
        None,
        ruleset_id="qubqst",
        options={"sample": "all"},
        choices={"_game": {"party": "war"}},
        seed=3,
    )
    rules = get_ruleset("qubqst")

    def by_hand() -> list[str]:
        return [c.label for c in rules.choices(game.state, "war") if c.group == "Draw by hand"]

    assert by_hand() == []  # the Golden Cube is rolled in first, not drawn from the bag
    game.act({"actor": "war", "action": "draw", "face": "S/red+black"})
    assert by_hand() == [f"Draw black{n}" for n in range(1, 10)]
    game.act({"actor": "war", "action": "draw", "cube": "black7", "face": "NS/"})
    assert by_hand() == []  # black7 must be joined before the next draw
    game.act(
        {
            "actor": "war",
            "action": "join",
            "cube": "black7",
            "path": "N",
            "to": "golden",
            "to_path": "S",
        }
    )
    assert by_hand() == [f"Draw black{n}" for n in (1, 2, 3, 4, 5, 6, 8, 9)]
    assert "black7" not in game.state.bag


def test_a_join_onto_a_spot_where_a_cube_lies_is_refused_and_the_cubes_drawn_apart(
    tmp_path: Path,
) -> None:
    """L138 "join it by a path to another Catacomb Cube" and L163 "Place the Creature Cube
    on top of the current Catacomb Cube": the cubes lie on the table, one to a spot, so a
    join that would lay the new cube on one already laid is refused with its reason."""
    game = GameFile.create(
        tmp_path / "q.game.jsonl",
        None,
        ruleset_id="qubqst",
        options={"sample": "all"},
        choices={"_game": {"party": ["war", "wiz"]}},
        seed=3,
    )
    rules = get_ruleset("qubqst")

    def act(**action: object) -> None:
        game.act({"actor": "war", **action})

    act(action="start_item")
    act(action="draw", face="S/red+black")
    # black1 south of the Golden Cube, black2 east of it, black3 south of black2, black4
    # west of black3: black4 lies south of black1.
    for cube, path, to, to_path in (
        ("black1", "N", "golden", "S"),
        ("black2", "W", "black1", "E"),
        ("black3", "N", "black2", "S"),
        ("black4", "E", "black3", "W"),
    ):
        act(action="draw", cube=cube, face="NESW/")
        act(action="join", cube=cube, path=path, to=to, to_path=to_path)
    act(action="draw", cube="black5", face="NESW/")
    onto = {"actor": "war", "action": "join", "cube": "black5", "path": "N"}
    verdict = rules.validate(
        game.state, rules.actions.validate_python({**onto, "to": "black1", "to_path": "S"})
    )
    assert not verdict.legal
    assert [r.code for r in verdict.reasons] == ["spot_taken"]
    assert "black4 already lies south of black1" in verdict.message
    joins = [c.label for c in rules.choices(game.state, "war") if c.kind == "join"]
    assert "Join black5 N to black4 S" in joins
    assert not [j for j in joins if j.endswith("to black1 S")], joins
    act(action="join", cube="black5", path="N", to="black4", to_path="S")
    spots = [p.at for p in rules.places(game.state).places]
    assert len(set(spots)) == len(spots) == 6, spots


def test_the_log_says_each_step_in_players_words() -> None:
    """L289-290 "Each time the character has to discard a Combat Cube, add it to the
    creature's Combat Cubes instead": the log names the creature by its cube's sticker,
    the cubes as the board labels them, the paths by their ways; the action itself (the
    game file's JSON) keeps its ids."""
    rules = get_ruleset("qubqst")
    cards = d.sample_cards().model_dump(mode="json")
    cards["creatures"]["kob"] = {"hit_power": 2, "abilities": ["absorb"], "cache": []}
    state = rules.initial_state(
        {
            "party": ["war", "thf"],
            "options": {"sample": "all"},
            "cards": cards,
            "board": {
                "cubes": {"golden": "S/red+black", "black1": "NES/yellow"},
                "joins": [["black1", "N", "golden", "S"]],
                "entry": ["black1", "S"],
            },
        }
    )
    faces = ["kob", *["blank"] * 5, "critical", "blank"]
    dice = TypedDice(faces, specs=rules.dice_specs())

    def said(action: dict[str, object]) -> str:
        nonlocal state
        before = state
        done = rules.resolve(state, rules.actions.validate_python(action), dice)
        state = done.state
        return rules.describe(before, action, done.events)

    assert said({"actor": "war", "action": "reveal"}) == "Warrior: reveal the cube: black1: KOB."
    fight = {"actor": "war", "action": "fight", "foe": "black1_1"}
    line = said(fight)
    assert line.startswith("Warrior: fight KOB: KOB 2 hits to 0: it absorbs 2 of ")
    assert "Warrior's Combat Cubes" in line and "black1_1" not in line, line
    assert fight == {"actor": "war", "action": "fight", "foe": "black1_1"}
    # Setting out: a cube rolled in and joined, in words.
    game = rules.initial_state(
        {"party": ["war"], "options": {"sample": "all"}, "cards": d.sample_cards().model_dump()}
    )
    state = game
    dice = TypedDice([1], specs=rules.dice_specs())
    said({"actor": "war", "action": "start_item"})
    assert said({"actor": "war", "action": "draw", "face": "S/red+black"}) == (
        "Warrior: draw a cube: golden is rolled in: path south, 2 creatures: red, black."
    )
    said({"actor": "war", "action": "draw", "cube": "black1", "face": "EW/"})
    join = {"actor": "war", "action": "join", "cube": "black1", "path": "W"}
    assert said({**join, "to": "golden", "to_path": "S"}) == (
        "Warrior: join black1 to golden: black1's west path is joined to golden's south path."
    )


def test_undo_and_reset_turn_are_offered_only_with_something_to_take_back(
    tmp_path: Path,
) -> None:
    game = GameFile.create(
        tmp_path / "q.game.jsonl",
        None,
        ruleset_id="qubqst",
        options={"sample": "all"},
        choices={"_game": {"party": "war"}},
        seed=3,
    )
    assert not game.can_undo and not game.can_reset_turn
    game.act({"actor": "war", "action": "start_item"})
    assert game.can_undo and game.can_reset_turn
    assert game.reset_turn() == 1
    assert not game.can_undo and not game.can_reset_turn and game.can_redo
