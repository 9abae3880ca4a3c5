"""QUBQST's rules scenarios: the set-up keys (``party``, ``options``, ``cards``, ``board``),
the queries and the fields a check's ``then`` compares (VOCABULARY.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from companion.rules.plugin_base import field_problems
from companion.rules.ruleset import GAME_KEY, ScenarioSetup
from companion.rules.scenario import ScenarioError
from companion.rulesets.qubqst.build import new_game
from companion.rulesets.qubqst.data import SPECS, MissingEntries, sample_cards
from companion.rulesets.qubqst.odds import win_chance
from companion.rulesets.qubqst.resolve import score_of
from companion.rulesets.qubqst.state import Game, Options
from companion.rulesets.qubqst.validate import route
from companion.rulesets.qubqst.words import phase_of
from companion.safefile import Problem

#: ``numbers``: a note of the user-table numbers a scenario relies on (read by people).
SETUP_KEYS = ("party", "options", "cards", "board", "numbers")
START_KEYS = (
    "characters",
    "gold",
    "gems",
    "normal_item",
    "magic_item",
    "hit_power",
    "weak",
    "casting_points",
)


def scenario_setup(doc: Mapping[str, Any]) -> ScenarioSetup:
    problems = [Problem(k, "not a key of a QUBQST scenario") for k in doc if k not in SETUP_KEYS]
    party = doc.get("party", ["war", "wiz", "thf"])
    start: dict[str, Any] = {}
    if isinstance(party, dict):
        start = {k: v for k, v in party.items() if k != "characters"}
        problems += [
            Problem(f"party.{k}", "not a party field") for k in party if k not in START_KEYS
        ]
        party = party.get("characters", ["war", "wiz", "thf"])
    if not isinstance(party, list) or not all(isinstance(p, str) for p in party):
        problems.append(Problem("party", 'give a list of character ids, e.g. ["war", "thf"]'))
        party = []
    options = doc.get("options", {})
    try:
        Options.model_validate(
            {**options, "sample": "all"} if isinstance(options, dict) else options
        )
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            problems.append(Problem("options." + ".".join(map(str, err["loc"])), err["msg"]))
    cards_raw = doc.get("cards", {})
    cards = None
    if not isinstance(cards_raw, dict):
        problems.append(Problem("cards", "give {table: {row id: {field: value}}}"))
    else:
        for table, rows in cards_raw.items():
            spec = SPECS.get(table)
            if spec is None or not isinstance(rows, dict):
                problems.append(Problem(f"cards.{table}", f"not a table ({', '.join(SPECS)})"))
                continue
            for key, fields in rows.items():
                try:
                    spec.row.model_validate({"id": key, **fields})
                except (ValidationError, TypeError) as exc:
                    problems.append(
                        Problem(
                            f"cards.{table}.{key}",
                            str(exc).splitlines()[-1].strip()
                            if isinstance(exc, TypeError)
                            else exc.errors(include_url=False)[0]["msg"],
                        )
                    )
        try:
            cards = sample_cards(cards_raw) if not problems else None
        except (MissingEntries, ValueError) as exc:
            problems.append(Problem("cards", str(exc)))
    if problems:
        raise ScenarioError(problems=problems)
    assert cards is not None
    setup = {
        "party": party,
        "start": start,
        "options": {**(options or {}), "sample": "all"},
        "cards": cards.model_dump(mode="json"),
        "board": doc.get("board"),
    }
    try:
        new_game(setup)
    except (ValueError, KeyError, TypeError) as exc:
        raise ScenarioError(
            problems=[Problem("board" if "board" in str(exc) else "party", str(exc))]
        ) from None
    return ScenarioSetup(setup=setup)


def query(game: Game, q: Mapping[str, Any]) -> Any:
    kind = q.get("query")
    if kind == "route":
        return {"value": route(game, game.position or "")}
    if kind == "unjoined_paths":
        cube = game.cubes.get(str(q.get("cube", game.position)))
        if cube is None:
            raise ValueError(f"cube: {q.get('cube')!r} is not laid down")
        return {"value": [p for p in cube.paths if p not in cube.joins]}
    if kind in ("pool", "odds"):
        enc = game.encounter
        foe = next((f for f in enc.foes if f.id == q.get("foe")), None) if enc else None
        if foe is None:
            raise ValueError(f"foe: {q.get('foe')!r} is not on the party's cube")
        theirs = foe.pool if foe.pool is not None else foe.hit_power
        fighter = game.characters.get(str(q.get("actor") or foe.fighter or ""))
        mine = None
        if fighter is not None:
            mine = (
                fighter.pool
                if fighter.pool is not None and foe.fighter == fighter.id
                else fighter.hit_power
            )
        if kind == "pool":
            return {"value": {"character": mine, "creature": theirs}}
        if fighter is None or foe.creature is None:
            raise ValueError("odds: give the actor and a creature foe")
        absorb = "absorb" in game.cards.creatures[foe.creature].abilities
        o = game.options
        return {"value": round(win_chance(mine or 0, theirs, absorb, o.tie_round, o.cube_limit), 6)}
    if kind == "score":
        return {"value": score_of(game)}
    if kind == "step":
        return {"value": phase_of(game)}
    raise ValueError(
        f"query {kind!r}: QUBQST answers route, unjoined_paths, pool, odds, score, step"
    )


def _game_fields(game: Game) -> dict[str, Any]:
    enc = game.encounter
    p = game.party
    return {
        "phase": phase_of(game),
        "cube": game.position,
        "discarded": sorted(c.id for c in game.cubes.values() if c.discarded),
        "drawn": len([c for c in game.cubes if c != "golden"]),
        "gold": p.gold,
        "gems": p.gems,
        "normal_item": p.normal_item,
        "magic_item": p.magic_item,
        "trap": enc.trap.trap if enc and enc.trap else None,
        "caches": list(enc.caches) if enc else [],
        "rested": bool(enc and enc.rested),
        "searched": list(enc.searched) if enc else [],
        "sneaked": bool(enc and enc.sneaked),
        "evaded": bool(enc and enc.evaded),
        "secret": (enc.secret.creature or f"bag:{enc.secret.bag}") if enc and enc.secret else None,
        "outcome": game.outcome,
        "score": score_of(game),
        "player": game.player,
        "results": [r.model_dump() for r in game.results],
        "defeated": p.defeated,
    }


def compare(game: Game, expected: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    foes = {f.id: f for f in (game.encounter.foes if game.encounter else ())}
    if game.encounter and game.encounter.secret:
        foes[game.encounter.secret.id] = game.encounter.secret
    for key, fields in expected.items():
        if key == GAME_KEY:
            actual = _game_fields(game)
        elif key in game.characters:
            actual = game.characters[key].model_dump(exclude={"id", "name"})
        elif key in foes:
            actual = foes[key].model_dump(exclude={"id", "colour", "opened"})
        else:
            known = ", ".join([*game.characters, *foes])
            problems.append(f"{key}: no such character or creature here ({known})")
            continue
        problems += field_problems(key, actual, fields)
    return problems
