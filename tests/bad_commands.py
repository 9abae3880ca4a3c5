"""The hostile user's corpus, through the commands: over 900 variants of the demo files of
all three rulesets (maps, parties and rosters, scenarios, game logs) and of the command-line
arguments, each with the commands that read it and what must happen.

``variants()`` yields ``Variant`` objects, the same ones every time; ``materialise`` puts
one's files on disk and gives its command lines.  A refused variant must exit 2 naming
its file (or argument), with no traceback and no hang; a sound one must be accepted.
Run as a script (``python tests/bad_commands.py FOLDER``) it writes the files to FOLDER.

Impossible boards (IAWWBR overlapping bases, a Heroica target that is no monster,
BrickQuest figures on furniture) are checked by wt-rulechecks' code: a few are here.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bad_corpus import (
    COMMON,
    DEMO_MAP,
    DEMO_PARTY,
    SCENARIO,
    Case,
    chain_edits,
    game_lines,
    game_mutations,
    map_mutations,
    party_mutations,
    scenario_mutations,
    write,
)

ROOT = Path(__file__).resolve().parent.parent
RES = ROOT / "resources"
SCEN = ROOT / "tests" / "scenarios"
BQ, IW, HE = "brickquest", "in_a_world_where_bricks_rule", "heroica"
RULESETS = (BQ, IW, HE)
MAPS = {
    BQ: DEMO_MAP,
    IW: RES / "dungeons" / "iawwbr-demo.json",
    HE: RES / "dungeons" / "heroica-castle-fortaan.json",
}
PARTIES = {
    BQ: DEMO_PARTY,
    IW: RES / "parties" / "iawwbr-demo.roster.json",
    HE: RES / "parties" / "heroica-demo.roster.json",
}
SCENARIOS = {
    IW: SCEN / IW / "vigilante_ranged_hit_keeps_weapon.json",
    HE: SCEN / HE / "first_player_character_die.json",
}
#: What the problems of issue #19 typed as numbers.
BAD_NUMBERS = (
    "\u00b3",
    "\u0663",
    "\uff13",
    "9" * 5000,
    "3.5",
    "1e3",
    "\u2462",
    "0x3",
    "3\x07",
    "\udcff",
)
GAME = ".game.jsonl"
#: An option of each ruleset whose value is a number.
NUMBER_OPTION = {BQ: "reroll_initiative", IW: "length_studs", HE: "hero_health"}
#: The action each ruleset's typed game is asked for (its dice are refused first).
ROLL = {
    BQ: '{"action": "roll_initiative"}',
    IW: '{"action": "roll_activation"}',
    HE: '{"action": "roll_first_player"}',
}


@dataclass(frozen=True)
class Variant:
    """One input and the commands that read it: ``{F}`` is the variant's file, ``{NEW}``
    a game to make, ``{OUT}`` a PDF, ``{MAP}``/``{PARTY}``/``{TYPED}`` the ruleset's sound
    map, party and typed-dice game (``TYPED`` copied first when the variant is sound)."""

    name: str
    ruleset: str
    commands: tuple[tuple[str, ...], ...]
    data: bytes = b""
    kind: str = ""
    special: str = ""
    refused: bool = True
    #: What a refusal must name: the file (default) or the argument.
    names: str = "{F}"
    tags: tuple[str, ...] = field(default=())


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _load(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_bytes())
    return doc


# -- the commands each kind of file goes through -------------------------------------------

FILE_COMMANDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "map": (("validate", "{F}"), ("game", "new", "--map", "{F}", "--party", "{PARTY}", "{NEW}")),
    "party": (
        ("validate", "{F}"),
        ("game", "new", "--map", "{MAP}", "--party", "{F}", "{NEW}"),
        ("sheets", "{F}", "-o", "{OUT}"),
    ),
    "game": (
        ("validate", "{F}"),
        ("game", "state", "{F}"),
        ("game", "act", "{F}", '{"action": "end_turn"}'),
        ("sheets", "{F}", "-o", "{OUT}"),
    ),
    "scenario": (("validate", "{F}"), ("rules", "check", "{F}")),
}


def _file(name: str, ruleset: str, kind: str, data: bytes, **kw: Any) -> Variant:
    commands = FILE_COMMANDS[kind]
    if not kw.get("refused", True) and kind == "party":
        commands = commands[:2]  # no PDF painting for sound files
    if not kw.get("refused", True) and kind == "game":
        commands = commands[:2]
    return Variant(name, ruleset, commands, data, kind, **kw)


# -- maps ----------------------------------------------------------------------------------


def _other_map_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    """Map edits that hold for any ruleset's map."""

    def figure_kind_typo(rng: random.Random, d: dict[str, Any]) -> Any:
        f = rng.choice([f for f in d["figures"] if "class" in f])
        f["class"] = f["class"] + rng.choice(["x", "_", "zz"])
        return d

    def figure_off_map(rng: random.Random, d: dict[str, Any]) -> Any:
        rng.choice(d["figures"])["at"] = rng.choice([[999, 1], [1, -1], [10**12, 0]])
        return d

    def figure_id_twice(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(d["figures"], 2)
        b["id"] = a["id"]
        return d

    def number_as_text(rng: random.Random, d: dict[str, Any]) -> Any:
        key = rng.choice(["width", "height", "version"])
        d[key] = str(d[key])
        return d

    def ruleset_typo(rng: random.Random, d: dict[str, Any]) -> Any:
        d.setdefault("options", {})["ruleset"] = d["options"].get("ruleset", "brickquest") + "s"
        return d

    def terrain_char(rng: random.Random, d: dict[str, Any]) -> Any:
        y = rng.randrange(len(d["terrain"]))
        row = d["terrain"][y]
        x = rng.randrange(len(row))
        d["terrain"][y] = row[:x] + rng.choice("?!\u0663\t") + row[x + 1 :]
        return d

    def name_control(rng: random.Random, d: dict[str, Any]) -> Any:
        d["name"] = rng.choice(["x\x00y", "x\ud800y", "a" * 100_000])
        return d

    def figure_unknown_key(rng: random.Random, d: dict[str, Any]) -> Any:
        rng.choice(d["figures"])["hit_points"] = 5
        return d

    return [
        figure_kind_typo,
        figure_off_map,
        figure_id_twice,
        number_as_text,
        ruleset_typo,
        terrain_char,
        name_control,
        figure_unknown_key,
    ]


def _map_variants(rng: random.Random, ruleset: str, count: int) -> Iterator[Variant]:
    own = map_mutations() if ruleset == BQ else []
    fns = [*COMMON, *own, *_other_map_mutations()]
    for i in range(count):
        fn = fns[i % len(fns)]
        doc = _load(MAPS[ruleset])
        data = fn(rng, doc)
        data = data if isinstance(data, bytes) else _dump(data)
        yield _file(f"{i:03d}-{ruleset}-map-{fn.__name__}", ruleset, "map", data)


def _board_variants() -> Iterator[Variant]:
    """Impossible boards (wt-rulechecks' checks, now on main): refused like any bad map."""

    def edit(ruleset: str, fn: Callable[[dict[str, Any]], None]) -> bytes:
        doc = _load(MAPS[ruleset])
        fn(doc)
        return _dump(doc)

    def touching(d: dict[str, Any]) -> None:
        x, y = d["figures"][0]["at"]
        d["figures"][1]["at"] = [x + 1, y]

    def same_square(d: dict[str, Any]) -> None:
        d["figures"][1]["at"] = d["figures"][0]["at"]

    boards = [
        (BQ, "on_barrel", lambda d: d["figures"][0].update(at=[1, 1])),
        (BQ, "on_chest", lambda d: d["figures"][0].update(at=[19, 4])),
        (IW, "bases_overlap", touching),
        (IW, "bases_same_square", same_square),
        (HE, "target_nobody", lambda d: d["board"].update(target="nobody")),
    ]
    for ruleset, name, fn in boards:
        data = edit(ruleset, fn)
        yield _file(f"board-{ruleset}-{name}", ruleset, "map", data, tags=("rulechecks",))


# -- parties and rosters ---------------------------------------------------------------------


def _bq_party_variants() -> Iterator[tuple[str, bytes]]:
    """Issue #19's problem 3: a party ``game new`` once took and ``validate`` refused."""
    text = DEMO_PARTY.read_text(encoding="utf-8")

    def edit(fn: Callable[[dict[str, Any]], None]) -> bytes:
        doc = _load(DEMO_PARTY)
        fn(doc)
        return _dump(doc)

    def warrior_sp(d: dict[str, Any]) -> None:
        w = next(c for c in d["characters"] if c["class_id"] == "human_warrior")
        w["spell_points"] = w["max_spell_points"] = 14

    yield "version_999", edit(lambda d: d.update(version=999))
    yield "bad_utf8", text.replace("Brannoc", "Bran\udcffnoc").encode("utf-8", "surrogateescape")
    yield "duplicate_keys", text.replace('"version"', '"version": 1, "version"', 1).encode()
    yield "hp_as_text", edit(lambda d: d["characters"][0].update(hit_points="12"))
    yield "warrior_14_sp", edit(warrior_sp)
    yield "lone_surrogate", edit(lambda d: d["characters"][0].update(name="x\ud800y"))
    yield "control_char", edit(lambda d: d["characters"][0].update(name="x\x1by"))
    pad = '"characters": [], "pad": "' + "x" * 2_700_000 + '", "x": '
    yield "over_2_mb", text.replace('"characters":', pad, 1).encode()


def _roster_mutations(ruleset: str) -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def pick(rng: random.Random, d: dict[str, Any]) -> dict[str, Any]:
        return rng.choice(d["characters"])

    def kind_typo(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        key = "class" if ruleset == IW else "hero"
        c[key] = c[key] + "x"
        return d

    def id_twice(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(d["characters"], 2)
        b["id"] = a["id"]
        return d

    def lax_type(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        if ruleset == IW:
            key, value = rng.choice([("level", "12"), ("shield", "yes"), ("defense", "14")])
        else:
            key, value = rng.choice([("player", 7), ("name", ["x"]), ("hero", None)])
        c[key] = value
        return d

    def other_ruleset(rng: random.Random, d: dict[str, Any]) -> Any:
        d["ruleset"] = rng.choice([r for r in RULESETS if r != ruleset])
        return d

    def bad_version(rng: random.Random, d: dict[str, Any]) -> Any:
        d["version"] = rng.choice([999, "1", 0, None])
        return d

    def bad_name(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["name"] = rng.choice(["x\ud800y", "a\x00b", "n" * 5000])
        return d

    def bad_id(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["id"] = rng.choice(["has space", "", "\u0663", "x" * 80])
        return d

    def unknown_key(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["hit_points"] = 5
        return d

    def too_many(rng: random.Random, d: dict[str, Any]) -> Any:
        d["characters"] = [dict(d["characters"][0], id=f"c{i}") for i in range(300)]
        return d

    extra: list[Callable[[random.Random, dict[str, Any]], Any]] = []
    if ruleset == IW:

        def level_range(rng: random.Random, d: dict[str, Any]) -> Any:
            pick(rng, d)["level"] = rng.choice([0, 21, -1, 10**30])
            return d

        def side_unknown(rng: random.Random, d: dict[str, Any]) -> Any:
            pick(rng, d)["side"] = "green"
            return d

        extra = [level_range, side_unknown]
    return [
        kind_typo,
        id_twice,
        lax_type,
        other_ruleset,
        bad_version,
        bad_name,
        bad_id,
        unknown_key,
        too_many,
        *extra,
    ]


def _party_variants(rng: random.Random, ruleset: str, count: int) -> Iterator[Variant]:
    if ruleset == BQ:
        for name, data in _bq_party_variants():
            yield _file(f"issue-{ruleset}-party-{name}", ruleset, "party", data)
        for other in (IW, HE):  # a sound roster, but not a BrickQuest party
            new = FILE_COMMANDS["party"][1:2]
            data = PARTIES[other].read_bytes()
            yield Variant(f"issue-{ruleset}-party-{other}_roster", ruleset, new, data, "party")
        fns = [*COMMON, *party_mutations()]
    else:
        fns = [*COMMON, *_roster_mutations(ruleset)]
    for i in range(count):
        fn = fns[i % len(fns)]
        out = fn(rng, _load(PARTIES[ruleset]))
        data = out if isinstance(out, bytes) else _dump(out)
        yield _file(f"{i:03d}-{ruleset}-party-{fn.__name__}", ruleset, "party", data)


# -- scenarios ---------------------------------------------------------------------------------


def _scenario_variants(rng: random.Random, ruleset: str, count: int) -> Iterator[Variant]:
    base = (
        (lambda: json.loads(json.dumps(SCENARIO)))
        if ruleset == BQ
        else (lambda: _load(SCENARIOS[ruleset]))
    )

    def ruleset_typo(rng: random.Random, d: dict[str, Any]) -> Any:
        d["ruleset"] = d["ruleset"] + "x"
        return d

    def check_typo(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["expectt"] = "legal"
        return d

    def actor_unknown(rng: random.Random, d: dict[str, Any]) -> Any:
        next(c for c in d["checks"] if "actor" in c)["actor"] = "nobody"
        return d

    fns = [*COMMON, ruleset_typo, check_typo]
    if ruleset == BQ:  # (an IAWWBR check's unknown actor is a failed check: wt-rulechecks)
        fns += [actor_unknown, *scenario_mutations()]
    for i in range(count):
        fn = fns[i % len(fns)]
        out = fn(rng, base())
        data = out if isinstance(out, bytes) else _dump(out)
        yield _file(f"{i:03d}-{ruleset}-scenario-{fn.__name__}", ruleset, "scenario", data)


# -- game logs ------------------------------------------------------------------------------------


@cache
def base_games() -> dict[str, tuple[str, ...]]:
    """A real game of each ruleset, as lines: BrickQuest's demo game (``game_lines``), an
    IAWWBR duel (typed dice: activation, a move, an attack), a Heroica game (the first
    player rolled, a move rolled, undone and redone)."""
    from companion.rules.game import Game
    from companion.rules.maps import load_map_file

    out = {BQ: game_lines()}
    with tempfile.TemporaryDirectory() as folder:
        duel = Path(folder) / f"duel{GAME}"
        game = Game.create(duel, duel_table(), party=DUEL, dice="typed", seed=1)
        game.act({"action": "roll_activation"}, faces=[3, 3, 3, 3])
        game.act({"actor": "bob", "action": "move", "to": [6, 4]})
        game.act({"actor": "bob", "action": "attack", "target": "ann"}, faces=[9])
        out[IW] = tuple(duel.read_text(encoding="utf-8").splitlines())
        heroica = Path(folder) / f"heroica{GAME}"
        game = Game.create(heroica, load_map_file(MAPS[HE]), party=_load(PARTIES[HE]), seed=5)
        game.act({"actor": game.turn().acting, "action": "roll_move"})
        game.undo()
        game.redo()
        out[HE] = tuple(heroica.read_text(encoding="utf-8").splitlines())
    return out


DUEL: dict[str, Any] = {
    "format": "brick-companion-roster", "ruleset": IW, "name": "Duel", "sides": ["red", "blue"],
    "characters": [
        {"id": "ann", "name": "Ann", "side": "red", "level": 2, "class": "swordsman",
         "armor": "chainmail", "weapon": "sword", "shield": False},
        {"id": "bob", "name": "Bob", "side": "blue", "level": 1, "class": "vigilante",
         "armor": "leather", "weapon": "other_melee"},
    ],
}  # fmt: skip


def duel_table() -> Any:
    from companion.model.dungeon import Terrain
    from companion.model.mapfile import FigurePlacement, MapOptions, new_document

    doc = new_document(24, 8, border=False, name="Duel table")
    doc.dungeon.terrain[0, :] = int(Terrain.WALL)
    doc.figures = [
        FigurePlacement(id="ann", side="red", class_id="swordsman", at=(4, 4)),
        FigurePlacement(id="bob", side="blue", class_id="vigilante", at=(14, 4)),
    ]
    doc.options = MapOptions(ruleset=IW)
    return doc


def _rechained(docs: list[dict[str, Any]]) -> bytes:
    from companion.rules.logchain import rechain

    return rechain([json.dumps(d, ensure_ascii=False).encode() for d in docs])


def _parsed(lines: tuple[str, ...]) -> list[dict[str, Any]]:
    out = [json.loads(x) for x in lines]
    for record in out[1:]:
        record.pop("chain", None)
    return out


def _header_edits(ruleset: str) -> list[tuple[str, Callable[[list[dict[str, Any]]], None]]]:
    """Header edits a rechained log still shows: the header is checked like its files."""
    other = {BQ: HE, IW: BQ, HE: IW}[ruleset]

    def foreign_party(d: list[dict[str, Any]]) -> None:
        d[0]["party"] = _load(PARTIES[other])

    def seed_text(d: list[dict[str, Any]]) -> None:
        d[0]["seed"] = "7"

    def ruleset_other(d: list[dict[str, Any]]) -> None:
        d[0]["ruleset"] = other

    def unknown_key(d: list[dict[str, Any]]) -> None:
        d[0]["cheat"] = True

    def record_forced_text(d: list[dict[str, Any]]) -> None:
        next(r for r in d[1:] if r.get("type") == "action")["forced"] = "yes"

    def faces_text(d: list[dict[str, Any]]) -> None:
        roll = next(r for r in d[1:] if r.get("rolls"))["rolls"][0]
        roll["faces"] = [str(f) for f in roll["faces"]]

    edits = [
        ("foreign_party", foreign_party),
        ("seed_text", seed_text),
        ("ruleset_other", ruleset_other),
        ("unknown_key", unknown_key),
        ("forced_text", record_forced_text),
        ("faces_text", faces_text),
    ]
    if ruleset == BQ:

        def brannoc_99(d: list[dict[str, Any]]) -> None:
            d[0]["party"] = _load(DEMO_PARTY)
            c = next(c for c in d[0]["party"]["characters"] if c["id"] == "brannoc")
            c["hit_points"] = c["max_hit_points"] = 99

        def partial_99(d: list[dict[str, Any]]) -> None:
            d[0]["party"] = {
                "characters": [{"id": "brannoc", "hit_points": 99, "max_hit_points": 99}]
            }

        edits += [("brannoc_99_hp", brannoc_99), ("sheet_99_hp", partial_99)]
    if ruleset == IW:

        def level_text(d: list[dict[str, Any]]) -> None:
            d[0]["party"]["characters"][0]["level"] = "12"

        def shield_text(d: list[dict[str, Any]]) -> None:
            d[0]["party"]["characters"][0]["shield"] = "yes"

        edits += [("level_text", level_text), ("shield_text", shield_text)]
    return edits


def _game_variants(rng: random.Random, ruleset: str, count: int) -> Iterator[Variant]:
    lines = base_games()[ruleset]
    for name, edit in _header_edits(ruleset):
        docs = _parsed(lines)
        edit(docs)
        yield _file(f"issue-{ruleset}-game-{name}", ruleset, "game", _rechained(docs))
    if ruleset == BQ:
        fns: list[Callable[[random.Random, list[dict[str, Any]]], bytes]] = game_mutations()
    else:
        fns = [_own_lines(fn, lines) for fn in chain_edits()] + [_junk, _truncated_line]
    for i in range(count):
        fn = fns[i % len(fns)]
        data = fn(rng, _parsed(lines))
        yield _file(f"{i:03d}-{ruleset}-game-{fn.__name__}", ruleset, "game", data)


def _own_lines(
    fn: Callable[[random.Random, list[dict[str, Any]]], bytes], lines: tuple[str, ...]
) -> Callable[[random.Random, list[dict[str, Any]]], bytes]:
    """A ``chain_edits`` edit made on another game's lines (it edits BrickQuest's)."""
    import bad_corpus

    def edit(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        real = bad_corpus.game_lines
        bad_corpus.game_lines = lambda: lines  # type: ignore[assignment]
        try:
            return fn(rng, d)
        finally:
            bad_corpus.game_lines = real  # type: ignore[assignment]

    edit.__name__ = fn.__name__
    return edit


def _junk(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
    data = _rechained(d).split(b"\n")
    data.insert(rng.randrange(1, len(data) - 1), rng.choice([b"[1]", b"{}", b"\xff", b"null"]))
    return b"\n".join(data)


def _truncated_line(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
    data = _rechained(d).split(b"\n")
    i = rng.randrange(0, len(data) - 2)
    data[i] = data[i][: rng.randrange(1, len(data[i]))]
    return b"\n".join(data)


# -- arguments ------------------------------------------------------------------------------------


def _argument_variants() -> Iterator[Variant]:
    new = ("game", "new", "--map", "{MAP}", "--party", "{PARTY}")
    for ruleset in RULESETS:
        for i, face in enumerate(BAD_NUMBERS):
            for dice in (f"{face},3", f"3,{face}"):
                cmd = ("game", "act", "{TYPED}", ROLL[ruleset], "--dice", dice)
                yield Variant(
                    f"dice-{ruleset}-{i}-{dice[0] == '3'}", ruleset, (cmd,), names="--dice"
                )
            yield Variant(
                f"option-{ruleset}-{i}",
                ruleset,
                ((*new, "--option", f"{NUMBER_OPTION[ruleset]}={face}", "{NEW}"),),
                names=NUMBER_OPTION[ruleset],
            )
            yield Variant(
                f"seed-{ruleset}-{i}", ruleset, ((*new, "--seed", face, "{NEW}"),), names="--seed"
            )
        for i, action in enumerate(
            [
                '{"action": "end_turn", "action": "x"}',
                '{"actor": NaN}',
                '{"actor": "\\ud800"}',
                "[" * 100_000,
                '{"actor": "a\\u0000b", "action": "end_turn"}',
                "\udcff",
            ]
        ):
            cmd = ("game", "act", "{TYPED}", action)
            yield Variant(f"action-{ruleset}-{i}", ruleset, (cmd,), names="ACTION_JSON")
        for i, why in enumerate(["x\x07", "\udcff", "w" * 1000]):
            cmd = ("game", "act", "{TYPED}", ROLL[ruleset], "--force", why)
            yield Variant(f"force-{ruleset}-{i}", ruleset, (cmd,), names="--force")
    for i, choice in enumerate(["rattle.hp=\x00", "rattle.weapon=\udcff", "\u0663.x=1"]):
        yield Variant(f"choice-{i}", BQ, ((*new, "--choice", choice, "{NEW}"),), names="choice")
    yield Variant(
        "option-reroll_initiative-superscript",
        BQ,
        ((*new, "--option", "reroll_initiative=\u00b3", "{NEW}"),),
        names="reroll_initiative",
    )


# -- sound variants: accepted --------------------------------------------------------------------


def _sound_variants() -> Iterator[Variant]:
    for r in RULESETS:
        yield _file(f"sound-{r}-map", r, "map", MAPS[r].read_bytes(), refused=False)
        yield _file(f"sound-{r}-party", r, "party", PARTIES[r].read_bytes(), refused=False)
        lines = base_games()[r]
        data = "".join(x + "\n" for x in lines).encode()
        yield _file(f"sound-{r}-game", r, "game", data, refused=False)
        torn = data + lines[-1].encode()[:25]  # a torn last line: mended, with a notice
        yield _file(f"sound-{r}-game-torn", r, "game", torn, refused=False, tags=("torn",))
        new = ("game", "new", "--map", "{MAP}", "--party", "{PARTY}", "--seed", "7", "{NEW}")
        yield Variant(f"sound-{r}-seed", r, (new,), refused=False)
    for r, path in (*SCENARIOS.items(), (BQ, SCEN / BQ / "attack_reach.json")):
        yield _file(f"sound-{r}-scenario", r, "scenario", path.read_bytes(), refused=False)
    opt = ("game", "new", "--map", "{MAP}", "--option", "reroll_initiative=3", "{NEW}")
    yield Variant("sound-brickquest-option", BQ, (opt,), refused=False)
    act = ("game", "act", "{TYPED}", ROLL[IW], "--dice", "3,3,3,3")
    yield Variant("sound-iawwbr-dice", IW, (act,), refused=False)
    yield Variant(
        "sound-big-header",
        BQ,
        FILE_COMMANDS["game"][:2],
        kind="game",
        special="big_header",
        refused=False,
    )


# -- all of them --------------------------------------------------------------------------------

#: Generated variants per ruleset and kind of file.
COUNTS = {"map": 70, "party": 60, "game": 70, "scenario": 30}


def variants(seed: int = 19) -> Iterator[Variant]:
    """Every variant, the same for the same seed."""
    rng = random.Random(seed)
    for ruleset in RULESETS:
        yield from _map_variants(rng, ruleset, COUNTS["map"])
        yield from _party_variants(rng, ruleset, COUNTS["party"])
        yield from _game_variants(rng, ruleset, COUNTS["game"])
        yield from _scenario_variants(rng, ruleset, COUNTS["scenario"])
    for kind, suffix in (
        ("map", ".json"),
        ("party", ".json"),
        ("game", GAME),
        ("scenario", ".json"),
    ):
        for special in ("fifo", "folder", "device", "huge", "empty"):
            commands = FILE_COMMANDS[kind][:2]
            yield Variant(
                f"special-{kind}-{special}{suffix}", BQ, commands, kind=kind, special=special
            )
    yield from _board_variants()
    yield from _argument_variants()
    yield from _sound_variants()


def file_name(variant: Variant) -> str:
    if variant.name.startswith("special-"):
        return variant.name
    return f"{variant.name}{GAME}" if variant.kind == "game" else f"{variant.name}.json"


def materialise(
    variant: Variant, folder: Path, typed: dict[str, Path]
) -> tuple[Path, list[list[str]]]:
    """Write the variant's file into ``folder``; its path and command lines."""
    import shutil

    path = folder / file_name(variant)
    if variant.special == "big_header":
        _big_game(path)
    elif variant.special in ("fifo", "folder", "device", "huge", "empty"):
        special = "" if variant.special == "empty" else variant.special
        write(Case(path.name, "x", b"", special=special), folder)
    elif variant.data or "{F}" in str(variant.commands):
        path.write_bytes(variant.data)
    game = typed[variant.ruleset]
    if not variant.refused:
        game = folder / f"typed-{variant.name}{GAME}"
        shutil.copyfile(typed[variant.ruleset], game)
    places = {
        "{F}": str(path),
        "{NEW}": str(folder / f"new-{variant.name}{GAME}"),
        "{OUT}": str(folder / f"{variant.name}.pdf"),
        "{MAP}": str(MAPS[variant.ruleset]),
        "{PARTY}": str(PARTIES[variant.ruleset]),
        "{TYPED}": str(game),
    }
    return path, [[places.get(a, a) for a in cmd] for cmd in variant.commands]


def _big_game(path: Path) -> None:
    """A sound game on a 300x300 map: its header line is over 64 KB."""
    from companion.model.mapfile import FigurePlacement, new_document
    from companion.rules.game import Game

    doc = new_document(300, 300, border=True, name="Big hall")
    doc.figures = [
        FigurePlacement(id="brannoc", side="party", class_id="human_warrior", at=(2, 2)),
        FigurePlacement(id="grok", side="dungeon", monster="orc", at=(9, 9)),
    ]
    Game.create(path, doc, seed=1)


def typed_games(folder: Path) -> dict[str, Path]:
    """A fresh game with typed dice of each ruleset (the arguments' variants act on it)."""
    from companion.rules.game import Game
    from companion.rules.maps import load_map_file

    out = {}
    for r in RULESETS:
        path = folder / f"typed-{r}{GAME}"
        Game.create(path, load_map_file(MAPS[r]), party=_load(PARTIES[r]), dice="typed", seed=1)
        out[r] = path
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "bad-commands")
    target.mkdir(parents=True, exist_ok=True)
    games = typed_games(target)
    for v in variants():
        materialise(v, target, games)
    print(f"{sum(1 for _ in variants())} variants written to {target}")
