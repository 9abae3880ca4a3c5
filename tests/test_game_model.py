"""The game object (``companion.rules.game``): making, acting, undo, files that crash or fill."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest

import companion.rules.session as session_module
from companion.model.mapfile import MapDocument
from companion.rules.dice import DiceError
from companion.rules.game import Game, GameFileError
from companion.rules.logchain import rechain
from companion.rules.maps import load_map_bytes
from companion.rules.places import place_name
from companion.rules.session import IllegalAction, SessionError
from companion.rulesets.brickquest.catalog import default_catalog

# The demo dungeon as it was when these tests were written (4 characters, 6 monsters),
# pinned so that edits to the shipped demo do not change the dice these tests type in.
DEMO = Path(__file__).resolve().parent / "data" / "game_demo.json"
CHARACTERS = ("brannoc", "lira", "mira", "snik")  # the demo map's characters, in map order


@pytest.fixture(scope="module")
def doc() -> MapDocument:
    return load_map_bytes(DEMO.read_bytes(), source=str(DEMO))


@pytest.fixture
def game(tmp_path: Path, doc: MapDocument) -> Game:
    return Game.create(tmp_path / "g.game.jsonl", doc, seed=3)


def lines(path: Path) -> list[dict[str, Any]]:
    """The header and the records of a game file (without their chain hashes)."""
    out = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    for record in out[1:]:
        record.pop("chain", None)
    return out


def rewrite(path: Path, records: list[dict[str, Any]]) -> None:
    """Write edited lines as an editor that knows the hash chain would (``rechain``)."""
    path.write_bytes(rechain([json.dumps(r).encode() for r in records]))


def acting(game: Game) -> str:
    fid = game.turn().acting
    assert fid is not None
    return fid


def reopened(game: Game) -> dict[str, Any]:
    assert game.path is not None
    return Game.open(game.path).snapshot()


def far_move(game: Game, fid: str) -> list[list[int]]:
    """A legal path for ``fid`` to a square offered by ``moves()`` (the farthest, then
    the lowest square, so it is the same every run)."""
    options = game.ruleset.moves(game.state, fid)
    assert options, f"{fid} cannot move anywhere"
    best = max(options.values(), key=lambda o: (o.cost, -o.square[1], -o.square[0]))
    return [list(sq) for sq in best.path]


# -- a new game ------------------------------------------------------------------------


def test_a_new_app_dice_game_starts_in_round_one_with_someone_to_act(game: Game) -> None:
    turn = game.turn()
    assert turn.round == 1
    assert not turn.needs_initiative
    assert turn.acting == turn.order[0]
    assert set(turn.order) == set(game.figures())
    records = lines(game.path)  # type: ignore[arg-type]
    assert records[0]["format"] == "brick-companion-game" and records[0]["seed"] == 3
    assert [r["action"]["action"] for r in records[1:]] == ["initiative"]
    # two dice per character, each a face of a d6
    rolls = records[1]["rolls"]
    assert len(rolls) >= len(CHARACTERS)
    assert all(len(r["faces"]) == 2 and all(1 <= f <= 6 for f in r["faces"]) for r in rolls)


def test_the_same_seed_makes_the_same_game(tmp_path: Path, doc: MapDocument) -> None:
    a = Game.create(tmp_path / "a.game.jsonl", doc, seed=11)
    b = Game.create(tmp_path / "b.game.jsonl", doc, seed=11)
    assert a.snapshot() == b.snapshot()
    assert lines(a.path)[1:] == lines(b.path)[1:]  # type: ignore[arg-type]


def test_typed_dice_wait_for_initiative_and_take_two_faces_per_character(
    tmp_path: Path, doc: MapDocument
) -> None:
    game = Game.create(tmp_path / "t.game.jsonl", doc, dice="typed", seed=1)
    turn = game.turn()
    assert turn.needs_initiative and turn.acting is None
    assert len(lines(game.path)) == 1  # type: ignore[arg-type]
    # brannoc 12, lira 8, mira 2, snik 6: no tie whatever the classes' bonuses (0..3)
    faces = [6, 6, 4, 4, 1, 1, 3, 3]
    out = game.act({"actor": "brickmaster", "action": "initiative"}, faces=faces)
    assert not out.forced
    turn = game.turn()
    assert not turn.needs_initiative and turn.round == 1
    rolls = game.log()[0].rolls
    assert [r.faces for r in rolls] == [(6, 6), (4, 4), (1, 1), (3, 3)]
    catalog = default_catalog()
    figures = game.state.figures
    totals = {
        fid: pair + catalog.classes[figures[fid].class_id].initiative_bonus
        for fid, pair in zip(CHARACTERS, (12, 8, 2, 6), strict=True)
    }
    assert {fid: turn.labels[fid] for fid in CHARACTERS} == {f: str(t) for f, t in totals.items()}
    players = [f for f in turn.order if f in CHARACTERS]
    assert players == sorted(CHARACTERS, key=lambda f: -totals[f])
    assert reopened(game) == game.snapshot()


@pytest.mark.parametrize(
    ("faces", "words"),
    [
        ([6, 6, 4, 4, 1, 1, 3], "only 1 typed in"),  # one die short
        ([6, 6, 4, 4, 1, 1, 3, 3, 5], "not needed"),  # one die too many
        ([6, 6, 4, 7, 1, 1, 3, 3], "7 is not a face of a d6"),
        ([6, 6, 4, 0, 1, 1, 3, 3], "0 is not a face of a d6"),
    ],
)
def test_wrong_typed_dice_are_refused_and_nothing_is_written(
    tmp_path: Path, doc: MapDocument, faces: list[int], words: str
) -> None:
    game = Game.create(tmp_path / "t.game.jsonl", doc, dice="typed", seed=1)
    size = game.path.stat().st_size  # type: ignore[union-attr]
    before = game.snapshot()
    with pytest.raises(DiceError, match=words):
        game.act({"actor": "brickmaster", "action": "initiative"}, faces=faces)
    assert game.path.stat().st_size == size  # type: ignore[union-attr]
    assert game.snapshot() == before and game.turn().needs_initiative
    assert game.session.records_written == 0
    assert reopened(game) == before


def test_typed_dice_may_be_asked_for_at_the_table(tmp_path: Path, doc: MapDocument) -> None:
    game = Game.create(tmp_path / "t.game.jsonl", doc, dice="typed", seed=1)
    asked: list[tuple[int, int, str]] = []
    table = iter([[6, 6], [4, 4], [1, 1], [3, 3]])

    def ask(count: int, sides: int, purpose: str, die: str | None) -> list[int]:
        asked.append((count, sides, purpose))
        assert die is None  # BrickQuest's dice are plain numbered d6s
        return next(table)

    game.act({"actor": "brickmaster", "action": "initiative"}, ask=ask)
    assert [a[:2] for a in asked] == [(2, 6)] * 4
    assert "Brannoc" in asked[0][2]
    assert [r.faces for r in game.log()[0].rolls] == [(6, 6), (4, 4), (1, 1), (3, 3)]


# -- playing -------------------------------------------------------------------------------


def test_open_replays_to_the_identical_snapshot(game: Game) -> None:
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    game.act({"actor": fid, "action": "move", "path": far_move(game, fid)})
    game.act({"actor": fid, "action": "end_turn"})
    again = Game.open(game.path)  # type: ignore[arg-type]
    assert again.snapshot() == game.snapshot()
    assert [line.text for line in again.log()] == [line.text for line in game.log()]
    assert again.notice == ""


def test_the_log_words_each_entry_once_and_stays_as_a_fresh_one_words_it(game: Game) -> None:
    """``log()`` keeps the entries it worded: after actions, an undo, a redo and a new
    action it equals the log of the game opened afresh, and an entry left alone is the
    same object as before."""
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    first = game.log()
    game.act({"actor": fid, "action": "move", "path": far_move(game, fid)})
    second = game.log()
    assert len(second) == len(first) + 1
    assert all(a is b for a, b in zip(first, second, strict=False))  # worded once
    game.undo()
    assert game.log() == first
    game.redo()
    assert game.log() == second
    game.act({"actor": fid, "action": "end_turn"})
    assert game.log() == Game.open(game.path).log()  # type: ignore[arg-type]


def test_a_reopened_game_rolls_on_as_it_would_have(tmp_path: Path, doc: MapDocument) -> None:
    """App dice are seeded by the seed and the records written, so the same actions
    give the same rolls in a game kept open and in one reopened between actions."""
    kept = Game.create(tmp_path / "a.game.jsonl", doc, seed=5)
    Game.create(tmp_path / "b.game.jsonl", doc, seed=5)
    for _ in range(3):
        kept.undo()  # undo and redo are records too
        kept.redo()
        reloaded = Game.open(tmp_path / "b.game.jsonl")
        reloaded.undo()
        reloaded = Game.open(tmp_path / "b.game.jsonl")
        reloaded.redo()
    kept.act({"actor": "brickmaster", "action": "initiative"})
    Game.open(tmp_path / "b.game.jsonl").act({"actor": "brickmaster", "action": "initiative"})
    a, b = lines(tmp_path / "a.game.jsonl"), lines(tmp_path / "b.game.jsonl")
    assert a[1:] == b[1:]
    first, second = a[1]["rolls"], a[-1]["rolls"]
    assert first != second  # a re-roll is a new roll, not the first one again


def test_undo_and_redo_restore_states_and_redo_keeps_the_dice(game: Game) -> None:
    start = game.snapshot()
    rolls = game.log()[0].rolls
    assert rolls
    game.undo()
    assert game.turn().needs_initiative and game.turn().acting is None
    assert game.log() == []
    game.redo()
    assert game.snapshot() == start
    assert game.log()[0].rolls == rolls  # the same dice, not a new roll
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    game.act({"actor": fid, "action": "move", "path": far_move(game, fid)})
    moved = game.snapshot()
    game.undo()
    game.undo()
    assert game.snapshot() == start
    game.redo()
    game.redo()
    assert game.snapshot() == moved
    assert not game.can_redo
    with pytest.raises(SessionError, match="nothing to redo"):
        game.redo()
    assert reopened(game) == moved
    kinds = [r.get("type") for r in lines(game.path)[1:]]  # type: ignore[arg-type]
    assert kinds == ["action", "undo", "redo", "action", "action", "undo", "undo", "redo", "redo"]


def test_a_new_action_after_undo_drops_the_redo(game: Game) -> None:
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    game.act({"actor": fid, "action": "move", "path": far_move(game, fid)})
    game.undo()
    game.act({"actor": fid, "action": "end_turn"})
    assert not game.can_redo
    assert [line.actor for line in game.log()] == ["brickmaster", fid, fid]
    assert "ends the turn" in game.log()[-1].text
    assert reopened(game) == game.snapshot()


def test_reset_turn_goes_back_to_before_the_turn_began(game: Game) -> None:
    first = acting(game)
    game.act({"actor": first, "action": "end_turn"})
    fid = acting(game)
    assert fid != first
    before = game.snapshot()
    game.act({"actor": fid, "action": "begin_turn"})
    game.act({"actor": fid, "action": "move", "path": far_move(game, fid)})
    assert game.snapshot() != before
    assert game.reset_turn() == 2
    assert game.snapshot() == before
    assert acting(game) == fid
    # nothing of this figure's turn left to reset: the previous turn is not touched
    assert game.reset_turn() == 0
    assert game.snapshot() == before
    assert reopened(game) == before


def test_an_illegal_action_raises_with_its_reasons_and_writes_nothing(game: Game) -> None:
    other = next(f for f in game.turn().order if f != acting(game))
    action = {"actor": other, "action": "move", "path": far_move(game, other)}
    verdict = game.check(action)
    assert not verdict.legal
    size = game.path.stat().st_size  # type: ignore[union-attr]
    before = game.snapshot()
    with pytest.raises(IllegalAction) as info:
        game.act(action)
    assert info.value.verdict == verdict
    assert "not_your_turn" in info.value.verdict.codes
    for reason in verdict.reasons:
        assert reason.message in str(info.value)
    assert game.path.stat().st_size == size  # type: ignore[union-attr]
    assert game.snapshot() == before
    assert len(game.log()) == 1


def test_a_forced_action_is_logged_forced_with_its_reason(game: Game) -> None:
    other = next(f for f in game.turn().order if f != acting(game))
    path = far_move(game, other)
    out = game.act(
        {"actor": other, "action": "move", "path": path}, force="the orc was asleep anyway"
    )
    assert out.forced
    assert game.figures()[other].at == tuple(path[-1])
    line = game.log()[-1]
    assert line.forced and line.why == "the orc was asleep anyway"
    assert line.squares[: len(path)] == tuple(tuple(sq) for sq in path)
    record = lines(game.path)[-1]  # type: ignore[arg-type]
    assert record["forced"] is True
    assert [r["code"] for r in record["overruled"]] == ["not_your_turn"]
    again = Game.open(game.path)  # type: ignore[arg-type]
    assert again.snapshot() == game.snapshot()
    assert again.log()[-1].forced


def test_forcing_a_legal_action_logs_it_as_legal(game: Game) -> None:
    fid = acting(game)
    out = game.act({"actor": fid, "action": "begin_turn"}, force="just to be sure")
    assert not out.forced
    assert not game.log()[-1].forced and game.log()[-1].why == ""


def test_a_move_is_worded_once(game: Game) -> None:
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    path = far_move(game, fid)
    out = game.act({"actor": fid, "action": "move", "path": path})
    name = game.figures()[fid].name
    said = f"{name} moves to {place_name(path[-1])}."
    assert out.text.count("moves to") == 1, out.text
    assert out.text.startswith(said)
    assert game.log()[-1].text == out.text


def test_a_forced_move_into_a_wall_is_refused_before_anything_is_spent(game: Game) -> None:
    """Was: the figure stayed, the action was spent, and the log said "does not get to"."""
    fid = acting(game)
    before = game.snapshot()
    size = game.path.stat().st_size  # type: ignore[union-attr]
    with pytest.raises(SessionError, match=r"cannot be moved onto A1 \(wall\)"):
        game.act({"actor": fid, "action": "move", "path": [[0, 0]]}, force="try it")
    assert game.snapshot() == before
    assert game.path.stat().st_size == size  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"action": "adjust", "figure": "zzz", "hp": 1}, "no figure 'zzz'"),
        ({"action": "adjust", "figure": "grok", "at": [999, 3]}, "off the map"),
        ({"action": "adjust", "figure": "grok", "remove_items": ["sword"]}, "does not carry"),
        ({"action": "reorder", "order": ["zzz"]}, "no figure 'zzz'"),
        ({"action": "edit_map", "at": [999, 3], "terrain": "#"}, "off the map"),
        ({"action": "edit_map", "at": [1, 1], "terrain": "Q"}, "not a terrain"),
        ({"action": "edit_map", "at": [3, 3], "move_object_to": [4, 4]}, "no object"),
        ({"action": "edit_map", "at": [1, 1], "move_object_to": [999, 4]}, "off the map"),
        ({"action": "edit_map", "at": [1, 1], "move_object_to": [2, 1]}, "barrel already"),
    ],
)
def test_the_brickmaster_cannot_force_the_impossible(
    game: Game, action: dict[str, Any], words: str
) -> None:
    """A figure or an object off the map, an unknown figure or terrain would leave a game
    that cannot be drawn or played on: refused even when forced, nothing written."""
    size = game.path.stat().st_size  # type: ignore[union-attr]
    before = game.snapshot()
    full = {"actor": "brickmaster", **action}
    with pytest.raises(IllegalAction):
        game.act(full)
    with pytest.raises(SessionError, match=f"cannot carry out the action: .*{words}"):
        game.act(full, force="I am the BrickMaster")
    assert game.path.stat().st_size == size  # type: ignore[union-attr]
    assert game.snapshot() == before
    assert game.ruleset.choices(game.state, acting(game))


def test_the_brickmaster_may_force_a_figure_onto_an_occupied_square(game: Game) -> None:
    spot = game.figures()["gob"].at
    assert spot is not None
    action = {"actor": "brickmaster", "action": "adjust", "figure": "nix", "at": list(spot)}
    assert game.check(action).codes == ["occupied"]
    out = game.act(action, force="they share the square")
    assert out.forced and game.figures()["nix"].at == spot
    assert Game.open(game.path).snapshot() == game.snapshot()  # type: ignore[arg-type]


def test_an_unknown_figure_or_a_bad_action_is_a_session_error(game: Game) -> None:
    size = game.path.stat().st_size  # type: ignore[union-attr]
    with pytest.raises(SessionError, match="nobody"):
        game.act({"actor": "nobody", "action": "end_turn"})
    with pytest.raises(SessionError, match="not a valid action"):
        game.act({"actor": acting(game), "action": "fly"})
    assert game.path.stat().st_size == size  # type: ignore[union-attr]


# -- files that break ----------------------------------------------------------------------


def test_a_torn_last_line_is_cut_with_a_notice_and_the_game_goes_on(game: Game) -> None:
    path = game.path
    assert path is not None
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    whole = path.read_bytes()
    expected = game.snapshot()
    record = json.dumps({"type": "action", "action": {"actor": fid, "action": "end_turn"}})
    path.write_bytes(whole + record[: len(record) // 2].encode())
    again = Game.open(path)
    assert "line 4" in again.notice and "cut off" in again.notice
    assert path.read_bytes() == whole  # the half line is gone from the file too
    assert again.snapshot() == expected
    again.act({"actor": fid, "action": "end_turn"})
    third = Game.open(path)
    assert third.notice == ""
    assert third.snapshot() == again.snapshot()
    assert [line.actor for line in third.log()] == ["brickmaster", fid, fid]


def test_a_whole_last_record_without_its_newline_is_kept(game: Game) -> None:
    path = game.path
    assert path is not None
    fid = acting(game)
    game.act({"actor": fid, "action": "begin_turn"})
    expected = game.snapshot()
    path.write_bytes(path.read_bytes()[:-1])  # the newline lost, the record whole
    again = Game.open(path)
    assert again.notice == ""
    assert again.snapshot() == expected
    again.act({"actor": fid, "action": "end_turn"})
    assert Game.open(path).snapshot() == again.snapshot()


def test_a_full_disk_applies_nothing_and_memory_and_disk_agree(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = game.path
    assert path is not None
    whole = path.read_bytes()
    before = game.snapshot()

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(session_module.os, "write", full)
    fid = acting(game)
    with pytest.raises(SessionError, match=r"No space left on device.*not applied"):
        game.act({"actor": fid, "action": "begin_turn"})
    with pytest.raises(SessionError, match="No space left"):
        game.undo()
    monkeypatch.undo()
    assert game.snapshot() == before
    assert path.read_bytes() == whole
    assert Game.open(path).snapshot() == before
    game.act({"actor": fid, "action": "begin_turn"})  # room again: the game goes on
    assert Game.open(path).snapshot() == game.snapshot()
    assert game.snapshot()["figures"][fid] == before["figures"][fid]
    assert game.turn().turn_started


def test_a_short_write_is_cut_back(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    path = game.path
    assert path is not None
    whole = path.read_bytes()
    before = game.snapshot()
    real_write = session_module.os.write

    def half(fd: int, data: bytes) -> int:
        return real_write(fd, data[: len(data) // 2])

    monkeypatch.setattr(session_module.os, "write", half)
    with pytest.raises(SessionError, match="not applied"):
        game.act({"actor": acting(game), "action": "begin_turn"})
    monkeypatch.undo()
    assert path.read_bytes() == whole
    assert game.snapshot() == before
    again = Game.open(path)
    assert again.notice == "" and again.snapshot() == before


def _append(path: Path, record: dict[str, Any]) -> int:
    """Append a record to a game file (chained); its line number."""
    rewrite(path, [*lines(path), record])
    return len(path.read_text("utf-8").splitlines())


def test_replay_refuses_an_illegal_action_not_marked_forced(game: Game) -> None:
    path = game.path
    assert path is not None
    other = next(f for f in game.turn().order if f != acting(game))
    record = {"type": "action", "action": {"actor": other, "action": "end_turn"}}
    lineno = _append(path, record)
    with pytest.raises(GameFileError) as info:
        Game.open(path)
    message = str(info.value)
    assert f"line {lineno}" in message
    assert "not marked forced" in message and "turn" in message


@pytest.mark.parametrize("face", [99, 0])
def test_replay_refuses_a_die_off_the_die_naming_the_line(game: Game, face: int) -> None:
    path = game.path
    assert path is not None
    records = lines(path)
    records[1]["rolls"][1]["faces"][0] = face
    rewrite(path, records)
    with pytest.raises(GameFileError) as info:
        Game.open(path)
    assert "line 2" in str(info.value)
    assert f"{face} is not a face of a d6" in str(info.value)


def test_replay_refuses_dice_the_rules_did_not_ask_for(game: Game) -> None:
    path = game.path
    assert path is not None
    records = lines(path)
    records[1]["rolls"][0]["faces"] = [3, 3, 3]
    rewrite(path, records)
    with pytest.raises(GameFileError, match="line 2"):
        Game.open(path)


def test_replay_refuses_an_undo_with_nothing_to_undo(tmp_path: Path, doc: MapDocument) -> None:
    game = Game.create(tmp_path / "t.game.jsonl", doc, dice="typed")
    assert game.path is not None
    lineno = _append(game.path, {"type": "undo"})
    with pytest.raises(GameFileError, match=f"line {lineno}: undo with nothing to undo"):
        Game.open(game.path)


@pytest.mark.parametrize(
    ("options", "choices", "words"),
    [
        ({"bogus": True}, {}, "options.bogus"),
        ({"holding": "yes"}, {}, "options.holding"),
        ({"los": "2d"}, {}, "options.los"),
        ({"reroll_initiative": 2}, {}, "options.reroll_initiative"),
        ({"reroll_initiative": True}, {}, "options.reroll_initiative"),
        ({}, {"rattle": {"weapon": "spoon"}}, "spoon"),
        ({}, {"rattle": {"hp": "0"}}, "rattle"),
        ({}, {"grok": {"weapon": "sword"}}, "choices.grok.weapon"),
        ({}, {"nobody": {"hp": "5"}}, "choices.nobody.hp"),
    ],
)
def test_a_bad_setup_is_a_game_file_error(
    tmp_path: Path,
    doc: MapDocument,
    options: dict[str, Any],
    choices: dict[str, dict[str, Any]],
    words: str,
) -> None:
    path = tmp_path / "bad.game.jsonl"
    with pytest.raises(GameFileError, match=words.replace(".", r"\.")):
        Game.create(path, doc, options=options, choices=choices, seed=1)
    assert not path.exists()


@pytest.mark.parametrize(
    ("party", "seed", "words"),
    [
        ({"characters": [{"id": "snik", "hit_points": 5, "max_hit_points": 3}]}, 1, "5 hit"),
        ({"characters": [{"id": "snik", "swag": "sword"}]}, 1, "swag"),
        ({"characters": [{"id": "snik", "class_id": "human_mage"}]}, 1, "human_thief"),
        ({"characters": "snik"}, 1, "party.characters"),
        (None, -1, "seed"),
    ],
)
def test_a_bad_party_or_seed_is_a_game_file_error(
    tmp_path: Path, doc: MapDocument, party: dict[str, Any] | None, seed: int, words: str
) -> None:
    path = tmp_path / "bad.game.jsonl"
    with pytest.raises(GameFileError, match=words):
        Game.create(path, doc, party=party, seed=seed)
    assert not path.exists()


def test_the_party_sheet_sets_the_characters(tmp_path: Path, doc: MapDocument) -> None:
    party = {
        "characters": [
            {
                "id": "snik",
                "name": "Snik the Quick",
                "hit_points": 7,
                "max_hit_points": 10,
                "swag": ["key"],
            }
        ]
    }
    game = Game.create(tmp_path / "p.game.jsonl", doc, party=party, seed=1)
    snik = game.figures()["snik"]
    assert (snik.name, snik.hp, snik.max_hp) == ("Snik the Quick", 7, 10)
    assert game.state.figures["snik"].items == ("key",)  # type: ignore[attr-defined]
    assert snik.items == ("Key",)  # the table names what it carries
    assert Game.open(game.path).snapshot() == game.snapshot()  # type: ignore[arg-type]


def test_setup_choices_reach_the_figures(tmp_path: Path, doc: MapDocument) -> None:
    game = Game.create(
        tmp_path / "c.game.jsonl",
        doc,
        options={"critical_hits": True, "reroll_initiative": 3},
        choices={"rattle": {"weapon": "halberd", "hp": "9"}},
        seed=2,
    )
    rattle = game.state.figures["rattle"]
    assert rattle.weapon == "halberd" and rattle.hp == 9 == game.figures()["rattle"].max_hp
    assert game.state.options.critical_hits and game.state.options.reroll_initiative == 3
    again = Game.open(game.path)  # type: ignore[arg-type]
    assert again.state.figures["rattle"].weapon == "halberd"
    assert again.snapshot() == game.snapshot()


def test_a_header_edited_to_a_bad_option_is_refused_on_open(game: Game) -> None:
    path = game.path
    assert path is not None
    records = lines(path)
    records[0]["options"] = {"bogus": True}
    rewrite(path, records)
    with pytest.raises(GameFileError, match=r"line 1: .*options\.bogus"):
        Game.open(path)


# -- three rounds ---------------------------------------------------------------------------


def play_turn(game: Game) -> list[dict[str, Any]]:
    """The acting figure's turn through ``choices()``: begin, then an attack when one is
    offered (on the other side if possible) or a move from ``moves()``, then end."""
    fid = acting(game)
    done = []

    def do(action: dict[str, Any]) -> None:
        assert game.check(action).legal, (action, game.check(action).message)
        out = game.act(action)
        assert not out.forced
        done.append(action)

    offered = game.ruleset.choices(game.state, fid)
    begin = [c for c in offered if c.kind == "begin_turn"]
    assert begin, f"{fid} may not begin its turn: {[c.kind for c in offered]}"
    do(begin[0].template)
    side = game.figures()[fid].side
    for _ in range(2):
        if game.turn().acting != fid or game.figures()[fid].actions_left == 0:
            break
        offered = game.ruleset.choices(game.state, fid)
        # Every action is offered; those not possible now are disabled, with a reason.
        attacks = [c for c in offered if c.kind.startswith("attack_") and c.enabled]
        moves = [c for c in offered if c.kind == "move" and c.enabled]
        if attacks:
            choice = attacks[0]
            figures = game.figures()
            foes = [t for t in choice.targets if figures[t].side != side]
            do({**choice.template, choice.field: (foes or list(choice.targets))[0]})
        elif moves and game.ruleset.moves(game.state, fid):
            do({**moves[0].template, "path": far_move(game, fid)})
    if game.turn().acting == fid:
        ends = [c for c in game.ruleset.choices(game.state, fid) if c.kind == "end_turn"]
        assert ends, f"{fid} may not end its turn"
        do(ends[0].template)
    return done


def test_three_full_rounds_through_choices(game: Game) -> None:
    played: list[dict[str, Any]] = []
    turns = 0
    while game.turn().round < 4:
        played += play_turn(game)
        turns += 1
        assert turns < 100, "the rounds do not end"
    assert game.turn().round == 4
    assert turns >= 3 * 5  # every living figure had its turn, three times
    log = game.log()
    assert len(log) == len(played) + 1  # + the initiative
    assert not any(line.forced for line in log)
    assert [line.actor for line in log[1:]] == [a["actor"] for a in played]
    assert sum(a["action"] == "move" for a in played) > 0
    assert reopened(game) == game.snapshot()


@pytest.mark.parametrize("every", [1, 3])
def test_initiative_is_rolled_again_every_n_rounds_as_the_option_says(
    tmp_path: Path, doc: MapDocument, every: int
) -> None:
    """The text: you may want to roll initiative every round, or every 3 or 5 rounds."""
    game = Game.create(
        tmp_path / f"r{every}.game.jsonl", doc, seed=5, options={"reroll_initiative": every}
    )
    rolled_in = []
    for _ in range(200):
        turn = game.turn()
        if turn.round > 4:
            break
        if turn.needs_initiative:
            rolled_in.append(turn.round)
            with pytest.raises(IllegalAction) as refused:
                game.act({"actor": turn.order[0], "action": "end_turn"})
            assert refused.value.verdict.codes == ["initiative_needed"]
            game.act({"actor": "brickmaster", "action": "initiative"})
            assert game.turn().acting is not None
            continue
        game.act({"actor": acting(game), "action": "end_turn"})
    expected = [r for r in (2, 3, 4) if (r - 1) % every == 0]
    assert rolled_in == expected
