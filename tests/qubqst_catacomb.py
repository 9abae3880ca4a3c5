"""A small QUBQST catacomb played a step in, for the players' view tests: the Warrior
alone, the Golden Cube S/red+black, black1 NS/yellow, black2 NS/ (empty) and black3
NES/ (empty) each joined north to the one before; the party entered black3 by S, found
it empty and moved on N to black2, so black3 is discarded with its E and S unjoined."""

from __future__ import annotations

from pathlib import Path

from companion.rules.game import Game

FACES = {"black1": "NS/yellow", "black2": "NS/", "black3": "NES/"}


def played_catacomb(path: Path) -> Game:
    game = Game.create(
        path,
        None,
        ruleset_id="qubqst",
        options={"sample": "all"},
        choices={"_game": {"party": "war"}},
        seed=3,
    )

    def act(**action: object) -> None:
        game.act({"actor": "war", **action})

    act(action="start_item")
    act(action="draw", face="S/red+black")
    before = "golden"
    for cube, face in FACES.items():
        act(action="draw", cube=cube, face=face)
        act(action="join", cube=cube, path="N", to=before, to_path="S")
        before = cube
    act(action="enter", cube="black3", path="S")
    act(action="reveal")
    act(action="move_on", path="N")
    return game
