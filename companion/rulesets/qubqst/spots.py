"""Where each cube lies on the table: the Golden Cube at the origin, each joined cube a
step the way its path leads; no two cubes on one spot."""

from __future__ import annotations

from companion.rulesets.qubqst.state import Game

STEP = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
#: Each path's way in words.
WAY = {"N": "north", "E": "east", "S": "south", "W": "west"}


def layout(game: Game) -> dict[str, tuple[float, float]]:
    """Every cube's spot: each joined cube a step the way its path leads (a taken spot is
    passed by, further on the same way); a cube not joined yet waits on a row apart."""
    at: dict[str, tuple[float, float]] = {}
    order = sorted(game.cubes.values(), key=lambda c: c.order)
    if not order:
        return at
    start = "golden" if "golden" in game.cubes else order[0].id
    at[start] = (0.0, 0.0)
    queue = [start]
    while queue:
        here = queue.pop(0)
        for path, target in game.cubes[here].joins.items():
            there = target.split(":")[0]
            if there in at:
                continue
            dx, dy = STEP[path]
            spot = (at[here][0] + dx, at[here][1] + dy)
            while spot in at.values():
                spot = (spot[0] + dx, spot[1] + dy)
            at[there] = spot
            queue.append(there)
    lowest = max((y for _x, y in at.values()), default=0.0) + 2.0
    x = 2.0
    for c in order:
        if c.id not in at:
            at[c.id] = (x, lowest)
            x += 1.0
    return at


def landing(game: Game, to: str, to_path: str) -> tuple[float, float]:
    """The spot a new cube joined to ``to``'s ``to_path`` path lies on."""
    x, y = layout(game)[to]
    dx, dy = STEP[to_path]
    return (x + dx, y + dy)


def cube_at(game: Game, spot: tuple[float, float]) -> str | None:
    """The placed cube lying on ``spot`` (the cube not joined yet lies nowhere)."""
    at = layout(game)
    return next((c for c, p in at.items() if p == spot and c != game.unjoined), None)


def face_said(paths: tuple[str, ...], content: str, colours: tuple[str, ...]) -> str:
    """A rolled face as the log says it: "paths north and east, 2 creatures: green, red"."""
    ways = [WAY[p] for p in paths]
    said = (
        ways[0]
        if len(ways) == 1
        else "none"
        if not ways
        else f"{', '.join(ways[:-1])} and {ways[-1]}"
    )
    what = {"empty": "empty", "trap": "a trap"}.get(
        content, f"{len(colours)} creature{'s' if len(colours) != 1 else ''}: {', '.join(colours)}"
    )
    return f"path{'s' if len(ways) != 1 else ''} {said}, {what}"
