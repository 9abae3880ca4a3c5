"""A whole co-operative Heroica game headless: a board map, the first roll, turns of the
heroes and the monsters to the target monster's defeat (or the full Fire Track), saved
after every action, reopened identical and printed; and a turn through ``brick-companion
game`` with the dice typed as labels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapDocument, MapOptions, dump_map, new_document
from companion.rules.game import Game
from companion.rulesets.heroica.rules import distances

ROOT = Path(__file__).resolve().parents[1]
#: What a player does first when it may: the monsters' and the Dragon's work, then a
#: fight, a search, a skill on a monster, the roll, the move, and the end of the turn.
PREFERENCE = (
    "dragon_fire",
    "monster_move",
    "monster_attack",
    "fight",
    "search",
    "skill",
    "roll_move",
    "move",
    "end_turn",
)


def keep() -> MapDocument:
    """Draida Bay and Castle Fortaan joined by a link piece; the Goblin King is the target."""
    doc = new_document(14, 7, border=False, name="Goblin Keep")
    doc.dungeon.terrain[:, :] = int(Terrain.VOID)
    doc.dungeon.terrain[1:6, 0:6] = int(Terrain.FLOOR)
    doc.dungeon.terrain[1:6, 7:13] = int(Terrain.FLOOR)
    doc.dungeon.terrain[3, 6] = int(Terrain.FLOOR)  # the link piece
    doc.board = {
        "locations": [
            {"id": "bay", "name": "Draida Bay", "realm": "draida_bay",
             "rects": [[0, 1, 6, 5], [6, 3, 1, 1]]},
            {"id": "keep", "name": "Castle Fortaan", "realm": "castle_fortaan",
             "rects": [[6, 3, 1, 1], [7, 1, 6, 5]], "boss": True},
        ],
        "features": [
            {"kind": "treasure_chest", "at": [3, 5]},
            {"kind": "monster_generator", "at": [12, 5], "boss": "king"},
        ],
        "items": [{"item": "gold", "at": [2, 2]}, {"item": "life_potion", "at": [4, 1]}],
        "start": [0, 1],
        "target": "king",
        "relics": {"king": "sword_of_power"},
    }  # fmt: skip
    doc.figures = [
        FigurePlacement(id="knight", class_id="knight", at=(0, 1)),
        FigurePlacement(id="wizard", class_id="wizard", at=(0, 2)),
        FigurePlacement(id="gob", monster="goblin_warrior", at=(3, 3)),
        FigurePlacement(id="king", monster="goblin_king", at=(11, 3)),
    ]
    doc.options = MapOptions(ruleset="heroica")
    return doc


def next_action(game: Game) -> dict[str, Any]:
    """The action a simple player takes now: the first of ``PREFERENCE`` on offer; a move
    goes to the space nearest the target monster."""
    rules, state = game.ruleset, game.state
    acting = game.turn().acting
    offered = [*rules.choices(state, None), *(rules.choices(state, acting) if acting else [])]
    offered = [c for c in offered if c.enabled]
    assert offered, f"nothing to do: {game.turn().headline}"
    for kind in PREFERENCE:
        for c in offered:
            if c.kind.startswith(kind):
                action = dict(c.template)
                if c.needs != "path":
                    return action
                target = state.monsters.get(state.target or "")
                goal = target.at if target else state.start
                dist = distances(state, goal, doors=False)
                moves = rules.moves(state, acting)
                if not moves:
                    continue
                best = min(moves.values(), key=lambda m: (dist.get(m.square, 999), m.cost))
                return {**action, "path": [list(p) for p in best.path]}
    return dict(offered[0].template)


def test_a_cooperative_game_on_a_board_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "keep.game.jsonl"
    game = Game.create(path, keep(), seed=5)
    # App dice: the Character Die has picked the first player.
    assert game.turn().acting in ("knight", "wizard")
    kinds = set()
    for _ in range(3000):
        if game.turn().outcome is not None:
            break
        action = next_action(game)
        kinds.add(action["action"])
        game.act(action)
    outcome = game.turn().outcome
    assert outcome is not None, game.turn().headline
    assert "the heroes win" in outcome or "Fire Track is full" in outcome
    # The monsters moved and attacked inside the heroes' turns.
    assert {"roll_move", "move", "end_turn", "monster_move"} <= kinds
    # Saved after every action: the file reopens to the same game.
    again = Game.open(path)
    assert again.snapshot() == game.snapshot()
    assert again.turn().outcome == outcome
    # And the game's hero cards print.
    pdf = tmp_path / "cards.pdf"
    printed = run("sheets", path, "-o", pdf)
    assert printed.returncode == 0, printed.stderr
    assert pdf.read_bytes().startswith(b"%PDF")


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "companion", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_turn_on_the_command_line_with_dice_typed_as_labels(tmp_path: Path) -> None:
    board = tmp_path / "keep.json"
    board.write_bytes(dump_map(keep()))
    path = tmp_path / "keep.game.jsonl"
    made = run("game", "new", "--map", board, "--dice", "typed", path)
    assert made.returncode == 0, made.stderr
    state = json.loads(run("game", "state", path).stdout)
    assert state["ruleset"] == "heroica" and state["needs_initiative"]
    assert state["tracks"]["fire"] == {"name": "Fire Track", "filled": 0, "length": 12}

    def act(action: dict[str, Any], dice: str = "") -> subprocess.CompletedProcess[str]:
        extra = ["--dice", dice] if dice else []
        return run("game", "act", path, json.dumps(action), *extra)

    # The Character Die: the Knight goes first.
    assert act({"action": "roll_first_player", "actor": "table"}, "Knight").returncode == 0
    # A diagonal step is refused with Heroica's own reason.
    act({"action": "roll_move", "actor": "knight"}, "Shield")
    refused = act({"action": "move", "actor": "knight", "path": [[1, 2]]})
    assert refused.returncode == 1 and "diagonal" in refused.stdout
    # The move ends next to the goblin, and the Knight must fight it; the gold on the
    # way is picked up.
    past = [[1, 1], [2, 1], [2, 2], [3, 2]]
    moved = act({"action": "move", "actor": "knight", "path": past})
    assert moved.returncode == 0, moved.stdout + moved.stderr
    status = json.loads(run("game", "state", path).stdout)
    assert "must fight" in status["headline"], status["headline"]
    ended = act({"action": "end_turn", "actor": "knight"})
    assert ended.returncode == 1 and "must_fight" in ended.stdout
    fought = act({"action": "fight", "actor": "knight", "target": "gob"}, "Shield")
    assert fought.returncode == 0
    assert "Goblin Warrior is defeated" in json.loads(fought.stdout)["text"]
    log = run("game", "log", path).stdout
    assert "first player: Knight" in log and "Goblin Warrior: Shield" in log  # labels
