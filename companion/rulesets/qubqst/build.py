"""A QUBQST game from its set-up: the party, the options, the numbers (``Cards``) and,
optionally, a catacomb already laid out (``board``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rulesets.qubqst.data import DIRS, Cards, golden_problem, parse_face, text_data
from companion.rulesets.qubqst.state import Character, Cube, Encounter, Game, Options, Party


def cube_from_face(cube_id: str, face: str, order: int) -> Cube:
    paths, content, colours = parse_face(face)
    return Cube(
        id=cube_id,
        face=face.strip(),
        paths=paths,
        content=content,  # type: ignore[arg-type]
        colours=colours,
        order=order,
    )


def new_game(setup: Mapping[str, Any]) -> Game:
    """The game a set-up document describes; ``ValueError`` names a bad part."""
    td = text_data()
    cards = Cards.model_validate(setup["cards"])
    options = Options.model_validate(setup.get("options", {}))
    start = dict(setup.get("start") or {})
    party_ids = tuple(setup["party"])
    known = {c.id: c for c in td.characters}
    bad = [p for p in party_ids if p not in known]
    if bad or not 1 <= len(party_ids) <= 3 or len(set(party_ids)) != len(party_ids):
        raise ValueError(
            f"party: {list(party_ids)!r} is not 1 to 3 different characters of {', '.join(known)}"
        )
    chars = {}
    hp_given = dict(start.get("hit_power") or {})
    weak = set(start.get("weak") or ())
    for cid in party_ids:
        card = cards.characters[cid]
        hp = int(hp_given.get(cid, card.hit_power))
        chars[cid] = Character(
            id=cid,
            name=known[cid].name,
            hit_power=1 if cid in weak else hp,
            max_hit_power=card.hit_power,
            weak=cid in weak,
            casting_points=int(start.get("casting_points", td.casting_points_start))
            if card.casting_points > 0
            else 0,
        )
    party = Party(
        gold=int(start.get("gold", 0)),
        gems=int(start.get("gems", 0)),
        normal_item=start.get("normal_item"),
        magic_item=start.get("magic_item"),
    )
    players = tuple(p.strip() for p in options.players.split(",") if p.strip())
    if options.mode != "single" and len(players) < 2:
        raise ValueError(
            f"options.players: {options.mode} is for 2 or more players; name them, "
            "comma-separated (e.g. 'Ann, Bob')"
        )
    game = Game(
        options=options,
        cards=cards,
        party_ids=party_ids,
        characters=chars,
        party=party,
        bag=tuple(c.id for c in td.cubes if c.kind == "black"),
        to_draw=td.cubes_per_character * len(party_ids),
        item_rolled=bool(start.get("normal_item")) or bool(setup.get("board")),
        players=players,
    )
    board = setup.get("board")
    return lay_out(game, board) if board else game


def lay_out(game: Game, board: Mapping[str, Any]) -> Game:
    """The game with the catacomb ``board`` laid out and the party entered at its entry."""
    cubes: dict[str, Cube] = {}
    for order, (cid, face) in enumerate(dict(board["cubes"]).items()):
        if cid == "golden" and golden_problem(str(face)):
            raise ValueError(f"board.cubes.golden: {golden_problem(str(face))}")
        cubes[cid] = cube_from_face(cid, str(face), order)
    joins: dict[str, dict[str, str]] = {cid: {} for cid in cubes}
    for a, pa, b, pb in board.get("joins", ()):
        for cube, path in ((a, pa), (b, pb)):
            if cube not in cubes:
                raise ValueError(f"board.joins: {cube!r} is not a cube of the board")
            if path not in cubes[cube].paths:
                raise ValueError(f"board.joins: {cube} has no path {path}")
        joins[a][pa] = f"{b}:{pb}"
        joins[b][pb] = f"{a}:{pa}"
    cubes = {cid: c.model_copy(update={"joins": joins[cid]}) for cid, c in cubes.items()}
    entry_cube, entry_path = board["entry"]
    if entry_cube not in cubes or entry_path not in DIRS:
        raise ValueError(f"board.entry: {board['entry']!r} is not a cube and a path")
    used = set(cubes)
    return game.model_copy(
        update={
            "phase": "play",
            "cubes": cubes,
            "bag": tuple(c for c in game.bag if c not in used),
            "to_draw": 0,
            "item_rolled": True,
            "encounter": Encounter(cube=entry_cube, entry=entry_path),
            "visited": 1,
        }
    )
