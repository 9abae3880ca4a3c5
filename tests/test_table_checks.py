"""Tables and boards checked as the rules see them (issue #19, item 6): ``validate``
refuses a map for the same reasons, in the same words, as ``game new`` (one check on the
ruleset interface, ``TableCheck.table_problems``), and scenarios are checked alike.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.commands.validate import check_file
from companion.datafiles import resource_dir
from companion.rules.game import Game, GameFileError
from companion.rules.places import place_name
from companion.rules.ruleset import TableCheck, available_rulesets, get_ruleset, ruleset_info
from companion.rules.scenario import ScenarioError, load_scenario

DUNGEONS = resource_dir() / "dungeons"
PARTIES = resource_dir() / "parties"
HEROICA_BOARDS = sorted(p.name for p in DUNGEONS.glob("heroica-*.json"))


def _map(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((DUNGEONS / name).read_text(encoding="utf-8"))
    return result


def _write(tmp_path: Path, name: str, doc: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _refusals(path: Path, party: dict[str, Any] | None = None) -> tuple[list[str], str]:
    """``validate``'s lines for the map, and ``game new``'s refusal of it."""
    kind, lines = check_file(path)
    assert kind == "map"
    from companion.rules.maps import load_map_file

    with pytest.raises(GameFileError) as err:
        Game.create(path.with_suffix(".game.jsonl"), load_map_file(path), party=party)
    return lines, str(err.value)


def _same_refusal(path: Path, lines: list[str], refusal: str, *expected: str) -> None:
    """Each expected problem is a validate line naming the file, and game new's words."""
    assert lines, "validate passed the map"
    for text in expected:
        line = next((ln for ln in lines if text in ln), None)
        assert line is not None, f"{text!r} not in {lines}"
        assert line.startswith(f"{path}: ")
        assert line.removeprefix(f"{path}: ") in refusal, (line, refusal)


def test_every_ruleset_with_maps_checks_its_tables() -> None:
    on_maps = [rid for rid in available_rulesets() if ruleset_info(rid).needs_map]
    assert {"brickquest", "heroica", "in_a_world_where_bricks_rule"} <= set(on_maps)
    assert all(isinstance(get_ruleset(rid), TableCheck) for rid in on_maps)


@pytest.mark.parametrize("path", sorted(DUNGEONS.glob("*.json")), ids=lambda p: p.name)
def test_the_sample_maps_are_playable(path: Path) -> None:
    assert check_file(path) == ("map", [])


# ---------------------------------------------------------------- BrickQuest


def test_brickquest_figure_on_a_barrel_is_refused_by_validate_as_by_game_new(
    tmp_path: Path,
) -> None:
    doc = _map("demo.json")
    assert any(o["at"] == [1, 1] and o["kind"] == "barrel" for o in doc["objects"])
    doc["figures"][0]["at"] = [1, 1]
    path = _write(tmp_path, "barrel.json", doc)
    lines, refusal = _refusals(path)
    expected = "figures[0] 'brannoc': brannoc stands on a barrel at B2"
    _same_refusal(path, lines, refusal, expected)
    assert "stands on floor" not in refusal


def test_brickquest_figure_on_a_chest_in_a_scenario(tmp_path: Path) -> None:
    doc = {
        "ruleset": "brickquest",
        "map": {
            "terrain": ["#####", "#...#", "#####"],
            "objects": [{"at": [2, 1], "kind": "chest", "facing": "S"}],
        },
        "figures": [
            {"id": "harry", "side": "party", "class": "human_warrior", "at": [2, 1], "facing": "E"}
        ],
        "checks": [{"actor": "harry", "action": "end_turn", "expect": "legal"}],
    }
    path = _write(tmp_path, "chest.json", doc)
    with pytest.raises(ScenarioError, match=r"chest\.json.*harry stands on a chest at C2"):
        from companion.rules.scenario import run_scenario

        run_scenario(load_scenario(path), str(path))


# ----------------------------------------------------------------------- IAWWBR


def _iawwbr_scenario(tmp_path: Path, *at: list[int], rows: int = 5) -> Path:
    figures = [
        {
            "id": f"f{i}",
            "side": "red" if i % 2 == 0 else "blue",
            "level": 1,
            "class": "swordsman",
            "armor": "leather",
            "weapon": "sword",
            "at": spot,
        }
        for i, spot in enumerate(at)
    ]
    doc = {
        "ruleset": "in_a_world_where_bricks_rule",
        "map": {"terrain": ["." * 12] * rows},
        "sides": ["red", "blue"],
        "figures": figures,
        "checks": [{"query": "gap", "from": "f0", "to": "f1", "expect": 0}],
    }
    return _write(tmp_path, "table.json", doc)


def _run(path: Path) -> list[dict[str, Any]]:
    from companion.rules.scenario import run_scenario

    return run_scenario(load_scenario(path), str(path))


def test_iawwbr_bases_that_touch_are_placed(tmp_path: Path) -> None:
    lines = _run(_iawwbr_scenario(tmp_path, [2, 2], [4, 2]))
    assert lines[0]["ok"] is True


@pytest.mark.parametrize(
    ("b", "gap"), [([3, 2], "-1.00"), ([2, 2], "-2.00")], ids=["one_stud", "stacked"]
)
def test_iawwbr_overlapping_bases_are_refused(tmp_path: Path, b: list[int], gap: str) -> None:
    path = _iawwbr_scenario(tmp_path, [2, 2], b)
    with pytest.raises(ScenarioError) as err:
        _run(path)
    text = str(err.value)
    assert "table.json" in text and "figures.1.at" in text
    assert f"overlaps f0's on C3 (gap {gap} studs)" in text


@pytest.mark.parametrize("spot", [[0, 2], [11, 2], [5, 0], [5, 4]])
def test_iawwbr_a_base_over_the_table_edge_is_refused(tmp_path: Path, spot: list[int]) -> None:
    path = _iawwbr_scenario(tmp_path, [5, 2] if spot[1] != 2 else [5, 1], spot)
    with pytest.raises(ScenarioError, match=r"figures\.1\.at: f1's base .* hangs over the table"):
        _run(path)


def test_iawwbr_a_base_over_void_is_refused(tmp_path: Path) -> None:
    path = _iawwbr_scenario(tmp_path, [2, 2], [8, 2])
    doc = json.loads(path.read_text())
    doc["map"]["terrain"][2] = "......... .."
    path.write_text(json.dumps(doc))
    with pytest.raises(ScenarioError, match=r"f1's base .* hangs over the table's edge"):
        _run(path)


def test_iawwbr_map_figures_one_stud_apart_refused_by_validate_as_by_game_new(
    tmp_path: Path,
) -> None:
    doc = _map("iawwbr-demo.json")
    doc["figures"][1]["at"] = [7, 8]  # one stud from red_archer on [6, 8]
    doc["figures"][2]["at"] = [0, 20]  # its base hangs over the table's edge
    path = _write(tmp_path, "table.json", doc)
    party = json.loads((PARTIES / "iawwbr-demo.roster.json").read_text(encoding="utf-8"))
    lines, refusal = _refusals(path, party)
    _same_refusal(
        path,
        lines,
        refusal,
        "figures[1] 'red_brute': red_brute's base on H9 overlaps red_archer's",
        "figures[2] 'red_knight': red_knight's base (radius 1 studs) on A21 hangs over",
    )


# ---------------------------------------------------------------------- Heroica


def _island(doc: dict[str, Any], n: int = 1) -> list[list[int]]:
    """``n`` new spaces, each cut off from every other (all its neighbours void)."""
    terrain = [list(row) for row in doc["terrain"]]
    h, w = len(terrain), len(terrain[0])

    def void(x: int, y: int) -> bool:
        return not (0 <= x < w and 0 <= y < h) or terrain[y][x] == " "

    out: list[list[int]] = []
    for y in range(h):
        for x in range(w):
            near = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            if len(out) < n and void(x, y) and all(void(*c) for c in near):
                terrain[y][x] = "."
                out.append([x, y])
    assert len(out) == n
    doc["terrain"] = ["".join(row) for row in terrain]
    return out


def _boss_location(doc: dict[str, Any]) -> dict[str, Any]:
    location: dict[str, Any] = next(loc for loc in doc["board"]["locations"] if loc.get("boss"))
    return location


@pytest.mark.parametrize("name", HEROICA_BOARDS)
def test_heroica_target_on_an_island_refused_by_validate_as_by_game_new(
    tmp_path: Path, name: str
) -> None:
    doc = _map(name)
    target = doc["board"]["target"]
    (cell,) = _island(doc)
    _boss_location(doc).setdefault("cells", []).append(cell)
    boss = next(f for f in doc["figures"] if f["id"] == target)
    boss["at"] = cell
    path = _write(tmp_path, name, doc)
    lines, refusal = _refusals(path)
    where = place_name(cell)
    _same_refusal(path, lines, refusal, f"board.target: the target {target!r} at {where}")


def test_heroica_chest_and_key_on_an_island(tmp_path: Path) -> None:
    doc = _map("heroica-draida-bay.json")
    chest, key = _island(doc, 2)
    board = doc["board"]
    board["locations"][0].setdefault("cells", []).extend([chest, key])
    board["features"].append({"kind": "treasure_chest", "at": chest})
    board["items"].append({"item": "key", "at": key})
    path = _write(tmp_path, "island.json", doc)
    lines, refusal = _refusals(path)
    n, m = len(board["features"]) - 1, len(board["items"]) - 1
    _same_refusal(
        path,
        lines,
        refusal,
        f"board.features[{n}]: the treasure_chest at {place_name(chest)} cannot be reached",
        f"board.items[{m}]: the key at {place_name(key)} cannot be reached",
    )


def test_heroica_floating_link_piece(tmp_path: Path) -> None:
    doc = _map("heroica-draida-bay.json")
    (cell,) = _island(doc)
    for loc in doc["board"]["locations"][:2]:
        loc.setdefault("cells", []).append(cell)
    path = _write(tmp_path, "link.json", doc)
    lines, refusal = _refusals(path)
    _same_refusal(path, lines, refusal, f"the link piece at {place_name(cell)} cannot be reached")


def test_heroica_link_piece_apart_from_a_location_it_joins(tmp_path: Path) -> None:
    doc = _map("heroica-draida-bay.json")
    docks = doc["board"]["locations"][1]
    docks.setdefault("cells", []).append([1, 3])  # a Beach space far from the Docks
    path = _write(tmp_path, "apart.json", doc)
    lines, refusal = _refusals(path)
    _same_refusal(path, lines, refusal, "the link piece at B4 floats apart from 'docks'")


def test_heroica_generator_and_relic_for_nobody(tmp_path: Path) -> None:
    doc = _map("heroica-draida-bay.json")
    board = doc["board"]
    i = next(i for i, f in enumerate(board["features"]) if f["kind"] == "monster_generator")
    board["features"][i]["boss"] = "nobody"
    board["relics"]["nobody"] = "sword_of_power"
    path = _write(tmp_path, "nobody.json", doc)
    lines, refusal = _refusals(path)
    _same_refusal(
        path,
        lines,
        refusal,
        f"board.features[{i}]: the monster generator at",
        "board.relics.nobody: the sword_of_power names 'nobody', no monster on the board",
    )


def test_heroica_scenario_target_on_an_island(tmp_path: Path) -> None:
    doc = {
        "ruleset": "heroica",
        "board": {
            "spaces": ["... ."],
            "locations": [{"id": "bay", "name": "Bay", "realm": "draida_bay"}],
            "target": "boss",
        },
        "heroes": [{"id": "kn", "hero": "knight", "at": [0, 0]}],
        "monsters": [{"id": "boss", "monster": "goblin_king", "at": [4, 0]}],
        "checks": [{"actor": "table", "action": "roll_first_player", "expect": "legal"}],
    }
    doc["board"]["locations"][0]["cells"] = [[0, 0], [1, 0], [2, 0], [4, 0]]
    path = _write(tmp_path, "quest.json", doc)
    with pytest.raises(ScenarioError, match=r"quest\.json.*board\.target: the target 'boss'"):
        _run(path)
