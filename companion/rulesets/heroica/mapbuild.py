"""Map Build: the Heroica Token's holder adds locations as the game goes.

"If the player with the Heroica Token begins their turn in a location with one or more
empty sides onto which another location can be added, they can choose to expand the map
onto an empty side. At the start of their turn, they roll the following dice" (line 188):
the Location Die picks the tile (and feeds the Boss Monster Track), the Action Die the
monsters, the Items Die the items.  Where the text lets the player place them ("to any
empty space in the new location"), they go on the first empty spaces in reading order.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rules.verdict import Reason
from companion.rulesets.heroica.actions import Expand, PassToken
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.rules import Ctx, reason, share_location, taken_cells
from companion.rulesets.heroica.schema import Category, Rank
from companion.rulesets.heroica.state import (
    UPKEEP,
    Cell,
    Feature,
    Hero,
    Item,
    Location,
    Monster,
    Quest,
)
from companion.rulesets.heroica.tiles import (
    LAVA_REALM,
    SIDES,
    Tile,
    Tiles,
    default_tiles,
    placement,
)

R = HeroicaReason


def tiles_left(q: Quest, tiles: Tiles) -> list[Tile]:
    """Tiles the Location Die may still add (not the start, not Lava Mountain)."""
    return [
        t
        for t in tiles.by_id.values()
        if t.id not in q.tiles_used and not t.start and t.realm != LAVA_REALM
    ]


def empty_sides(q: Quest, location: str, tiles: Tiles) -> list[str]:
    """The sides of ``location`` a tile of the usual size can be added onto."""
    loc = q.locations[location]
    probe = next(iter(tiles.by_id.values()))
    return [
        side
        for side in SIDES
        if placement(loc.cells, side, probe, q.spaces, q.bounds, tiles.link_length) is not None
    ]


def check_expand(ctx: Ctx, h: Hero, a: Expand, tiles: Tiles | None = None) -> list[Reason]:
    tiles = tiles or default_tiles()
    q = ctx.quest
    if not q.map_build:
        return [reason(R.INVALID_TARGET, "the map grows only in a Map Build game")]
    out: list[Reason] = []
    if q.token != h.id:
        holder = q.heroes[q.token].name if q.token in q.heroes else "nobody"
        out.append(reason(R.NO_PERMISSION, f"{holder} holds the Heroica Token, not {h.name}"))
    if q.phase != UPKEEP or q.move_face is not None or q.expanded:
        out.append(reason(R.WRONG_PHASE, "the map is expanded at the start of the turn, once"))
    here = q.locations_of(h.at)
    location = a.location or (here[0] if here else None)
    if location is None or location not in here:  # no side of it to judge; the rest is said
        out.append(reason(R.NOT_IN_LOCATION, f"{h.name} is not in location {a.location!r}"))
    elif a.side not in empty_sides(q, location, tiles):
        name = q.locations[location].name
        out.append(reason(R.OCCUPIED, f"the {a.side} side of {name} is not empty", h.at))
    if a.tile is not None and (a.tile not in tiles.by_id or a.tile in q.tiles_used):
        out.append(reason(R.INVALID_TARGET, f"tile {a.tile!r} is not one left to add"))
    if not tiles_left(q, tiles):
        out.append(reason(R.INVALID_TARGET, "every location tile is in play"))
    for potion in a.potions:
        item = ctx.catalog.items.get(potion)
        if item is None or item.category != Category.POTION:
            out.append(reason(R.NO_SUCH_ITEM, f"{potion!r} is not a potion"))
    return out


def check_pass_token(ctx: Ctx, h: Hero, a: PassToken) -> list[Reason]:
    """Every reason: the token not held, a game that passes no token, then the hero it
    goes to (one not in play says only that) and where that hero is."""
    q = ctx.quest
    out: list[Reason] = []
    if q.token != h.id:
        out.append(reason(R.NO_PERMISSION, f"{h.name} does not hold the Heroica Token"))
    if q.variation != "co_operative":
        out.append(reason(R.INVALID_TARGET, "the token is passed only in a Co-operative game"))
    other = q.heroes.get(a.to)
    if other is None or other.out or other.id == h.id:
        return [*out, reason(R.INVALID_TARGET, f"{a.to!r} is not another hero in play")]
    if not share_location(q, h.at, other.at):
        out.append(reason(R.NOT_IN_LOCATION, f"{other.name} is not in {h.name}'s location"))
    return out


def expand(ctx: Ctx, a: Expand, dice: Dice, ev: list[Event], tiles: Tiles | None = None) -> Quest:
    """Roll the three dice and add the tile, its monsters and its items."""
    from companion.rulesets.heroica import resolve as r

    tiles = tiles or default_tiles()
    q = ctx.quest.with_(expanded=True)
    h = q.heroes[a.actor]
    here = a.location or q.locations_of(h.at)[0]
    realm_here = q.locations[here].realm
    rows = ctx.catalog.tables.map_build
    face = r.roll_label(ctx, dice, "location", "Map Build: the Location Die")
    row = next(x for x in rows.location if x.face == face)
    r._say(ev, "map", f"The Location Die: {row.text}", h.id)
    realm = {
        "choice": None,
        "realm_rolled": next(
            (x.id for x in ctx.catalog.realms.values() if x.location_die_face == face), None
        ),
        "same_as_location": realm_here,
    }[row.tile]
    boss_track = q.boss_track + row.boss_track
    full = boss_track >= q.options.boss_track_length
    tile = _pick(q, tiles, realm, a.tile, boss=full)
    if tile is None:
        r._say(ev, "map", "No tile is left to add")
        return q
    if full and tile.boss is not None:
        boss_track = 0
        r._say(
            ev,
            "track",
            "The Boss Monster Track is full: a Boss Monster location; the track is reset",
        )
    elif row.boss_track:
        r._say(ev, "track", f"The Boss Monster Track rises to {boss_track}", amount=boss_track)
    q = q.with_(boss_track=min(boss_track, q.options.boss_track_length))
    place = placement(q.locations[here].cells, a.side, tile, q.spaces, q.bounds, tiles.link_length)
    if place is None:  # the tile picked is larger than the side allows
        r._say(ev, "map", f"The {tile.name} does not fit on the {a.side} side")
        return q
    q = _lay(ctx, q, here, tile, place.cells(tile), place.link, ev)
    new = [c for c in place.cells(tile) if c not in taken_cells(q)] + list(place.link)
    # Monsters: the Action Die.
    face = r.roll_label(ctx, dice, "action", "Map Build: the Action Die")
    spawn = next(x for x in rows.monsters if x.face == face)
    r._say(ev, "map", f"The Action Die: {spawn.text}")
    for rank in spawn.spawn:
        spot = _empty(q, new)
        if spot is not None:
            q = r.spawn(ctx, q, tile.realm, rank, spot, ev, where=f"at {place_name(spot)}") or q
    # Items: the Items Die.
    face = r.roll_label(ctx, dice, "items", "Map Build: the Items Die")
    items = next(x for x in rows.items if x.face == face)
    r._say(ev, "map", f"The Items Die: {items.text}")
    chosen = list(a.potions) + ["life_potion"] * max(0, items.potions_of_choice - len(a.potions))
    for thing in (*items.places, *chosen[: items.potions_of_choice]):
        spot = _empty(q, new)
        if spot is None:
            break
        if thing in ctx.catalog.features:
            fid = _next_id(q.features, thing)
            q = q.with_(features={**q.features, fid: Feature(fid, thing, spot)})
        else:
            iid = _next_id(q.items, "item")
            q = q.with_(items={**q.items, iid: Item(iid, thing, spot)})
    # The token passes clockwise.
    seat = q.seats.index(h.id)
    nxt = next(
        (
            q.seats[(seat + i) % len(q.seats)]
            for i in range(1, len(q.seats) + 1)
            if not q.heroes[q.seats[(seat + i) % len(q.seats)]].out
        ),
        h.id,
    )
    r._say(ev, "token", f"The Heroica Token passes to {q.heroes[nxt].name}")
    return q.with_(token=nxt)


def pass_token(ctx: Ctx, a: PassToken, dice: Dice, ev: list[Event]) -> Quest:
    from companion.rulesets.heroica import resolve as r

    q = ctx.quest
    r._say(
        ev, "token", f"{q.heroes[a.actor].name} hands the Heroica Token to {q.heroes[a.to].name}"
    )
    return q.with_(token=a.to)


def _pick(
    q: Quest, tiles: Tiles, realm: str | None, wanted: str | None, *, boss: bool
) -> Tile | None:
    """The tile added: the player's pick where allowed, else the first left of the realm;
    "If all tiles of that colour are in play, choose any remaining tile"."""
    left = [t for t in tiles_left(q, tiles) if (t.boss is not None) == boss]
    if not left and boss:
        left = [t for t in tiles_left(q, tiles) if t.boss is None]
    same = [t for t in left if realm is None or t.realm == realm]
    pool = same or left
    if wanted is not None:
        pick = next((t for t in pool if t.id == wanted), None)
        if pick is not None:
            return pick
    return pool[0] if pool else None


def _lay(
    ctx: Ctx,
    q: Quest,
    here: str,
    tile: Tile,
    cells: dict[Cell, str],
    link: tuple[Cell, ...],
    ev: list[Event],
) -> Quest:
    """Put the tile's spaces, features and boss on the board."""
    from companion.rulesets.heroica import resolve as r

    lid = _next_id(q.locations, tile.id)
    old = q.locations[here]
    locations = {
        **q.locations,
        here: Location(old.id, old.name, old.realm, old.cells | frozenset(link), old.boss),
        lid: Location(
            lid, tile.name, tile.realm, frozenset(cells) | frozenset(link), tile.boss is not None
        ),
    }
    colour = ctx.catalog.realms[tile.realm].colour
    colours = dict(q.colours)
    if colour:
        colours.update({c: colour for c in cells})
    q = q.with_(
        spaces=q.spaces | frozenset(cells) | frozenset(link),
        locations=locations,
        colours=colours,
        tiles_used=(*q.tiles_used, tile.id),
    )
    r._say(ev, "map", f"{tile.name} is added to the map")
    boss_id = None
    if tile.boss is not None:
        boss_id = _next_id(q.monsters, tile.boss)
        n = q.bosses + 1
        health = ctx.catalog.health_levels(tile.boss, len(q.seats), map_build=True, boss_number=n)
        is_boss = ctx.catalog.monsters[tile.boss].rank == Rank.BOSS
        relic = _free_relic(ctx, q) if is_boss else None  # the Dragon holds none
        at = next(c for c, ch in cells.items() if ch in "BD")
        q = q.with_(
            monsters={**q.monsters, boss_id: Monster(boss_id, tile.boss, at, health, relic)},
            bosses=n if is_boss else q.bosses,
            # Reading: a Map Build game without a target sets the first boss as target.
            target=q.target if q.target is not None else boss_id,
        )
        r._say(ev, "map", f"The {ctx.catalog.monsters[tile.boss].name} guards it ({health} health)")
    features = dict(q.features)
    for c, ch in cells.items():
        kind = {
            "c": "treasure_chest",
            "k": "casket",
            "m": "map",
            "r": "rocks",
            "M": "magic_door",
            "o": "magic_space",
            "g": "monster_generator",
        }.get(ch)
        if kind is not None:
            fid = _next_id(features, kind)
            features[fid] = Feature(
                fid, kind, c, boss=boss_id if kind == "monster_generator" else None
            )
    return q.with_(features=features)


def add_lava_mountain(
    ctx: Ctx, q: Quest, ev: list[Event], tiles: Tiles | None = None
) -> Quest | None:
    """A full Fire Track with option fire_track_full = dragon: Lava Mountain onto the first
    empty side of a location, with the Dragon (health on the Fire Track) and its
    generators; the Dragon becomes the target.  None when no side has room."""
    tiles = tiles or default_tiles()
    tile = tiles.lava_mountain()
    if tile is None:
        return None
    for lid, loc in q.locations.items():
        for side in SIDES:
            place = placement(loc.cells, side, tile, q.spaces, q.bounds, tiles.link_length)
            if place is None:
                continue
            q = _lay(ctx, q, lid, tile, place.cells(tile), place.link, ev)
            dragon = next(m for m in q.monsters.values() if m.kind == tile.boss)
            # Its health is the number of players + 6 (as a Fixed Map boss would not be).
            health = ctx.catalog.health_levels(dragon.kind, len(q.seats))
            q = q.with_(
                monsters={**q.monsters, dragon.id: dragon.with_(health=health)},
                target=dragon.id,
            )
            from companion.rulesets.heroica.setup import seal_at_start

            return seal_at_start(q, ctx.catalog)
    return None


def _free_relic(ctx: Ctx, q: Quest) -> str | None:
    """The first relic no hero or boss has (option relic_assignment reads "setup": the
    data's order stands in for the table's pick)."""
    held = {m.relic for m in q.monsters.values()} | {x for h in q.heroes.values() for x in h.relics}
    return next(
        (
            i.id
            for i in ctx.catalog.items.values()
            if i.category == Category.RELIC and i.id not in held
        ),
        None,
    )


def _empty(q: Quest, cells: list[Cell]) -> Cell | None:
    taken = taken_cells(q) | {f.at for f in q.features.values()} | {i.at for i in q.items.values()}
    return next((c for c in sorted(cells, key=lambda c: (c[1], c[0])) if c not in taken), None)


def _next_id(existing: Mapping[str, object], stem: str) -> str:
    n = 1
    while f"{stem}-{n}" in existing:
        n += 1
    return f"{stem}-{n}"
