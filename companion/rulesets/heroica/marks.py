"""How a Heroica board is drawn (``BoardMark``), the same in the map editor and in play.

Presentation only: the colours of the realms' spaces, the glyphs of features and items.
The map editor draws a map's board section (``board.board_marks``), play mode the quest's
board as it stands (``views.marks``); both come here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from companion.rules.table import BoardMark
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.state import Cell, Feature, Item, Location

#: The text's space colours, as drawn.
COLOUR_HEX: Final = {
    "dark grey": "#6b7078",
    "dark green": "#3f7a4a",
    "black": "#3a3a3a",
    "tan": "#cfb48a",
}
#: Realms the text gives no colour, tinted so their spaces still show.
UNCOLOURED_REALMS: Final = {"draida_bay": "#a07850", "lava_mountain": "#7a3b3b"}
FEATURE_GLYPHS: Final = {
    "treasure_chest": ("C", "#b8860b"),
    "casket": ("Ca", "#a0522d"),
    "rocks": ("R", "#7d7d7d"),
    "map": ("M", "#c8a165"),
    "magic_door": ("MD", "#3b6fd1"),
    "magic_space": ("o", "#3b8fe8"),
    "monster_generator": ("G", "#b02a2a"),
    "locked_door": ("", "#8b5a2b"),
}
SEALED_COLOUR: Final = "#777777"
ITEM_COLOURS: Final = {
    "gold": "#e5b800",
    "key": "#c0c0c0",
    "torch": "#ff8c00",
    "life_potion": "#d62828",
    "skill_potion": "#2a9d3a",
    "luck_potion": "#f28c28",
    "speed_potion": "#2f6fd6",
    "strength_potion": "#e9d100",
}
#: Items told apart at a glance (others: their name's first two letters).
ITEM_GLYPHS: Final = {
    "gold": "$",
    "key": "K",
    "torch": "T",
    "life_potion": "+",
    "skill_potion": "Sk",
    "luck_potion": "Lk",
    "speed_potion": "Sp",
    "strength_potion": "St",
}
START_COLOUR: Final = "#f4f4f4"


def realm_tint(realm: str, catalog: HeroicaCatalog) -> tuple[str, str]:
    """A realm's tint and what to call it: its space colour, else a tint of its own."""
    entry = catalog.realms.get(realm)
    if entry is not None and entry.colour is not None:
        return COLOUR_HEX.get(entry.colour, "#999999"), entry.colour
    name = entry.name if entry is not None else realm
    return UNCOLOURED_REALMS.get(realm, "#999999"), name


def draw_board(
    catalog: HeroicaCatalog,
    locations: Iterable[Location],
    own_colours: Mapping[Cell, str],
    features: Iterable[Feature],
    items: Iterable[Item],
    start: Cell | None = None,
    *,
    reveal: bool = True,
) -> list[BoardMark]:
    """Every square's tint (a space of its own colour, else its locations' realms: a link
    piece striped in both), then features, items and the heroes' start.  ``reveal``: say
    what a casket holds (the map's maker may see it; the players may not)."""
    return [
        *draw_spaces(catalog, locations, own_colours),
        *draw_things(catalog, features, items, start, reveal=reveal),
    ]


def draw_spaces(
    catalog: HeroicaCatalog, locations: Iterable[Location], own_colours: Mapping[Cell, str]
) -> list[BoardMark]:
    """Every square's tint: a space of its own colour, else its locations' realms (a link
    piece striped in both)."""
    owners: dict[Cell, list[Location]] = {}
    for loc in locations:
        for cell in loc.cells:
            owners.setdefault(cell, []).append(loc)
    marks: list[BoardMark] = []
    for cell in sorted(owners.keys() | own_colours.keys(), key=lambda c: (c[1], c[0])):
        locs = owners.get(cell, [])
        names = " / ".join(loc.name for loc in locs)
        link = len(locs) > 1
        if cell in own_colours:
            tints = [(COLOUR_HEX.get(own_colours[cell], "#999999"), own_colours[cell])]
        else:
            tints = list(dict.fromkeys(realm_tint(loc.realm, catalog) for loc in locs))
        for hex_colour, colour_name in tints:
            text = f"{names}: {colour_name}" if names else colour_name
            # Thousands of fills on a big board, built from the palette above: trusted.
            marks.append(
                BoardMark.model_construct(
                    at=cell,
                    to=None,
                    glyph="",
                    kind="fill",
                    colour=hex_colour,
                    label=text + (" (link piece)" if link else ""),
                    hatched=link,
                )
            )
    return marks


def draw_things(
    catalog: HeroicaCatalog,
    features: Iterable[Feature],
    items: Iterable[Item],
    start: Cell | None = None,
    *,
    reveal: bool = True,
) -> list[BoardMark]:
    """Features (a locked door as an edge), items and the heroes' start, as tokens."""
    marks: list[BoardMark] = []
    for f in features:
        feature = catalog.features.get(f.kind)
        name = feature.name if feature is not None else f.kind
        glyph, colour = FEATURE_GLYPHS.get(f.kind, ("?", "#888888"))
        if f.kind == "locked_door":
            if f.to is not None and abs(f.to[0] - f.at[0]) + abs(f.to[1] - f.at[1]) == 1:
                marks.append(BoardMark(at=f.at, to=f.to, kind="edge", colour=colour, label=name))
            continue
        if f.token is not None and reveal:
            name += f" ({f.token} token)"
        if f.boss is not None:
            name += f" (boss: {f.boss})"
        if f.sealed:
            name += " (sealed)"
            colour = SEALED_COLOUR
        marks.append(BoardMark(at=f.at, kind="token", colour=colour, glyph=glyph, label=name))
    for spot in items:
        item = catalog.items.get(spot.item)
        name = item.name if item is not None else spot.item
        glyph = ITEM_GLYPHS.get(spot.item, name[:2])
        colour = ITEM_COLOURS.get(spot.item, "#aa66cc")
        marks.append(BoardMark(at=spot.at, kind="token", colour=colour, glyph=glyph, label=name))
    if start is not None:
        marks.append(
            BoardMark(at=start, kind="token", colour=START_COLOUR, glyph="S", label="Heroes' start")
        )
    return marks
