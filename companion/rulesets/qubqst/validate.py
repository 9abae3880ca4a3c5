"""Whether a QUBQST action is legal: every reason against it, in a stable order (the
game, the actor, the stage, then the action's own)."""

from __future__ import annotations

from companion.rules.verdict import LEGAL, Reason, Verdict
from companion.rulesets.qubqst import state as s
from companion.rulesets.qubqst.data import golden_problem, parse_face
from companion.rulesets.qubqst.reasons import REASONS
from companion.rulesets.qubqst.spots import WAY, cube_at, landing
from companion.rulesets.qubqst.state import Foe, Game

Refusals = list[tuple[str, str]]


def verdict(out: Refusals) -> Verdict:
    if not out:
        return LEGAL
    seen: list[tuple[str, str]] = []
    for code, detail in out:
        if code not in [c for c, _ in seen]:
            seen.append((code, detail))
    return Verdict(
        reasons=tuple(
            Reason(code=code, message=f"{REASONS[code]}: {detail}" if detail else REASONS[code])
            for code, detail in seen
        )
    )


# -- what the state says ------------------------------------------------------------------
def foes_open(game: Game) -> list[Foe]:
    enc = game.encounter
    if enc is None or enc.evaded:
        return []
    return [f for f in enc.foes if not f.resolved]


def unresolved(game: Game) -> str:
    """Why the cube is not dealt with yet ("" when it is)."""
    enc = game.encounter
    if enc is None:
        return ""
    if not enc.revealed:
        return "what the cube holds is not revealed yet"
    open_ = foes_open(game)
    if open_:
        return f"{', '.join(foe_name(game, f) for f in open_)} still to deal with"
    if enc.trap is not None:
        return f"the {enc.trap.trap} trap is still to deal with"
    return ""


def foe_name(game: Game, foe: Foe) -> str:
    if foe.creature:
        return foe.creature.upper()
    if foe.bag:
        return f"a bag of {foe.bag}"
    return f"a {foe.colour} creature"


def route(game: Game, start: str) -> list[str]:
    """The shortest chain of joined, undiscarded cubes from ``start`` to the Golden Cube."""
    if start not in game.cubes:
        return []
    prev: dict[str, str | None] = {start: None}
    queue = [start]
    while queue:
        here = queue.pop(0)
        if here == "golden":
            out = [here]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])  # type: ignore[arg-type]
            return out[::-1]
        for target in game.cubes[here].joins.values():
            there = target.split(":")[0]
            if there not in prev and not game.cubes[there].discarded:
                prev[there] = here
                queue.append(there)
    return []


def multi(game: Game, foe: Foe | None = None) -> bool:
    """Whether the cube (the one ``foe`` is met on) holds more than 1 creature: a
    secret room's creature is met alone."""
    enc = game.encounter
    if enc is None or (foe is not None and "_secret_" in foe.id):
        return False
    return len(game.cubes[enc.cube].colours) > 1


def _actor(game: Game, actor: str, out: Refusals, weak_ok: bool = False) -> bool:
    c = game.characters.get(actor)
    if c is None:
        out.append(("unknown_figure", f"{actor!r} is not in the party"))
        return False
    if c.dead or c.down:
        out.append(("dead", f"{c.name} is {'dead' if c.dead else 'on 0 Hit Power'}"))
    elif c.weak and not weak_ok:
        out.append(("weak", f"{c.name} is WEK"))
    return True


def _foe(game: Game, foe_id: str, out: Refusals) -> Foe | None:
    enc = game.encounter
    foe = next((f for f in enc.foes if f.id == foe_id), None) if enc else None
    if foe is None:
        out.append(("unknown_foe", repr(foe_id)))
    return foe


def _sneak_checks(game: Game, foe: Foe | None, out: Refusals) -> None:
    if multi(game, foe):
        out.append(("multiple_creatures", "more than 1 creature on this cube"))
    if foe is None:
        return
    if foe.bag is not None or foe.resolved:
        out.append(("invalid_target", f"{foe_name(game, foe)} is no creature to pass now"))
    elif foe.engaged:
        out.append(("already_engaged", f"{foe_name(game, foe)} has been engaged"))


def _secret_checks(game: Game, path: str | None, out: Refusals) -> None:
    enc = game.encounter
    assert enc is not None
    cube = game.cubes[enc.cube]
    if enc.evaded:
        out.append(("evaded", "the party must move straight on"))
    elif unresolved(game):
        out.append(("encounter_unresolved", unresolved(game)))
    if enc.sneaked:
        out.append(("sneaked", "the party sneaked past here"))
    if path is None:
        out.append(("invalid_target", "name the path to search"))
        return
    if path not in cube.paths:
        out.append(("no_such_path", f"{cube.id} has no {path} path"))
    elif path == enc.entry:
        out.append(("entry_path", f"the party came in by {path}"))
    elif path in cube.joins:
        out.append(("path_joined", f"{path} leads to {cube.joins[path].split(':')[0]}"))
    if path in enc.searched:
        out.append(("already_searched", f"{path} has been searched"))
    if enc.secret is not None:
        out.append(("encounter_unresolved", "the secret room found is still waiting"))


def _caster(game: Game, actor: str, spell: str, out: Refusals) -> None:
    card = game.cards.characters.get(actor)
    if card is None or card.casting_points <= 0:
        out.append(("not_a_caster", f"{actor} casts no spells"))
        return
    sp = game.cards.spells.get(spell)
    if sp is None:
        out.append(("unknown_spell", f"{spell!r} (known: {', '.join(game.cards.spells)})"))
        return
    have = game.characters[actor].casting_points
    if have < sp.cost:
        out.append(("no_casting_points", f"{spell.upper()} costs {sp.cost}, {have} left"))


def _has_item(game: Game, effect: str) -> str | None:
    for item in (game.party.normal_item, game.party.magic_item):
        if item and item in game.cards.items and game.cards.items[item].effect == effect:
            return item
    return None


# -- the verdict ----------------------------------------------------------------------------
def validate(game: Game, a: s.AnyAction) -> Verdict:
    out: Refusals = []
    if isinstance(a, s.NextPlayer):
        more = game.options.mode == "versus" and game.player + 1 < max(1, len(game.players))
        if game.phase != "over" or not more:
            out.append(("run_over", "the run is not over" if game.phase != "over" else "last"))
        if a.party is not None:
            bad = [p for p in a.party if p not in game.cards.characters]
            if bad or not 1 <= len(a.party) <= 3 or len(set(a.party)) != len(a.party):
                have = ", ".join(game.cards.characters)
                out.append(("invalid_target", f"a party is 1 to 3 different characters of {have}"))
        return verdict(out)
    if game.phase == "over":
        return verdict([("game_over", f"the party has {game.outcome}")])
    weak_ok = isinstance(a, s.Rest)
    if not _actor(game, a.actor, out, weak_ok=weak_ok):
        return verdict(out)
    setup = a.action in s.SETUP_ACTIONS
    if setup != (game.phase == "setup"):
        stage = "set-up" if game.phase == "setup" else "play"
        out.append(("wrong_stage", f"{a.action} is not done during {stage}"))
        return verdict(out)
    if setup:
        _setup(game, a, out)
        return verdict(out)
    enc = game.encounter
    assert enc is not None
    if not isinstance(a, s.Reveal) and not enc.revealed and not isinstance(a, s.Cast):
        out.append(("not_revealed", f"{enc.cube} is not revealed"))
    _play(game, a, out)
    return verdict(out)


def _spot_free(game: Game, a: s.Join, out: Refusals) -> None:
    """The new cube is laid where no cube lies (unless every path it could join leads onto
    one: then it is laid further along, apart)."""
    if game.unjoined not in (a.cube, a.to):
        return
    to, to_path = (a.to, a.to_path) if game.unjoined == a.cube else (a.cube, a.path)
    there = cube_at(game, landing(game, to, to_path))
    if there is None:
        return
    free = any(
        cube_at(game, landing(game, c.id, p)) is None
        for c in game.cubes.values()
        if c.id != game.unjoined
        for p in c.paths
        if p not in c.joins
    )
    if free:
        out.append(("spot_taken", f"{there} already lies {WAY[to_path]} of {to}"))


def _setup(game: Game, a: s.AnyAction, out: Refusals) -> None:
    drawn = [c for c in game.cubes if c != "golden"]
    if isinstance(a, s.StartItem):
        if game.item_rolled:
            out.append(("invalid_target", "the party's first item has been rolled"))
    elif isinstance(a, s.Draw):
        if game.unjoined:
            out.append(("cube_not_joined", f"{game.unjoined} is not joined yet"))
        if "golden" in game.cubes and len(drawn) >= game.to_draw:
            out.append(("bag_empty", f"{game.to_draw} cubes drawn for the party"))
        if a.cube is not None:
            first = "golden" not in game.cubes
            if first and a.cube != "golden":
                out.append(("invalid_target", "the Golden Cube is rolled in first"))
            elif not first and a.cube not in game.bag:
                out.append(("invalid_target", f"{a.cube} is not in the bag"))
        if isinstance(a.face, int) and not 1 <= a.face <= 6:
            out.append(("invalid_target", f"face {a.face}: a cube has faces 1 to 6"))
        elif isinstance(a.face, str):
            try:
                parse_face(a.face)
                if "golden" not in game.cubes and golden_problem(a.face):
                    out.append(("invalid_target", golden_problem(a.face)))
            except ValueError as exc:
                out.append(("invalid_target", str(exc)))
    elif isinstance(a, s.Join):
        for cube, path in ((a.cube, a.path), (a.to, a.to_path)):
            c = game.cubes.get(cube)
            if c is None:
                out.append(("invalid_target", f"{cube} has not been drawn"))
            elif path not in c.paths:
                out.append(("no_such_path", f"{cube} has no {path} path"))
            elif path in c.joins:
                out.append(("path_joined", f"{cube}'s {path} path is joined already"))
        if a.cube == a.to:
            out.append(("invalid_target", "a cube is not joined to itself"))
        first_black = [c for c in game.cubes.values() if c.id != "golden"]
        if (
            len(first_black) == 1
            and game.unjoined == first_black[0].id
            and "golden" not in (a.cube, a.to)
        ):
            out.append(("invalid_target", "the first cube drawn is joined to the Golden Cube"))
        if not out:
            _spot_free(game, a, out)
    elif isinstance(a, s.Enter):
        if not game.item_rolled:
            out.append(("wrong_stage", "roll the party's first item (start_item) first"))
        if "golden" not in game.cubes or len(drawn) < game.to_draw:
            out.append(("wrong_stage", f"draw all {game.to_draw} cubes first"))
        if game.unjoined:
            out.append(("cube_not_joined", f"{game.unjoined} is not joined yet"))
        c = game.cubes.get(a.cube)
        if c is None or a.cube == "golden":
            out.append(("invalid_target", f"{a.cube} is not a Catacomb Cube laid down"))
        elif a.path not in c.paths:
            out.append(("no_such_path", f"{a.cube} has no {a.path} path"))
        elif a.path in c.joins:
            out.append(("path_joined", "the party enters through an unjoined path"))
        elif not route(game, a.cube):
            out.append(("no_route", f"no joined paths lead from {a.cube} to the Golden Cube"))


def _play(game: Game, a: s.AnyAction, out: Refusals) -> None:
    enc = game.encounter
    assert enc is not None
    cube = game.cubes[enc.cube]
    me = game.characters[a.actor]
    if isinstance(a, s.Reveal):
        if enc.revealed:
            out.append(("already_revealed", f"{cube.id} shows {cube.face}"))
    elif isinstance(a, s.Fight):
        foe = _foe(game, a.foe, out)
        if foe is None:
            return
        if foe.bag is not None or foe.resolved:
            out.append(("invalid_target", f"{foe_name(game, foe)} is no creature to fight now"))
        other = [f for f in enc.foes if f.fighter and f.id != foe.id]
        if other:
            out.append(("one_at_a_time", f"{foe_name(game, other[0])} is being fought"))
        if (
            foe.fighter
            and foe.fighter != a.actor
            and not game.options.swap_fighter
            and game.characters[foe.fighter].able
        ):
            out.append(("one_at_a_time", f"{game.characters[foe.fighter].name} is fighting it"))
        if me.pool is not None and foe.fighter != a.actor:
            out.append(("one_at_a_time", f"{me.name} is in another fight"))
        card = game.cards.creatures.get(foe.creature or "")
        magic = game.cards.characters[a.actor].magic_attack
        if a.magic_item:
            if _has_item(game, "magic_attack") is None:
                out.append(("no_such_item", "the party has no magic item to attack with"))
            else:
                magic = True
        if (
            card
            and "resistance" in card.abilities
            and not magic
            and game.options.resistance_fight == "refuse"
        ):
            out.append(("magic_only", f"{me.name}'s attack is not magical"))
    elif isinstance(a, s.Cast):
        _caster(game, a.actor, a.spell, out)
        if not enc.revealed and a.spell != "hel":
            out.append(("not_revealed", f"{enc.cube} is not revealed"))
        if a.spell == "hel":
            t = game.characters.get(a.target or "")
            if t is None:
                out.append(("invalid_target", f"HEL needs a character of the party ({a.target})"))
            elif t.dead:
                out.append(("dead", f"{t.name} is dead"))
            elif not (t.down or t.weak) and t.hit_power >= t.max_hit_power:
                out.append(("invalid_target", f"{t.name} needs no healing"))
        elif a.spell == "dsm":
            if enc.trap is None:
                out.append(("nothing_pending", "no trap to disarm"))
        elif a.spell == "opn":
            _secret_checks(game, a.path, out)
        elif a.spell == "inv":
            foe = _foe(game, a.foe or "", out)
            _sneak_checks(game, foe, out)
    elif isinstance(a, s.Sneak | s.Steal):
        skills = game.cards.characters[a.actor]
        using = a.using if isinstance(a, s.Sneak) else "skill"
        if using == "clk":
            if _has_item(game, "sneak") is None:
                out.append(("no_such_item", "the party has no cloak of invisibility"))
        elif (skills.sneak_on if isinstance(a, s.Sneak) else skills.steal_on) <= 0:
            out.append(("not_a_thief", f"{me.name} cannot {a.action}"))
        foe = _foe(game, a.foe, out)
        _sneak_checks(game, foe, out)
    elif isinstance(a, s.Evade):
        foe = _foe(game, a.foe, out)
        if multi(game, foe):
            out.append(("multiple_creatures", "more than 1 creature on this cube"))
        if foe is not None:
            if foe.bag is not None or foe.resolved:
                out.append(("invalid_target", f"{foe_name(game, foe)} is no creature to evade"))
            elif not foe.engaged:
                out.append(("not_engaged", f"{foe_name(game, foe)} has not been engaged"))
    elif isinstance(a, s.OpenBag):
        foe = _foe(game, a.foe, out)
        if foe is not None and (foe.bag is None or foe.opened):
            out.append(("invalid_target", f"{foe_name(game, foe)} is no bag to open"))
    elif isinstance(a, s.SearchTreasure):
        if enc.evaded:
            out.append(("evaded", "no treasure after evading"))
        if [f for f in enc.foes if f.fighter]:
            out.append(("encounter_unresolved", "a fight is going on"))
        if enc.trap is not None:
            out.append(("encounter_unresolved", f"the {enc.trap.trap} trap is waiting"))
        if a.cache not in enc.caches:
            have = ", ".join(enc.caches) or "none"
            out.append(("nothing_pending", f"no {a.cache} cache to search (waiting: {have})"))
    elif isinstance(a, s.Disarm):
        if enc.trap is None:
            out.append(("nothing_pending", "no trap to disarm"))
        if a.using == "dsm":
            _caster(game, a.actor, "dsm", out)
        elif game.cards.characters[a.actor].disarm < 0:
            out.append(("not_a_thief", f"{me.name} cannot disarm traps"))
    elif isinstance(a, s.Spring):
        if enc.trap is None:
            out.append(("nothing_pending", "no trap waiting"))
    elif isinstance(a, s.Rest):
        if cube.content != "empty":
            out.append(("not_empty", f"{cube.id} shows {cube.face}"))
        if enc.rested:
            out.append(("already_rested", "a character has rested here"))
        if enc.late:
            out.append(("too_late_to_rest", "a spell was cast or a secret room searched here"))
        if a.choice == "recover" and not me.weak:
            out.append(("invalid_target", f"{me.name} is not WEK"))
        if a.choice != "recover" and me.weak:
            out.append(("weak", f"{me.name} is WEK: rest to recover"))
        if a.choice == "casting_point" and game.cards.characters[a.actor].casting_points <= 0:
            out.append(("not_a_caster", f"{me.name} casts no spells"))
    elif isinstance(a, s.SearchSecret):
        _secret_checks(game, a.path, out)
        if a.using == "map":
            if _has_item(game, "detect") is None:
                out.append(("no_such_item", "the party has no map"))
        elif game.cards.characters[a.actor].detect_on <= 0:
            out.append(("not_a_thief", f"{me.name} cannot detect secret rooms"))
    elif isinstance(a, s.EnterSecret):
        if enc.secret is None:
            out.append(("nothing_pending", "no secret room waiting"))
    elif isinstance(a, s.UseItem):
        if a.item not in (game.party.normal_item, game.party.magic_item):
            out.append(("no_such_item", f"the party has no {a.item}"))
        else:
            effect = game.cards.items[a.item].effect
            t = game.characters.get(a.target or "")
            if effect != "cure":
                out.append(("invalid_target", f"{a.item} is used with another action"))
            elif t is None or not t.weak:
                out.append(("invalid_target", f"{a.target} is not a WEK character"))
    elif isinstance(a, s.MoveOn):
        if a.path not in cube.paths:
            out.append(("no_such_path", f"{cube.id} has no {a.path} path"))
        elif a.path not in cube.joins or game.cubes[cube.joins[a.path].split(":")[0]].discarded:
            out.append(("path_not_joined", f"{cube.id}'s {a.path} path leads nowhere on"))
        else:
            there = cube.joins[a.path].split(":")[0]
            gone = {**game.cubes, cube.id: cube.model_copy(update={"discarded": True})}
            if not route(game.model_copy(update={"cubes": gone}), there):
                out.append(("no_route", f"no joined paths lead on from {there} to the Golden Cube"))
        why = unresolved(game)
        if why:
            out.append(("encounter_unresolved", why))
