"""The catacomb as a graph board: each cube with its rolled face, its joined and unjoined
paths, the party's cube, and the cubes discarded."""

from __future__ import annotations

from typing import Any

from companion.rules.graph import GraphView, PathView, PlaceView
from companion.rulesets.qubqst.spots import layout
from companion.rulesets.qubqst.state import Game
from companion.rulesets.qubqst.validate import foe_name


def cube_info(game: Game) -> list[dict[str, Any]]:
    """Every cube as data for a drawing: face, paths, joins, unjoined paths, state."""
    enc = game.encounter
    out = []
    for c in sorted(game.cubes.values(), key=lambda c: c.order):
        out.append(
            {
                "id": c.id,
                "face": c.face,
                "paths": list(c.paths),
                "content": c.content,
                "colours": list(c.colours),
                "joins": dict(c.joins),
                "unjoined": [p for p in c.paths if p not in c.joins],
                "discarded": c.discarded,
                "party": enc is not None and enc.cube == c.id,
                "entry": enc.entry if enc is not None and enc.cube == c.id else None,
            }
        )
    return out


def face_words(paths: list[str], content: str, colours: list[str]) -> str:
    """A rolled face in words: "paths N E S · 2 creatures: green, orange"."""
    what = {
        "empty": "empty",
        "trap": "trap",
        "creatures": f"{len(colours)} creature{'s' if len(colours) != 1 else ''}: "
        + ", ".join(colours),
    }[content]
    return f"paths {' '.join(paths)} · {what}"


#: Most cube glyphs drawn for one pool before the rest is written as "+n".
GLYPHS = 12


def pool_glyphs(n: int) -> str:
    """A pool of combat cubes drawn as cubes, its count after: "■■■■■ 5", "■■■■■■■■■■■■+3 15"."""
    shown = "■" * min(n, GLYPHS) + (f"+{n - GLYPHS}" if n > GLYPHS else "")
    return f"{shown} {n}" if n else "0"


def content_lines(game: Game, cube_id: str) -> tuple[str, ...]:
    """What is drawn inside the party's cube: each creature and how it stands, the fight's
    pools, a trap or treasure waiting."""
    enc = game.encounter
    if enc is None or enc.cube != cube_id or not enc.revealed:
        return ()
    out = []
    for foe in enc.foes:
        if foe.bag is not None:
            out.append(f"bag of {foe.bag}" + (" (opened)" if foe.opened else ""))
            continue
        card = game.cards.creatures[foe.creature or ""]
        abil = ", ".join(card.abilities)
        line = f"{foe_name(game, foe)}  Hit Power {foe.hit_power}" + (f"  {abil}" if abil else "")
        if foe.defeated:
            line += "  defeated"
        elif foe.sneaked:
            line += "  sneaked past"
        elif foe.evaded:
            line += "  evaded"
        elif foe.fighter:
            me = game.characters[foe.fighter]
            line += f"  {me.name} {pool_glyphs(me.pool or 0)} v {pool_glyphs(foe.pool or 0)}"
        out.append(line)
    if enc.trap is not None:
        out.append(f"trap {enc.trap.trap.upper()} on {game.characters[enc.trap.victim].name}")
    for cache in enc.caches:
        out.append(f"{cache} cache to search")
    if enc.secret is not None:
        out.append(f"secret room: {foe_name(game, enc.secret)}")
    return tuple(out)


def graph_view(game: Game) -> GraphView:
    at = layout(game)
    enc = game.encounter
    here = enc.cube if enc else None
    party = tuple(c for c in game.party_ids if not game.characters[c].dead)
    places = []
    infos = sorted(cube_info(game), key=lambda i: i["id"] != "golden")  # the Golden Cube first
    for info in infos:
        links = tuple(t.split(":")[0] for t in info["joins"].values())
        kind = "golden" if info["id"] == "golden" else "cube"
        if info["discarded"]:
            kind = "discarded"
        unjoined = "".join(info["unjoined"]) or "-"
        places.append(
            PlaceView(
                id=info["id"],
                label=info["id"],
                links=links,
                kind=kind,
                at=at.get(info["id"]),
                figures=party if info["id"] == here else (),
                note=f"unjoined paths: {unjoined}" + (" (discarded)" if info["discarded"] else ""),
                shape="cube",
                colour="yellow" if info["id"] == "golden" else "black",
                face=face_words(info["paths"], info["content"], info["colours"]),
                content=content_lines(game, info["id"]),
                paths=tuple(
                    PathView(
                        direction=p,
                        to=info["joins"][p].split(":")[0] if p in info["joins"] else None,
                        note=_path_note(game, info, p),
                    )
                    for p in info["paths"]
                ),
                discarded=info["discarded"],
            )
        )
    return GraphView(places=tuple(places), current=here)


def _path_note(game: Game, info: dict[str, Any], path: str) -> str:
    enc = game.encounter
    if info["party"] and enc is not None:
        if path == enc.entry:
            return "entry"
        if path in enc.searched:
            return "searched"
    return ""
