"""The public view of a game (issue 23): what the players may know, per ruleset.

Hidden rooms and everything in them, figures and places a ruleset keeps secret, a boss's
relic, a casket's token and the BrickMaster's notes are absent from the data the players'
window and the phone page are given (``model_dump_json``), and appear once revealed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.model.dungeon import Room
from companion.paths import resource_dir
from companion.rules.capabilities import PublicInfo
from companion.rules.game import Game
from companion.rules.maps import load_map_file
from companion.rules.public_view import public_sheet, public_view
from companion.rules.ruleset import get_ruleset
from companion.rules.secrets import Secrets

DUNGEONS = resource_dir() / "dungeons"
PARTIES = resource_dir() / "parties"


def brickquest(tmp_path: Path) -> Game:
    """The demo dungeon: its Crypt is hidden and holds Rattle and Ankh-Ra."""
    return Game.create(tmp_path / "bq.game.jsonl", load_map_file(DUNGEONS / "demo.json"), seed=3)


def heroica(tmp_path: Path, board: str = "heroica-draida-bay.json") -> Game:
    party = json.loads((PARTIES / "heroica-demo.roster.json").read_text(encoding="utf-8"))
    return Game.create(
        tmp_path / "h.game.jsonl", load_map_file(DUNGEONS / board), party=party, seed=5
    )


def revealed(game: Game, name: str) -> list[Room]:
    """The game's rooms with ``name`` revealed, as the window's map has them then."""
    rooms = game.ruleset.board(game.state).dungeon.rooms  # type: ignore[attr-defined]
    return [Room(r.name, r.hidden and r.name != name) for r in rooms]


def crypt_squares(game: Game) -> list[tuple[int, int]]:
    dungeon = game.ruleset.board(game.state).dungeon  # type: ignore[attr-defined]
    index = [r.name for r in dungeon.rooms].index("Crypt")
    return [(x, y) for x, y in dungeon.squares() if dungeon.room_of[y, x] == index]


def test_a_hidden_room_and_its_monsters_are_absent_until_revealed(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    hidden = public_view(game)
    assert hidden.game == "bq" and hidden.ruleset == "brickquest" and hidden.title == "BrickQuest"
    data = hidden.model_dump_json()
    for secret in ("Crypt", "Rattle", "Ankh-Ra", "rattle", "ankh"):
        assert secret not in data
    squares = crypt_squares(game)
    assert squares and all(hidden.board.rows[y][x] == " " for x, y in squares)
    # the known rooms keep their names and figures
    assert "Great hall" in hidden.board.rooms
    assert "Grok" in {f.name for f in hidden.figures}
    assert "Rattle" not in hidden.tracker.order and "Ankh-Ra" not in hidden.tracker.order
    # a sarcophagus in the Crypt is no public mark either
    assert all(m.at not in squares for m in hidden.board.marks)

    shown = public_view(game, rooms=revealed(game, "Crypt"))
    names = {f.name for f in shown.figures}
    assert {"Rattle", "Ankh-Ra"} <= names and "Crypt" in shown.board.rooms
    assert any(shown.board.rows[y][x] != " " for x, y in squares)
    assert any(m.label == "sarcophagus" for m in shown.board.marks)


def test_a_chests_contents_and_the_brickmasters_notes_are_never_sent(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    # A forced adjustment with the BrickMaster's reason and note.
    game.act(
        {"actor": "brickmaster", "action": "adjust", "figure": "grok", "hp": 3},
        note="grok is secretly the lich's servant",
    )
    data = public_view(game).model_dump_json()
    assert "crown of the forge" not in data  # the locked chest's contents
    assert "lich" not in data
    assert len(public_view(game).log) == len(game.log())


def test_what_a_hidden_monster_does_stays_out_of_the_log(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    game.act({"actor": "brickmaster", "action": "adjust", "figure": "rattle", "hp": 1})
    view = public_view(game)
    assert all("Rattle" not in line for line in view.log)
    assert len(view.log) == len(game.log()) - 1
    shown = public_view(game, rooms=revealed(game, "Crypt"))
    assert any("Rattle" in line for line in shown.log)


def test_the_version_grows_with_each_action_and_undo(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    first = public_view(game).version
    game.act({"actor": "brickmaster", "action": "adjust", "figure": "grok", "hp": 3})
    second = public_view(game).version
    game.undo()
    third = public_view(game).version
    assert first < second < third
    assert public_view(game, revision=2).version == third + 2


def test_a_monster_hiding_in_a_sarcophagus_is_a_brickquest_secret(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    rules = game.ruleset
    assert isinstance(rules, PublicInfo)
    state = game.state
    assert rules.secrets(state).figures == frozenset()
    grok = state.figures["grok"]
    hiding = state.with_figure(grok.model_copy(update={"inside": (grok.x, grok.y)}))
    assert rules.secrets(hiding).figures == {"grok"}
    # a character hiding is still known to its own party
    brannoc = state.figures["brannoc"]
    party = state.with_figure(brannoc.model_copy(update={"inside": (brannoc.x, brannoc.y)}))
    assert rules.secrets(party).figures == frozenset()


def test_public_sheets_of_brickquest_characters_only(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    view = public_view(game)
    assert {s.figure_id for s in view.sheets} == {
        "brannoc",
        "lira",
        "mira",
        "snik",
        "aldous",
        "borin",
    }
    sheet = public_sheet(game, "brannoc")
    assert sheet is not None and sheet.name == "Brannoc"
    assert any(h == "Hit points" for s in sheet.sections for h, _ in s.rows)
    assert public_sheet(game, "grok") is None  # a monster: no public sheet
    assert public_sheet(game, "rattle") is None  # in the hidden Crypt
    assert public_sheet(game, "nobody") is None


def test_public_sheets_name_what_a_character_carries(tmp_path: Path) -> None:
    """The items by the names the ruleset gives them (its figure views), not their ids."""
    party = json.loads((PARTIES / "demo.party.json").read_text(encoding="utf-8"))
    doc = load_map_file(DUNGEONS / "demo.json")
    game = Game.create(tmp_path / "bq.game.jsonl", doc, party=party, seed=3)
    assert "healing_potion" in game.state.figures["brannoc"].items  # type: ignore[attr-defined]
    sheet = public_sheet(game, "brannoc")
    assert sheet is not None
    items = [v for s in sheet.sections if s.heading == "Items" for _, v in s.rows]
    assert "Healing Potion" in items
    assert not any("_" in v for v in items), items


def test_heroica_keeps_the_bosss_relic_secret(tmp_path: Path) -> None:
    game = heroica(tmp_path)
    relic = "Sword of Power"
    boss = game.state.monsters["goblin_general"]
    assert boss.relic == "sword_of_power"
    assert relic in json.dumps(game.snapshot()) or relic in str(game.figures()["goblin_general"])
    view = public_view(game)
    assert relic not in view.model_dump_json()
    for ref in view.sheets:
        sheet = public_sheet(game, ref.figure_id)
        assert sheet is not None and relic not in sheet.model_dump_json()
    # once the boss is gone (its relic taken), the name is no longer a secret
    rules = game.ruleset
    assert isinstance(rules, PublicInfo)
    gone = {k: m for k, m in game.state.monsters.items() if k != "goblin_general"}
    assert relic not in rules.secrets(game.state.with_(monsters=gone)).words
    assert relic in rules.secrets(game.state).words


def test_heroica_caskets_keep_their_tokens_face_down(tmp_path: Path) -> None:
    game = heroica(tmp_path, "heroica-ramses-temple.json")
    tokens = {f.token for f in game.state.features.values() if f.kind == "casket" and f.token}
    assert tokens == {"yellow", "orange"}
    marks = [m for m in public_view(game).board.marks if "asket" in m.label]
    assert marks, "the caskets are on the board"
    for mark in marks:
        assert not any(t in mark.label.lower() for t in tokens)


def test_iawwbr_shows_the_whole_table(tmp_path: Path) -> None:
    party = json.loads((PARTIES / "iawwbr-demo.roster.json").read_text(encoding="utf-8"))
    doc = load_map_file(DUNGEONS / "iawwbr-demo.json")
    game = Game.create(tmp_path / "i.game.jsonl", doc, party=party, seed=1)
    rules = game.ruleset
    assert isinstance(rules, PublicInfo) and rules.secrets(game.state) == Secrets()
    view = public_view(game)
    assert view.board.kind == "studs" and view.board.width == doc.dungeon.width
    assert {f.id for f in view.figures} == {f.id for f in game.figures().values()}
    assert view.last_roll is not None and view.last_roll.purpose == "activation roll"
    sheet = public_sheet(game, view.sheets[0].figure_id)
    assert sheet is not None and sheet.sections


def duel(tmp_path: Path) -> Game:
    return Game.create(tmp_path / "d.game.jsonl", None, ruleset_id="duel", seed=2)


def test_the_duel_is_fought_in_the_dark(tmp_path: Path) -> None:
    game = duel(tmp_path)
    view = public_view(game)
    assert view.board.kind == "graph"
    ids = {p.id for p in view.board.places}
    # Red at the Gate, Blue in the Tower: the places one link from them are known
    assert ids == {"gate", "yard", "hall", "tower"}
    data = view.model_dump_json()
    assert "Well" not in data and "Stair" not in data
    assert all(link in ids for p in view.board.places for link in p.links)
    assert {f.place for f in view.figures} == {"gate", "tower"}
    # Red moves to the Yard: the Well comes to light
    game.act({"actor": "red", "action": "move", "place": "yard"})
    after = public_view(game)
    assert "well" in {p.id for p in after.board.places}
    # a place keeps where it is drawn whatever is hidden
    before_xy = {p.id: (p.x, p.y) for p in view.board.places}
    assert all(before_xy[p.id] == (p.x, p.y) for p in after.board.places if p.id in before_xy)


class _Hider:
    """A ruleset stand-in that keeps one figure and one roll secret (``PublicInfo``)."""

    def __init__(self, inner: Any, figure: str) -> None:
        self.inner, self.figure = inner, figure

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def secrets(self, state: Any) -> Secrets:
        return Secrets(figures=frozenset({self.figure}), sheet_rows=frozenset({"Stats"}))


def test_the_core_asks_only_the_capability(tmp_path: Path) -> None:
    """No ruleset is special-cased: a secret figure named through ``PublicInfo`` is out
    of the figures, the order and the sheets; a secret sheet section is out of sheets."""
    game = duel(tmp_path)
    game.session.ruleset = _Hider(get_ruleset("duel"), "blue")
    view = public_view(game)
    assert "Blue Knight" not in view.model_dump_json()
    assert [f.id for f in view.figures] == ["red"]
    sheet = public_sheet(game, "red")
    assert sheet is not None and all(s.heading != "Stats" for s in sheet.sections)
    assert public_sheet(game, "blue") is None


@pytest.mark.parametrize("odds", [None, "3 attack dice: 58% to hit"])
def test_odds_only_when_shown(tmp_path: Path, odds: str | None) -> None:
    game = brickquest(tmp_path)
    assert public_view(game, show_odds=odds).odds == odds
    assert public_view(game, frozen=True).frozen


class _Without:
    """A ruleset as one written without some capabilities (the new rulesets may lack
    ``PublicInfo``; a mapless one lacks a board too)."""

    def __init__(self, inner: Any, *missing: str) -> None:
        self.inner, self.missing = inner, set(missing)

    def __getattr__(self, name: str) -> Any:
        if name in self.missing:
            raise AttributeError(name)
        return getattr(self.inner, name)


def test_a_map_ruleset_without_the_capability_still_hides_its_hidden_rooms(
    tmp_path: Path,
) -> None:
    game = brickquest(tmp_path)
    game.session.ruleset = _Without(game.ruleset, "secrets")
    assert not isinstance(game.ruleset, PublicInfo)
    view = public_view(game)
    assert view.board.kind == "squares"
    data = view.model_dump_json()
    assert "Rattle" not in data and "Crypt" not in data
    assert "Rattle" in public_view(game, rooms=revealed(game, "Crypt")).model_dump_json()


def test_a_graph_ruleset_without_the_capability_shows_every_place(tmp_path: Path) -> None:
    game = duel(tmp_path)
    game.session.ruleset = _Without(game.ruleset, "secrets")
    view = public_view(game)
    assert {p.id for p in view.board.places} == {"gate", "yard", "well", "hall", "stair", "tower"}
    assert all(0.0 <= p.x <= 1.0 and 0.0 <= p.y <= 1.0 for p in view.board.places)


def test_a_ruleset_without_any_board_has_a_board_of_kind_none(tmp_path: Path) -> None:
    game = duel(tmp_path)
    game.session.ruleset = _Without(game.ruleset, "secrets", "places")
    view = public_view(game)
    assert view.board.kind == "none" and view.board.places == [] and view.board.rows == []
    assert {f.name for f in view.figures} == {"Red Knight", "Blue Knight"}
    assert all(f.place is None and f.at is None for f in view.figures)


def test_a_secret_door_found_in_a_hidden_room_stays_out_of_the_log(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    x, y = crypt_squares(game)[len(crypt_squares(game)) // 2]
    game.act({"actor": "brickmaster", "action": "edit_map", "at": [x, y], "terrain": "o"})
    assert len(public_view(game).log) == len(game.log()) - 1
    assert len(public_view(game, rooms=revealed(game, "Crypt")).log) == len(game.log())


def test_a_hidden_room_on_a_heroica_board_hides_its_monster(tmp_path: Path) -> None:
    """Heroica's board is built from its spaces (no rooms of its own): the rooms are
    where the map the game began on draws them."""
    party = json.loads((PARTIES / "heroica-demo.roster.json").read_text(encoding="utf-8"))
    doc = load_map_file(DUNGEONS / "heroica-draida-bay.json")
    goblin = next(f for f in doc.figures if f.id == "goblin_general")
    x, y = goblin.at
    doc.dungeon.rooms.append(Room("Goblin den", hidden=True))
    doc.dungeon.room_of[y - 1 : y + 2, x - 1 : x + 2] = len(doc.dungeon.rooms) - 1
    game = Game.create(tmp_path / "den.game.jsonl", doc, party=party, seed=5)
    assert game.ruleset.board(game.state).dungeon.rooms == []  # type: ignore[attr-defined]
    view = public_view(game)
    assert "goblin_general" not in {f.id for f in view.figures}
    assert view.board.rows[y][x] == " " and "Goblin den" not in view.model_dump_json()
    shown = public_view(game, rooms=[Room("Goblin den", hidden=False)])
    assert "goblin_general" in {f.id for f in shown.figures} and "Goblin den" in shown.board.rooms


def test_a_line_naming_a_hidden_room_stays_out(tmp_path: Path) -> None:
    game = brickquest(tmp_path)
    game.act({"actor": "brickmaster", "action": "adjust", "figure": "grok", "hp": 3})
    lines = game.log()
    texts = [line.text for line in lines]
    from companion.rules import public_view as pv

    known = pv._Known(game, None)
    assert known.says_secret("The door of the Crypt creaks") and not known.says_secret(
        "The Great hall is quiet"
    )
    assert known.says_secret("rattle.") and not known.says_secret("Rattles")
    assert public_view(game).log == texts


def test_a_qubqst_catacomb_shows_its_faces_paths_and_discarded_cubes(tmp_path: Path) -> None:
    from qubqst_catacomb import played_catacomb

    game = played_catacomb(tmp_path / "q.game.jsonl")
    view = public_view(game)
    places = {p.id: p for p in view.board.places}
    assert set(places) == {"golden", "black1", "black2", "black3"}
    assert places["golden"].colour == "yellow" and places["black1"].colour == "black"
    assert places["golden"].face == "paths S · 2 creatures: red, black"
    assert places["black3"].face == "paths N E S · empty"
    paths = {(p.direction, p.joined) for p in places["black3"].paths}
    assert paths == {("N", True), ("E", False), ("S", False)}
    assert all(p.joined for p in places["black1"].paths)
    assert places["black3"].discarded and not places["black2"].discarded
    # What the cubes hold is not sent: only the rolled faces the table sees.
    data = view.board.model_dump_json()
    assert "Hit Power" not in data and "_secret_" not in data
