"""A deterministic corpus of bad project files: mutations of the demo map, party, a scenario
and a real game log.

``cases(seed)`` yields ``Case`` objects; ``write(case, folder)`` puts one on disk (FIFOs,
folders, device links and oversized sparse files included).  Every case is bad input that
the loaders and ``validate`` must refuse with a clear message naming the file (and, for
a game log, the line).  ``torn_games(seed)`` yields game logs whose last line was cut off
by a crash: those are not bad input but must be mended (cut, with a notice).
``bad_commands`` builds on these mutations: the same files of all three rulesets, and the
command-line arguments, through the commands themselves.
"""

from __future__ import annotations

import json
import os
import random
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEMO_MAP = ROOT / "resources" / "dungeons" / "demo.json"
DEMO_PARTY = ROOT / "resources" / "parties" / "demo.party.json"
SCENARIO: dict[str, Any] = {
    "ruleset": "brickquest",
    "map": {
        "terrain": ["#######", "#.....#", "#..~..#", "#######"],
        "heights": ["0000000", "0001100", "0000000", "0000000"],
    },
    "figures": [
        {"id": "harry", "side": "party", "class": "human_thief", "at": [1, 1], "facing": "E"},
        {"id": "grok", "side": "dungeon", "monster": "orc", "at": [4, 1], "facing": "W"},
    ],
    "checks": [
        {"actor": "harry", "action": "move", "path": [[2, 1], [3, 1]], "expect": "legal"},
        {"query": "distance", "from": "harry", "to": [5, 2], "expect": 2.2561},
    ],
}
GAME_MAP = ROOT / "tests" / "data" / "game_demo.json"
GAME_SUFFIX = ".game.jsonl"
KINDS = ("map", "party", "scenario")
#: The game log kind comes after the others, so their cases stay as they were.
ALL_KINDS = (*KINDS, "game")
#: A game log this large is refused before it is replayed (the issue's 50 MB log).
HUGE_GAME_BYTES = 50 * 1024 * 1024
UNICODE_DIGITS = ("\u212a", "\u0663", "\uff11", "\u00b2", "\u0661", "\u0967", "\u2460")


@dataclass(frozen=True)
class Case:
    """One bad file: ``kind`` says which loader should refuse it."""

    name: str
    kind: str
    data: bytes = b""
    special: str = ""  # "fifo", "folder", "device", "huge", "huge_log": not plain bytes


def base(kind: str) -> dict[str, Any]:
    if kind == "map":
        return json.loads(DEMO_MAP.read_bytes())
    if kind == "party":
        return json.loads(DEMO_PARTY.read_bytes())
    return json.loads(json.dumps(SCENARIO))


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


def _typo(rng: random.Random, word: str) -> str:
    """``word`` misspelt: one letter changed, maybe one added (never the word itself)."""
    while True:
        i = rng.randrange(len(word))
        out = word[:i] + rng.choice("xqz_") + word[i + 1 :] + rng.choice(["", "s", "x"])
        if out != word:
            return out


# -- byte-level mutations, any format ---------------------------------------------------


def truncated(rng: random.Random, doc: dict[str, Any]) -> bytes:
    data = _dump(doc)
    return data[: rng.randrange(1, data.rindex(b"}"))]


def random_bytes(rng: random.Random, doc: dict[str, Any]) -> bytes:
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    return rng.choice([b"\xff", b"\x00", b"<", b"#"]) + junk


def spliced_bytes(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """A structural character (outside strings) replaced by junk: never valid JSON."""
    data = bytearray(_dump(doc))
    spots, inside, escaped = [], False, False
    for i, b in enumerate(data):
        if escaped:
            escaped = False
        elif inside and b == 0x5C:
            escaped = True
        elif b == 0x22:
            inside = not inside
        elif not inside and b in b"{}[]:,":
            spots.append(i)
    at = rng.choice(spots)
    data[at : at + 1] = rng.choice([b"\xff\xfe", b"\x00", b"{{", b"]]", b"::"])
    return bytes(data)


def deep_nesting(rng: random.Random, doc: dict[str, Any]) -> bytes:
    key = rng.choice(sorted(doc))
    n = rng.choice([100, 1000, 20_000, 200_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    text = _dump({**doc, key: "@@"}).decode()
    return text.replace('"@@"', opener * n + "1" + closer * n).encode()


def duplicate_key(rng: random.Random, doc: dict[str, Any]) -> bytes:
    text = _dump(doc).decode()
    key = rng.choice(sorted(doc))
    return text.replace("{", "{" + json.dumps(key) + ": " + json.dumps(doc[key]) + ", ", 1).encode()


def wrong_type(rng: random.Random, doc: dict[str, Any]) -> bytes:
    key = rng.choice(sorted(doc))
    value = doc[key]
    wrong: list[Any] = [{"a": 1}, "12", 3.5] if not isinstance(value, dict) else [[1], "x", 7]
    if isinstance(value, str):
        wrong = [{"a": 1}, [value], 12]
    return _dump({**doc, key: rng.choice(wrong)})


def unknown_field(rng: random.Random, doc: dict[str, Any]) -> bytes:
    return _dump({**doc, _typo(rng, rng.choice(sorted(doc))) + "_extra": 1})


COMMON: list[Callable[[random.Random, dict[str, Any]], bytes]] = [
    truncated,
    random_bytes,
    spliced_bytes,
    deep_nesting,
    duplicate_key,
    wrong_type,
    unknown_field,
]


# -- map mutations -----------------------------------------------------------------------


def _squares(doc: dict[str, Any], chars: str) -> list[list[int]]:
    return [
        [x, y] for y, row in enumerate(doc["terrain"]) for x, ch in enumerate(row) if ch in chars
    ]


def map_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def unknown_id(rng: random.Random, d: dict[str, Any]) -> Any:
        f = rng.choice(d["figures"])
        key = "class" if "class" in f else "monster"
        f[key] = _typo(rng, f[key])
        return d

    def both_kinds(rng: random.Random, d: dict[str, Any]) -> Any:
        f = rng.choice(d["figures"])
        f["class"], f["monster"] = "human_warrior", "orc"
        return d

    def on_bad_square(rng: random.Random, d: dict[str, Any]) -> Any:
        rng.choice(d["figures"])["at"] = rng.choice(_squares(d, "#~=o+L "))
        return d

    def overlapping(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(range(len(d["rooms"])), 2)
        d["rooms"][b]["rects"].append(rng.choice(d["rooms"][a]["rects"]))
        return d

    def ragged(rng: random.Random, d: dict[str, Any]) -> Any:
        layer = rng.choice(["terrain", "floor"])
        y = rng.randrange(len(d[layer]))
        row = d[layer][y]
        d[layer][y] = row[:-1] if rng.random() < 0.5 else row + row[-1]
        return d

    def unicode_digit(rng: random.Random, d: dict[str, Any]) -> Any:
        y, x = rng.randrange(d["height"]), rng.randrange(d["width"])
        row = d["floor"][y]
        d["floor"][y] = row[:x] + rng.choice(UNICODE_DIGITS) + row[x + 1 :]
        return d

    def unicode_key(rng: random.Random, d: dict[str, Any]) -> Any:
        key = rng.choice(sorted(d["stairs"]))
        digit = rng.choice(UNICODE_DIGITS[1:3])
        d["stairs"][digit + key[1:]] = d["stairs"].pop(key)
        return d

    def huge_number(rng: random.Random, d: dict[str, Any]) -> Any:
        n = 10 ** rng.randrange(3, 40) * rng.choice([1, -1])
        target = rng.choice(["width", "height", "version", "at", "object", "rect"])
        if target == "at":
            rng.choice(d["figures"])["at"][rng.randrange(2)] = n
        elif target == "object":
            rng.choice(d["objects"])["height"] = n
        elif target == "rect":
            rng.choice(d["rooms"])["rects"][0][rng.randrange(4)] = n
        else:
            d[target] = n
        return d

    def duplicate_id(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(d["figures"], 2)
        b["id"] = a["id"]
        return d

    def too_many(rng: random.Random, d: dict[str, Any]) -> Any:
        key, limit = rng.choice([("rooms", 4096), ("figures", 1024)])
        d[key] = d[key] * (limit // len(d[key]) + 2)
        return d

    def bad_char(rng: random.Random, d: dict[str, Any]) -> Any:
        y = rng.randrange(len(d["terrain"]))
        row = d["terrain"][y]
        x = rng.randrange(len(row))
        d["terrain"][y] = row[:x] + rng.choice("?!xX\u00b7\t") + row[x + 1 :]
        return d

    return [
        unknown_id,
        both_kinds,
        on_bad_square,
        overlapping,
        ragged,
        unicode_digit,
        unicode_key,
        huge_number,
        duplicate_id,
        too_many,
        bad_char,
    ]


# -- party mutations ---------------------------------------------------------------------


def party_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def pick(rng: random.Random, d: dict[str, Any]) -> dict[str, Any]:
        return rng.choice(d["characters"])

    def unknown_item(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["swag"].append(_typo(rng, rng.choice(["healing_potion", "ruby", "key"])))
        return d

    def unknown_class(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        c["class_id"] = _typo(rng, c["class_id"])
        return d

    def non_caster_sp(rng: random.Random, d: dict[str, Any]) -> Any:
        c = rng.choice([c for c in d["characters"] if c["max_spell_points"] is None])
        c["spell_points"] = c["max_spell_points"] = rng.randrange(1, 30)
        return d

    def too_many_hp(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        c["hit_points"] = c["max_hit_points"] = rng.randrange(15, 100)
        return d

    def huge_number(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        field = rng.choice(["hit_points", "max_hit_points", "spell_points"])
        c[field] = 10 ** rng.randrange(3, 40) * rng.choice([1, -1])
        return d

    def unicode_digits(rng: random.Random, d: dict[str, Any]) -> Any:
        pick(rng, d)["hit_points"] = rng.choice(UNICODE_DIGITS) + "2"
        return d

    def duplicate_id(rng: random.Random, d: dict[str, Any]) -> Any:
        a, b = rng.sample(d["characters"], 2)
        b["id"] = a["id"]
        return d

    def bad_header(rng: random.Random, d: dict[str, Any]) -> Any:
        key = rng.choice(["format", "version", "ruleset"])
        if rng.random() < 0.5:
            del d[key]
            if key == "ruleset":
                d["version"] = 2
        else:
            d[key] = rng.choice(["brick-companion-map", 2, "heroica", None])
        return d

    def wrong_char_type(rng: random.Random, d: dict[str, Any]) -> Any:
        c = pick(rng, d)
        c[rng.choice(sorted(c))] = rng.choice([{"a": 1}, [1, 2], 2.5])
        return d

    return [
        unknown_item,
        unknown_class,
        non_caster_sp,
        too_many_hp,
        huge_number,
        unicode_digits,
        duplicate_id,
        bad_header,
        wrong_char_type,
    ]


# -- scenario mutations ------------------------------------------------------------------


def scenario_mutations() -> list[Callable[[random.Random, dict[str, Any]], Any]]:
    def off_map(rng: random.Random, d: dict[str, Any]) -> Any:
        sq = [rng.choice([-1, 7, 50, 10**9]), rng.randrange(4)]
        which = rng.choice(["path", "target", "figure"])
        if which == "path":
            d["checks"][0]["path"].append(sq)
        elif which == "target":
            d["checks"].append(
                {"actor": "harry", "action": "attack", "target": sq, "mode": "melee"}
            )
        else:
            d["figures"][rng.randrange(2)]["at"] = sq
        return d

    def unknown_figure(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["actor"] = _typo(rng, "harry")
        return d

    def unknown_kind(rng: random.Random, d: dict[str, Any]) -> Any:
        f = d["figures"][rng.randrange(2)]
        key = "class" if "class" in f else "monster"
        f[key] = _typo(rng, f[key])
        return d

    def bad_then(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["then"] = rng.choice(
            [
                {"harry": 5},
                {"harry": {"items": [1, "key"]}},
                [1],
                "harry",
                {"harry": {"effects": [[1], {"a": 1}]}},
                {"harry": None},
            ]
        )
        return d

    def on_wall(rng: random.Random, d: dict[str, Any]) -> Any:
        d["figures"][rng.randrange(2)]["at"] = rng.choice([[0, 0], [3, 2], [6, 3]])
        return d

    def unicode_height(rng: random.Random, d: dict[str, Any]) -> Any:
        y = rng.randrange(4)
        x = rng.randrange(7)
        row = d["map"]["heights"][y]
        d["map"]["heights"][y] = row[:x] + rng.choice(UNICODE_DIGITS) + row[x + 1 :]
        return d

    def bad_dice(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"][0]["dice"] = rng.choice([["six"], 6, [True], {"a": 1}, [1.5]])
        return d

    def wrong_map(rng: random.Random, d: dict[str, Any]) -> Any:
        d["map"] = rng.choice(
            [
                {"terrain": "#####"},
                {"terrain": []},
                {"terrain": [1, 2]},
                {"terrain": ["." * 600]},
                {"terrain": ["..s"]},
                {"terrain": ["..."], "stairs": {"\u0661,0": "N"}},
            ]
        )
        return d

    def bad_query(rng: random.Random, d: dict[str, Any]) -> Any:
        d["checks"].append(
            rng.choice(
                [
                    {"query": "distance", "from": "harry", "to": [99, 99]},
                    {"query": "distance", "from": "harri", "to": "grok"},
                    {"query": "area", "shape": "blob", "origin": [1, 1], "size": 2},
                    {"query": "area", "shape": "circle", "origin": [1, 1], "size": 10**30},
                    {"query": "teleport"},
                ]
            )
        )
        return d

    return [
        off_map,
        unknown_figure,
        unknown_kind,
        bad_then,
        on_wall,
        unicode_height,
        bad_dice,
        wrong_map,
        bad_query,
    ]


# -- game log mutations ------------------------------------------------------------------


@cache
def game_lines() -> tuple[str, ...]:
    """The lines of a real game: ``Game.create`` on the pinned demo dungeon (app dice, seed
    3: initiative rolled), two figures' turns (begin, longest move, end), an undo, a redo."""
    from companion.rules.game import Game
    from companion.rules.maps import load_map_bytes

    doc = load_map_bytes(GAME_MAP.read_bytes(), source=str(GAME_MAP))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"demo{GAME_SUFFIX}"
        game = Game.create(path, doc, seed=3)
        for _ in range(2):
            fid = game.turn().acting
            assert fid is not None
            game.act({"actor": fid, "action": "begin_turn"})
            options = game.ruleset.moves(game.state, fid)
            best = max(options.values(), key=lambda o: (o.cost, -o.square[1], -o.square[0]))
            game.act({"actor": fid, "action": "move", "path": [list(sq) for sq in best.path]})
            game.act({"actor": fid, "action": "end_turn"})
        game.undo()
        game.redo()
        return tuple(path.read_text(encoding="utf-8").splitlines())


def game_base() -> list[dict[str, Any]]:
    """The demo game's lines, parsed: the header first, then the records (without their
    chain hashes)."""
    out = [json.loads(line) for line in game_lines()]
    for record in out[1:]:
        record.pop("chain", None)
    return out


def _log(lines: list[Any]) -> bytes:
    """Edited lines written with the hash chain made anew, so replay checks each record
    (the chain alone would refuse any edit: see ``chain_edits``)."""
    from companion.rules.logchain import rechain

    if not lines or not isinstance(lines[0], dict):
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()
    return rechain([json.dumps(line, ensure_ascii=False).encode() for line in lines])


def _raw(d: list[dict[str, Any]], lines: list[bytes] | None = None) -> bytes:
    """The demo game's own lines (chained as written), or ``lines`` as they are."""
    return b"".join(x + b"\n" for x in (lines or [x.encode() for x in game_lines()]))


def _records(d: list[dict[str, Any]], kind: str | None = None) -> list[dict[str, Any]]:
    """The action records (of one action ``kind``)."""
    out = [r for r in d[1:] if r.get("type") == "action"]
    return [r for r in out if kind is None or r["action"]["action"] == kind]


def _rolled(d: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [roll for r in _records(d) for roll in r["rolls"]]


def chain_edits() -> list[Callable[[random.Random, list[dict[str, Any]]], bytes]]:
    """Edits by hand that leave each record sound but the log not the one written: the
    hash chain shows them, naming the line."""

    def own() -> list[bytes]:
        return [x.encode() for x in game_lines()]

    def deleted_record(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = own()
        del lines[rng.randrange(1, len(lines) - 1)]
        return _raw(d, lines)

    def swapped_records(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = own()
        i = rng.randrange(1, len(lines) - 1)
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
        return _raw(d, lines)

    def duplicated_record(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = own()
        i = rng.randrange(1, len(lines))
        lines.insert(i, lines[i])
        return _raw(d, lines)

    def altered_record(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = own()
        i = rng.choice([k for k, x in enumerate(lines) if b'"forced":false' in x])
        lines[i] = (
            lines[i]
            .replace(b'"forced":false', b'"forced":true', 1)
            .replace(b'"why":""', b'"why":"x"', 1)
        )
        return _raw(d, lines)

    def altered_header(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = own()
        lines[0] = re.sub(rb'"seed":\d+', b'"seed":424242', lines[0], count=1)
        return _raw(d, lines)

    def unchained_record(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = own()
        i = rng.randrange(1, len(lines))
        lines[i] = b"{" + lines[i].split(b'",', 1)[1]
        return _raw(d, lines)

    return [
        deleted_record,
        swapped_records,
        duplicated_record,
        altered_record,
        altered_header,
        unchained_record,
    ]


def game_mutations() -> list[Callable[[random.Random, list[dict[str, Any]]], bytes]]:
    def truncated_line(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        """A line cut short but still ended by a newline (not the torn last line)."""
        lines = _log(d).decode().splitlines()
        i = rng.randrange(len(lines) - 1)
        lines[i] = lines[i][: rng.randrange(1, len(lines[i]))]
        return ("\n".join(lines) + "\n").encode()

    def die_face(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        roll = rng.choice(_rolled(d))
        roll["faces"][rng.randrange(len(roll["faces"]))] = rng.choice([99, 0, -1, 7])
        return _log(d)

    def wrong_count(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        record = _records(d, "initiative")[0]
        roll = rng.choice(record["rolls"])
        how = rng.choice(["face less", "face more", "roll less", "roll more", "sides"])
        if how == "face less":
            roll["faces"].pop()
        elif how == "face more":
            roll["faces"].append(rng.randint(1, 6))
        elif how == "roll less":
            record["rolls"].remove(roll)
        elif how == "roll more":
            record["rolls"].append(dict(roll))
        else:
            roll["sides"] = rng.choice([8, 12, 20])
        return _log(d)

    def extra_rolls(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        """Dice recorded for an action that rolls none."""
        record = rng.choice([r for r in _records(d) if not r["rolls"]])
        record["rolls"] = [{"purpose": "nothing", "sides": 6, "faces": [rng.randint(1, 6)]}]
        return _log(d)

    def illegal_unforced(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        """An illegal action not marked forced: too far, into a wall, out of turn, twice."""
        how = rng.choice(["far", "wall", "out of turn", "again"])
        moves = _records(d, "move")
        move = rng.choice(moves)
        if how == "far":
            x, y = move["action"]["path"][-1]
            move["action"]["path"] = [[x + i, y] for i in range(1, rng.randint(2, 4))] + [
                [x + 20, y + 9]
            ]
        elif how == "wall":
            move["action"]["path"] = [[0, 0]]
        elif how == "out of turn":
            others = [r for r in moves if r is not move]
            move["action"]["actor"] = others[0]["action"]["actor"]
        else:
            i = d.index(move)
            d.insert(i + 1, json.loads(json.dumps(d[i - 1])))  # a second begin_turn
        return _log(d)

    def unknown_figure(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        record = rng.choice(_records(d))
        record["action"]["actor"] = _typo(rng, record["action"]["actor"])
        return _log(d)

    def header_typo(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        key = rng.choice(sorted(d[0]))
        d[0][_typo(rng, key)] = d[0].pop(key)
        return _log(d)

    def record_typo(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        record = rng.choice(_records(d))
        where = record if rng.random() < 0.5 else record["action"]
        key = rng.choice(sorted(k for k in where if k not in ("type", "action")))
        where[_typo(rng, key)] = where.pop(key)
        return _log(d)

    def wrong_type(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        line = rng.choice([d[0], *_records(d)])
        where = line["action"] if "action" in line and rng.random() < 0.5 else line
        key = rng.choice(sorted(where))
        where[key] = rng.choice([{"a": 1}, [[1]], "12", 3.5, None, True])
        return _log(d)

    def huge_number(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        n = 10 ** rng.randrange(3, 40) * rng.choice([1, -1])
        target = rng.choice(["seed", "version", "face", "sides", "path", "focus"])
        if target in ("seed", "version"):
            d[0][target] = n * 10**17  # past 2**63 (a seed of 1000 is sound)
        elif target == "face":
            rng.choice(_rolled(d))["faces"][0] = n
        elif target == "sides":
            rng.choice(_rolled(d))["sides"] = n
        elif target == "path":
            rng.choice(_records(d, "move"))["action"]["path"][-1][rng.randrange(2)] = n
        else:
            rng.choice(_records(d, "begin_turn"))["action"]["focus_attack"] = n
        return _log(d)

    def bad_header(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        key, value = rng.choice(
            [
                ("format", "brick-companion-session"),
                ("format", "brick-companion-map"),
                ("version", 3),
                ("version", 0),
                ("version", 1),
                ("ruleset", "heroica"),
                ("dice", "loaded"),
                ("seed", -1),
                ("party", {"format": "brick-companion-party"}),
                ("choices", {"brannoc": {"spells": ["no_such_spell"]}}),
            ]
        )
        d[0][key] = value
        return _log(d)

    def header_map(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        """The game's map made bad the ways a map file is (see ``map_mutations``)."""
        fn = rng.choice([m for m in map_mutations() if m.__name__ != "too_many"])
        d[0]["map"] = fn(rng, d[0]["map"])
        return _log(d)

    def bad_undo(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        if rng.random() < 0.5:
            d.insert(1, {"type": "undo"})
        else:
            d.append({"type": "redo"})
        return _log(d)

    def junk_line(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        lines = _log(d).split(b"\n")
        junk = rng.choice(
            [b"[1, 2]", b'"action"', b"null", b"{}", b'{"type": "act"}', b"\xff\xfe", b"42"]
        )
        lines.insert(rng.randrange(1, len(lines) - 1), junk)
        return b"\n".join(lines)

    def no_header(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        return rng.choice([b"\n" + _log(d), _log(d[1:]), b"\n\n\n", b" \n"])

    def deep_line(rng: random.Random, d: list[dict[str, Any]]) -> bytes:
        n = rng.choice([1000, 100_000])
        lines = _log(d).split(b"\n")
        lines.insert(rng.randrange(len(lines) - 1), b"[" * n + b"]" * n)
        return b"\n".join(lines)

    return [
        *chain_edits(),
        truncated_line,
        die_face,
        wrong_count,
        extra_rolls,
        illegal_unforced,
        unknown_figure,
        header_typo,
        record_typo,
        wrong_type,
        huge_number,
        bad_header,
        header_map,
        bad_undo,
        junk_line,
        no_header,
        deep_line,
    ]


def game_cases(count: int = 400, seed: int = 13) -> Iterator[Case]:
    """``count`` bad game logs (mutations of the demo game), then the special files."""
    rng = random.Random(seed)
    mutations = game_mutations()
    for i in range(count):
        fn = rng.choice(mutations)
        yield Case(f"{i:04d}-game-{fn.__name__}{GAME_SUFFIX}", "game", fn(rng, game_base()))
    for special in ("fifo", "folder", "device", "huge", "huge_log", "empty"):
        yield Case(f"game-{special}{GAME_SUFFIX}", "game", special=special)


def torn_games(count: int = 20, seed: int = 13) -> Iterator[tuple[Case, int]]:
    """Game logs whose last line a crash cut off (no newline after it), with the number of
    that line: opened, they lose that action with a notice and the file is mended."""
    rng = random.Random(seed)
    for i in range(count):
        lines = game_lines()
        keep = rng.randrange(2, len(lines))  # the header and at least one record stay
        last = lines[keep]
        data = ("\n".join(lines[:keep]) + "\n" + last[: rng.randrange(1, len(last))]).encode()
        yield Case(f"{i:04d}-game-torn{GAME_SUFFIX}", "game", data), keep + 1


MUTATIONS = {
    "map": map_mutations(),
    "party": party_mutations(),
    "scenario": scenario_mutations(),
}


def cases(count: int = 2100, seed: int = 13) -> Iterator[Case]:
    """``count`` bad files, the same ones for the same seed, plus the special files."""
    rng = random.Random(seed)
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        doc = base(kind)
        if rng.random() < 0.3:
            fn = rng.choice(COMMON)
            data = fn(rng, doc)
        else:
            fn = rng.choice(MUTATIONS[kind])
            data = _dump(fn(rng, doc))
        yield Case(f"{i:04d}-{kind}-{fn.__name__}.json", kind, data)
    for kind in KINDS:
        for special in ("fifo", "folder", "device", "huge", "empty"):
            yield Case(f"{kind}-{special}.json", kind, special=special)


def write(case: Case, folder: Path) -> Path:
    """Put ``case`` on disk in ``folder``; the path to hand to a loader."""
    path = folder / case.name
    if case.special == "fifo":
        os.mkfifo(path)
    elif case.special == "folder":
        path.mkdir()
    elif case.special == "device":
        path.symlink_to("/dev/zero")
    elif case.special == "huge":
        with path.open("wb") as fh:
            fh.truncate(17 * 1024 * 1024)  # sparse: costs no disk
    elif case.special == "huge_log":
        write_huge_log(path)
    else:
        path.write_bytes(case.data)
    return path


def write_huge_log(path: Path, size: int = HUGE_GAME_BYTES) -> None:
    """A real game's header and records, its last turn repeated up to ``size`` bytes: a
    50 MB log, refused in bounded time and memory."""
    lines = [line.encode() + b"\n" for line in game_lines()]
    body = b"".join(lines[-5:-2])  # a figure's turn: begin, move, end
    with path.open("wb") as fh:
        fh.write(b"".join(lines))
        fh.write(body * ((size - sum(map(len, lines))) // len(body) + 1))
