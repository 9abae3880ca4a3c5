"""QUBQST's actions applied: the new state and what happened, with cubes from ``Dice``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.qubqst import state as s
from companion.rulesets.qubqst.build import cube_from_face
from companion.rulesets.qubqst.data import CACHES, COLOURS, card_words, text_data
from companion.rulesets.qubqst.odds import HITS_PER_FACE as HITS
from companion.rulesets.qubqst.spots import WAY, face_said
from companion.rulesets.qubqst.state import Character, Encounter, Foe, Game, Result, Trap
from companion.rulesets.qubqst.validate import foe_name


class _Run:
    """One resolution: the state as it changes, and the events said."""

    def __init__(self, game: Game, dice: Dice) -> None:
        self.g = game
        self.dice = dice
        self.events: list[Event] = []

    # -- small steps ------------------------------------------------------------------
    def say(self, kind: str, text: str, figure: str | None = None, amount: int | None = None):
        self.events.append(Event(kind=kind, text=text, figure=figure, amount=amount))

    def upd(self, **kw: object) -> None:
        self.g = self.g.model_copy(update=kw)

    def enc(self, **kw: object) -> None:
        assert self.g.encounter is not None
        self.upd(encounter=self.g.encounter.model_copy(update=kw))

    def char(self, c: Character) -> None:
        self.upd(characters={**self.g.characters, c.id: c})

    def foe(self, foe: Foe) -> None:
        enc = self.g.encounter
        assert enc is not None
        self.enc(foes=tuple(foe if f.id == foe.id else f for f in enc.foes))

    def d6(self, purpose: str) -> int:
        return self.dice.roll(1, purpose, 6, die="d6").faces[0]

    def cube_face(self, cube: str, purpose: str) -> str:
        face = self.dice.roll(1, purpose, 6, die=cube).faces[0]
        return self.g.cards.cubes[cube][face - 1]

    def hits(self, n: int, who: str) -> int:
        limit = self.g.options.cube_limit
        n = min(n, limit) if limit else n
        if n <= 0:
            return 0
        roll = self.dice.roll(n, f"{who}'s combat cubes", 6, die="combat")
        return sum(HITS[f - 1] for f in roll.faces)

    def lose_hp(self, cid: str, amount: int, why: str) -> None:
        c = self.g.characters[cid]
        if c.dead or amount <= 0:
            return
        hp = max(0, c.hit_power - amount)
        self.say("damage", f"{c.name} loses {c.hit_power - hp} Hit Power ({why})", cid, amount)
        c = c.model_copy(update={"hit_power": hp})
        if hp == 0:
            c = c.model_copy(update={"down": True, "weak": False, "pool": None})
            self.say("condition", f"{c.name} is on 0 Hit Power: HEL before moving on, or dead", cid)
        self.char(c)

    def make_weak(self, cid: str, why: str) -> None:
        c = self.g.characters[cid]
        if c.dead or c.down:
            return
        self.char(c.model_copy(update={"weak": True, "hit_power": 1, "pool": None}))
        self.say("condition", f"{c.name} is {why}: WEK, on 1 Hit Power", cid)

    def gain(self, cache: str, face: str, who: str) -> None:
        p = self.g.party
        td = text_data()
        if cache == "gold":
            gold = p.gold + int(face)
            gems = p.gems + gold // td.gem_gold
            self.upd(party=p.model_copy(update={"gold": gold % td.gem_gold, "gems": gems}))
            self.say("treasure", f"{who} finds {face} Gold Pieces")
        elif cache == "gems":
            self.upd(party=p.model_copy(update={"gems": p.gems + int(face)}))
            self.say("treasure", f"{who} finds {face} gems")
        else:
            slot = "normal_item" if cache == "normal" else "magic_item"
            old = getattr(p, slot)
            self.upd(party=p.model_copy(update={slot: face}))
            tail = f" ({old.upper()} is gone)" if old and old != face else ""
            self.say("treasure", f"{who} finds {face.upper()}{tail}")

    def trap(self, victim: str, cache: str | None, at_once: bool = False) -> None:
        trap = self.cube_face("contraption", "the Contraption Cube")
        name = self.g.characters[victim].name
        self.say("trap", f"{name} triggers a trap: {trap.upper()}", victim)
        if at_once:
            self.go_off(Trap(trap=trap, victim=victim, cache=cache))
        else:
            self.enc(trap=Trap(trap=trap, victim=victim, cache=cache))

    def go_off(self, trap: Trap) -> None:
        card = self.g.cards.traps[trap.trap]
        self.say("trap", f"the {trap.trap.upper()} trap goes off")
        if trap.cache:
            self.say("trap", f"the {trap.cache} treasure is destroyed")
        victims = (
            [c for c in self.g.party_ids if not self.g.characters[c].dead]
            if card.whole_party
            else [trap.victim]
        )
        for v in victims:
            self.lose_hp(v, card.damage, f"the {trap.trap.upper()} trap")
        self.enc(trap=None)

    def item_used(self, item: str) -> None:
        if self.g.cards.items[item].single_use:
            p = self.g.party
            slot = "normal_item" if p.normal_item == item else "magic_item"
            self.upd(party=p.model_copy(update={slot: None}))
            self.say("item", f"{item.upper()} is used up")

    # -- the end of a step -------------------------------------------------------------------
    def settle(self) -> None:
        g = self.g
        if g.phase != "play":
            return
        living = [c for c in g.characters.values() if not c.dead]
        able = [c for c in living if c.able]
        if not able:
            for c in living:
                self.char(c.model_copy(update={"dead": True, "down": False, "pool": None}))
                self.say("died", f"{c.name} is dead: nobody is left to carry them", c.id)
            self.finish("lost")
            return
        enc = g.encounter
        if enc and enc.cube == "golden" and enc.revealed:
            creatures = [f for f in enc.foes if f.bag is None]
            if all(f.defeated for f in creatures) and enc.trap is None:
                self.finish("won")

    def finish(self, outcome: str) -> None:
        for c in self.g.characters.values():  # never healed: no survivor at the end
            if c.down:
                self.char(c.model_copy(update={"down": False, "dead": True, "pool": None}))
                self.say("died", f"{c.name} was not healed in time: dead", c.id)
        self.upd(phase="over", outcome=outcome)
        score = score_of(self.g)
        player = (self.g.players[self.g.player] if self.g.players else "") or "the party"
        result = Result(player=player, completed=outcome == "won", score=score)
        self.upd(results=(*self.g.results, result))
        if outcome == "won":
            self.say("won", f"the catacombs are conquered! Score {score}")
        else:
            self.say("lost", "every character is dead: the quest is over")


def score_of(game: Game) -> int:
    """The score by the scoring table's formula (points per thing)."""
    sc = game.cards.scoring
    p = game.party
    items = sum(1 for i in (p.normal_item, p.magic_item) if i)
    survivors = sum(1 for c in game.characters.values() if not c.dead)
    done = game.outcome == "won"
    return (
        p.gold * sc["gold"]
        + p.gems * sc["gem"]
        + items * sc["item"]
        + p.defeated * sc["creature"]
        + (survivors * sc["survivor"] + sc["completed"] if done else 0)
    )


def creature_foe(game: Game, foe_id: str, colour: str, face: str) -> Foe:
    if face.startswith("bag:"):
        return Foe(id=foe_id, colour=colour, bag=face[4:])
    hp = game.cards.creatures[face].hit_power
    return Foe(id=foe_id, colour=colour, creature=face, hit_power=hp)


# -- actions ------------------------------------------------------------------------------
def resolve(game: Game, a: s.AnyAction, dice: Dice) -> tuple[Game, list[Event]]:
    r = _Run(game, dice)
    handler = _HANDLERS[type(a)]
    handler(r, a)
    r.settle()
    return r.g, r.events


def _start_item(r: _Run, a: s.StartItem) -> None:
    item = r.cube_face("normal", "the Normal Items Cache Cube")
    r.upd(party=r.g.party.model_copy(update={"normal_item": item}), item_rolled=True)
    r.say("treasure", f"the party starts with {item.upper()}")


def _draw(r: _Run, a: s.Draw) -> None:
    g = r.g
    if "golden" not in g.cubes:
        cube = "golden"
    elif a.cube is not None:
        cube = a.cube
    elif len(g.bag) == 1:
        cube = g.bag[0]
    else:
        n = r.dice.roll(1, "draw a cube from the bag", len(g.bag)).faces[0]
        cube = g.bag[n - 1]
    if isinstance(a.face, str):
        face = a.face
    else:
        faces = g.cards.catacombs[cube]
        if isinstance(a.face, int):
            n = a.face
        else:
            n = r.dice.roll(1, f"roll {cube}", 6, die=f"catacomb_{cube}").faces[0]
        face = faces[n - 1]
    c = cube_from_face(cube, face, len(g.cubes))
    r.upd(
        cubes={**g.cubes, cube: c},
        bag=tuple(b for b in g.bag if b != cube),
        unjoined=None if cube == "golden" else cube,
    )
    r.say("cube", f"{cube} is rolled in: {face_said(c.paths, c.content, c.colours)}")


def _join(r: _Run, a: s.Join) -> None:
    g = r.g
    one = g.cubes[a.cube].model_copy(
        update={"joins": {**g.cubes[a.cube].joins, a.path: f"{a.to}:{a.to_path}"}}
    )
    two = g.cubes[a.to].model_copy(
        update={"joins": {**g.cubes[a.to].joins, a.to_path: f"{a.cube}:{a.path}"}}
    )
    unjoined = None if g.unjoined in (a.cube, a.to) else g.unjoined
    r.upd(cubes={**g.cubes, a.cube: one, a.to: two}, unjoined=unjoined)
    r.say(
        "cube",
        f"{a.cube}'s {WAY[a.path]} path is joined to {a.to}'s {WAY[a.to_path]} path",
    )


def _enter(r: _Run, a: s.Enter) -> None:
    r.upd(phase="play", encounter=Encounter(cube=a.cube, entry=a.path), visited=1)
    r.say("moved", f"the party enters the catacombs at {a.cube} by its {WAY[a.path]} path")


def _reveal(r: _Run, a: s.Reveal) -> None:
    enc = r.g.encounter
    assert enc is not None
    cube = r.g.cubes[enc.cube]
    r.enc(revealed=True)
    if cube.content == "creatures":
        foes = []
        for n, colour in enumerate(cube.colours, 1):
            face = r.cube_face(f"creature_{colour}", f"the {colour} Creature Cube")
            foe = creature_foe(r.g, f"{cube.id}_{n}", colour, face)
            foes.append(foe)
            r.say("reveal", f"{cube.id}: {foe_name(r.g, foe)}")
        r.enc(foes=tuple(foes))
    elif cube.content == "trap":
        r.trap(a.actor, None)
    else:
        r.say("reveal", f"{cube.id} is empty: a character may rest here")


def _fight(r: _Run, a: s.Fight) -> None:
    g = r.g
    enc = g.encounter
    assert enc is not None
    foe = next(f for f in enc.foes if f.id == a.foe)
    me = g.characters[a.actor]
    if foe.fighter != a.actor or me.pool is None:
        if foe.fighter and foe.fighter != a.actor:  # taken over (option)
            r.char(g.characters[foe.fighter].model_copy(update={"pool": None}))
        fresh = foe.pool is None or (g.options.pool_after_defeat == "fresh" and foe.engaged)
        foe = foe.model_copy(update={"pool": foe.hit_power if fresh else foe.pool})
        me = r.g.characters[a.actor].model_copy(update={"pool": me.hit_power})
    assert foe.pool is not None and me.pool is not None
    mine = r.hits(me.pool, me.name)
    theirs = r.hits(foe.pool, foe_name(g, foe))
    card = g.cards.creatures[foe.creature or ""]
    magic = g.cards.characters[a.actor].magic_attack or a.magic_item
    if "resistance" in card.abilities and not magic:
        r.say("round", f"{me.name}'s {mine} hits do {foe_name(g, foe)} no harm")
        mine = 0
    diff = abs(mine - theirs)
    cpool, fpool = me.pool, foe.pool
    if mine > theirs:
        fpool = max(0, fpool - diff)
        r.say("round", f"{me.name} {mine} hits, {foe_name(g, foe)} {theirs}: it discards {diff}")
    elif theirs > mine:
        lost = min(diff, cpool)
        cpool -= lost
        if "absorb" in card.abilities:
            fpool += lost
            r.say(
                "round",
                f"{foe_name(g, foe)} {theirs} hits to {mine}: it absorbs {lost} of "
                f"{me.name}'s Combat Cube{'s' if lost != 1 else ''}",
            )
        else:
            r.say("round", f"{foe_name(g, foe)} {theirs} hits to {mine}: {me.name} discards {lost}")
    elif g.options.tie_round == "both_discard":
        absorbed = 1 if "absorb" in card.abilities and cpool > 0 else 0
        cpool, fpool = cpool - 1, fpool - 1 + absorbed
        r.say(
            "round",
            f"a tie, {mine} hits each: both discard 1" + (" (absorbed)" if absorbed else ""),
        )
    else:
        r.say("round", f"a tie, {mine} hits each: no effect")
    foe = foe.model_copy(update={"pool": fpool, "engaged": True, "fighter": a.actor})
    me = me.model_copy(update={"pool": cpool})
    if fpool <= 0:
        foe = foe.model_copy(update={"defeated": True, "fighter": None, "pool": 0})
        me = me.model_copy(update={"pool": None})
        r.char(me)
        r.foe(foe)
        r.upd(party=r.g.party.model_copy(update={"defeated": r.g.party.defeated + 1}))
        caches = tuple(c for c in card.cache if c in CACHES)
        assert r.g.encounter is not None
        r.enc(caches=(*r.g.encounter.caches, *caches))
        r.say("killed", f"{foe_name(g, foe)} is defeated", amount=None)
        return
    if cpool <= 0:
        foe = foe.model_copy(update={"fighter": None})
        r.foe(foe)
        r.char(me.model_copy(update={"pool": None}))
        r.say("defeated", f"{me.name} is defeated by {foe_name(g, foe)}", me.id)
        r.lose_hp(me.id, 1, "defeated")
        if "petrification" in card.abilities:
            r.make_weak(me.id, "petrified")
            p = r.g.party
            if p.normal_item or p.magic_item:
                r.upd(party=p.model_copy(update={"normal_item": None, "magic_item": None}))
                r.say("item", "the party's items are turned to stone")
        elif "poison" in card.abilities:
            r.make_weak(me.id, "poisoned")
        return
    r.char(me)
    r.foe(foe)


def _cast(r: _Run, a: s.Cast) -> None:
    g = r.g
    card = g.cards.spells[a.spell]
    me = g.characters[a.actor]
    face = r.d6(f"{me.name} casts {a.spell.upper()}")
    free = card.free_on > 0 and face >= card.free_on
    works = free or face >= card.works_on
    cost = 0 if free else card.cost
    r.char(me.model_copy(update={"casting_points": me.casting_points - cost}))
    r.enc(late=True)
    how = "works at no cost" if free else ("works" if works else "fails")
    r.say("spell", f"{a.spell.upper()} {how} ({cost} Casting Points)", a.actor, cost)
    if a.spell == "opn" and a.path:  # the path has had its one look, found or not
        assert r.g.encounter is not None
        r.enc(searched=(*r.g.encounter.searched, a.path))
    if not works:
        if a.spell == "inv" and a.foe:
            foe = next(f for f in r.g.encounter.foes if f.id == a.foe)  # type: ignore[union-attr]
            r.foe(foe.model_copy(update={"engaged": True}))
        return
    if a.spell == "hel":
        t = r.g.characters[a.target or ""]
        if t.down:
            r.char(t.model_copy(update={"down": False, "weak": True, "hit_power": 1}))
            r.say("heal", f"{t.name} is resurrected, WEK on 1 Hit Power", t.id)
        elif t.weak:
            r.char(t.model_copy(update={"weak": False, "hit_power": 1}))
            r.say("heal", f"{t.name} recovers, on 1 Hit Power", t.id)
        else:
            hp = min(t.max_hit_power, t.hit_power + card.heal)
            r.char(t.model_copy(update={"hit_power": hp}))
            r.say("heal", f"{t.name} is healed to {hp} Hit Power", t.id)
    elif a.spell == "dsm":
        _disarmed(r)
    elif a.spell == "opn":
        _found(r, a.actor, a.path or "", searched=False)
    elif a.spell == "inv":
        _sneaked(r, a.foe or "", steal=False)


def _disarmed(r: _Run) -> None:
    enc = r.g.encounter
    assert enc is not None and enc.trap is not None
    trap = enc.trap
    r.say("trap", f"the {trap.trap.upper()} trap is disarmed")
    if trap.cache:
        r.enc(trap=None, caches=(*enc.caches, trap.cache), rerolls=(*enc.rerolls, trap.cache))
    else:
        r.enc(trap=None)


def _sneaked(r: _Run, foe_id: str, steal: bool) -> None:
    enc = r.g.encounter
    assert enc is not None
    foe = next(f for f in enc.foes if f.id == foe_id)
    r.foe(foe.model_copy(update={"sneaked": True}))
    r.enc(sneaked=True)
    r.say("sneak", f"the party sneaks past {foe_name(r.g, foe)}")
    if steal:
        cache = r.g.cards.creatures[foe.creature or ""].cache
        assert r.g.encounter is not None
        r.enc(caches=(*r.g.encounter.caches, *cache))
        r.say("sneak", f"and steals its treasure ({', '.join(cache) or 'none'})")


def _sneak(r: _Run, a: s.Sneak | s.Steal) -> None:
    card = r.g.cards.characters[a.actor]
    steal = isinstance(a, s.Steal)
    if isinstance(a, s.Sneak) and a.using == "clk":
        ok = True
        r.say("sneak", "the cloak of invisibility hides the party")
    else:
        need = card.steal_on if steal else card.sneak_on
        face = r.d6(f"{r.g.characters[a.actor].name} tries to {a.action}")
        ok = face >= need
    if ok:
        _sneaked(r, a.foe, steal)
    else:
        enc = r.g.encounter
        assert enc is not None
        foe = next(f for f in enc.foes if f.id == a.foe)
        r.foe(foe.model_copy(update={"engaged": True}))
        r.say("sneak", f"{foe_name(r.g, foe)} notices the party: it is engaged")


def _evade(r: _Run, a: s.Evade) -> None:
    enc = r.g.encounter
    assert enc is not None
    foe = next(f for f in enc.foes if f.id == a.foe)
    if foe.fighter:
        r.char(r.g.characters[foe.fighter].model_copy(update={"pool": None}))
    r.foe(foe.model_copy(update={"evaded": True, "fighter": None}))
    r.enc(evaded=True)
    r.say("evade", f"the party evades {foe_name(r.g, foe)}")
    r.lose_hp(a.actor, 1, "holding it off")


def _open_bag(r: _Run, a: s.OpenBag) -> None:
    enc = r.g.encounter
    assert enc is not None
    foe = next(f for f in enc.foes if f.id == a.foe)
    r.foe(foe.model_copy(update={"opened": True}))
    r.enc(caches=(*r.g.encounter.caches, foe.bag or ""))  # type: ignore[union-attr]
    r.say("treasure", f"{r.g.characters[a.actor].name} opens the bag: a {foe.bag} cache")


def _search_treasure(r: _Run, a: s.SearchTreasure) -> None:
    enc = r.g.encounter
    assert enc is not None
    caches = list(enc.caches)
    caches.remove(a.cache)
    reroll = a.cache in enc.rerolls
    r.enc(caches=tuple(caches), rerolls=tuple(c for c in enc.rerolls if c != a.cache))
    name = r.g.characters[a.actor].name
    face = r.cube_face(a.cache, f"{name} rolls the {a.cache} Cache Cube")
    if face == "trp":
        r.trap(a.actor, a.cache, at_once=reroll)
    else:
        r.gain(a.cache, face, name)


def _disarm(r: _Run, a: s.Disarm) -> None:
    if a.using == "dsm":  # the disarm spell, as cast
        _cast(r, s.Cast(actor=a.actor, spell="dsm"))
        return
    enc = r.g.encounter
    assert enc is not None and enc.trap is not None
    power = r.g.cards.traps[enc.trap.trap].trap_power
    bonus = r.g.cards.characters[a.actor].disarm
    face = r.d6(f"{r.g.characters[a.actor].name} disarms (Trap Power {power})")
    if face + bonus >= power:
        _disarmed(r)
    else:
        r.say("trap", f"{face}+{bonus} is below Trap Power {power}")
        r.go_off(enc.trap)


def _spring(r: _Run, a: s.Spring) -> None:
    enc = r.g.encounter
    assert enc is not None and enc.trap is not None
    r.go_off(enc.trap)


def _rest(r: _Run, a: s.Rest) -> None:
    me = r.g.characters[a.actor]
    r.enc(rested=True)
    if a.choice == "recover":
        me = me.model_copy(update={"weak": False, "hit_power": 1})
        r.say("rest", f"{me.name} rests and recovers from WEK, on 1 Hit Power", me.id)
    elif a.choice == "hit_power":
        top = me.max_hit_power if r.g.options.rest_cap else me.hit_power + 1
        hp = min(top, me.hit_power + 1)
        me = me.model_copy(update={"hit_power": hp})
        r.say("rest", f"{me.name} rests: {hp} Hit Power", me.id)
    else:
        top = r.g.cards.characters[a.actor].casting_points
        cp = min(top, me.casting_points + 1)
        me = me.model_copy(update={"casting_points": cp})
        r.say("rest", f"{me.name} rests: {cp} Casting Points", me.id)
    r.char(me)


def _search_secret(r: _Run, a: s.SearchSecret) -> None:
    enc = r.g.encounter
    assert enc is not None
    r.enc(searched=(*enc.searched, a.path), late=True)
    me = r.g.characters[a.actor]
    if a.using == "map":
        item = r.g.party.normal_item if r.g.party.normal_item == "map" else "map"
        found = True
        r.say("search", f"the map shows a secret room beyond the {WAY[a.path]} path")
        for held in (r.g.party.normal_item, r.g.party.magic_item):
            if held and r.g.cards.items[held].effect == "detect":
                item = held
        r.item_used(item)
    else:
        need = r.g.cards.characters[a.actor].detect_on
        found = r.d6(f"{me.name} looks for a secret room ({need}+)") >= need
        if not found:
            r.say("search", f"no secret room beyond the {WAY[a.path]} path")
    if found:
        _found(r, a.actor, a.path, searched=False)


def _found(r: _Run, actor: str, path: str, searched: bool = True) -> None:
    enc = r.g.encounter
    assert enc is not None
    if searched:
        r.enc(searched=(*enc.searched, path))
    bag = [f"creature_{c}" for c in COLOURS] + ["contraption", "gold", "gems"]
    if r.g.options.secret_items:
        bag += ["normal", "magic"]
    n = r.dice.roll(1, "a secret room: draw from the bag", len(bag)).faces[0]
    cube = bag[n - 1]
    name = r.g.characters[actor].name
    r.say(
        "search",
        f"{name} finds a secret room beyond the {WAY[path]} path: {card_words('cubes', cube)}",
    )
    if cube == "contraption":
        r.trap(actor, None)
        return
    face = r.cube_face(cube, f"the secret room's {cube} cube")
    if cube in CACHES:
        if face == "trp":
            r.trap(actor, None)
        else:
            r.gain(cube, face, name)
        return
    colour = cube.removeprefix("creature_")
    foe = creature_foe(r.g, f"{enc.cube}_secret_{path}", colour, face)
    r.enc(secret=foe)
    r.say("search", f"in it: {foe_name(r.g, foe)} (go into the secret room, or move on)")


def _enter_secret(r: _Run, a: s.EnterSecret) -> None:
    enc = r.g.encounter
    assert enc is not None and enc.secret is not None
    r.enc(foes=(*enc.foes, enc.secret), secret=None)
    r.say("moved", f"the party goes into the secret room: {foe_name(r.g, enc.secret)}")


def _use_item(r: _Run, a: s.UseItem) -> None:
    t = r.g.characters[a.target or ""]
    r.char(t.model_copy(update={"weak": False, "hit_power": 1}))
    r.say("heal", f"{a.item.upper()} cures {t.name}: on 1 Hit Power", t.id)
    r.item_used(a.item)


def _move_on(r: _Run, a: s.MoveOn) -> None:
    g = r.g
    enc = g.encounter
    assert enc is not None
    for c in g.characters.values():
        if c.down:
            r.char(c.model_copy(update={"down": False, "dead": True}))
            r.say("died", f"{c.name} was not healed in time: dead", c.id)
    here = g.cubes[enc.cube]
    there, entry = here.joins[a.path].split(":")
    r.upd(
        cubes={**r.g.cubes, here.id: here.model_copy(update={"discarded": True})},
        encounter=Encounter(cube=there, entry=entry),
        visited=g.visited + 1,
    )
    r.say("moved", f"the party moves on {WAY[a.path]} to {there}; {here.id} is discarded")


def _next_player(r: _Run, a: s.NextPlayer) -> None:
    from companion.rulesets.qubqst.build import new_game

    g = r.g
    fresh = new_game(
        {
            "party": list(a.party or g.party_ids),
            "options": g.options.model_dump(),
            "cards": g.cards.model_dump(),
        }
    )
    r.g = fresh.model_copy(update={"player": g.player + 1, "results": g.results})
    r.say("turn", f"{g.players[g.player + 1]} sets up a catacomb of their own")


_HANDLERS: dict[type, Callable[[_Run, Any], None]] = {
    s.StartItem: _start_item,
    s.Draw: _draw,
    s.Join: _join,
    s.Enter: _enter,
    s.Reveal: _reveal,
    s.Fight: _fight,
    s.Cast: _cast,
    s.Sneak: _sneak,
    s.Steal: _sneak,
    s.Evade: _evade,
    s.OpenBag: _open_bag,
    s.SearchTreasure: _search_treasure,
    s.Disarm: _disarm,
    s.Spring: _spring,
    s.Rest: _rest,
    s.SearchSecret: _search_secret,
    s.EnterSecret: _enter_secret,
    s.UseItem: _use_item,
    s.MoveOn: _move_on,
    s.NextPlayer: _next_player,
}
