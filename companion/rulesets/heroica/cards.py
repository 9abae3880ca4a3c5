"""Hero cards of a Heroica party, the heroes' creation and edits (``CharacterSheets``).

A card (``SheetView``) shows the hero's name and kind, its skill (and what the skill
becomes with the hero's own weapon), health, skill points, gold, the hero pack and
whether it is Blessed or Cursed.  Without a game the numbers are the ones a hero starts
with (options ``hero_health``, ``starting_skill_points``, ``starting_gold``); with a
game's ``Quest`` they are the quest's, read only.  Every number comes from the catalog,
the options and the rules' helpers (``rules.full_health``, ``rules.skill_style``).

Edits work on the roster's JSON value as it was read, change one field of one hero, and
check the whole roster again, so an edit never leaves a roster the game would refuse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Final

from companion.rules.rosters import (
    RosterError,
    characters_of,
    check_model,
    choice_value,
    index_of,
    new_id,
    text_value,
    with_characters,
    without_character,
)
from companion.rules.table import RosterFigure, SheetField, SheetSection, SheetView
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.roster import Character, Roster, label, read_roster
from companion.rulesets.heroica.rules import Ctx, die_of, full_health, plural, skill_style
from companion.rulesets.heroica.schema import FullHealthBonus, Options
from companion.rulesets.heroica.state import Hero, Quest

#: Keys of a hero that ``edit_character`` changes (the JSON's names).
EDITABLE: Final = ("name", "hero", "player")
#: Keys of ``creation_fields`` (``add_character``'s values).
CREATION_KEYS: Final = ("name", "id", "hero", "player")
#: Every card's side: the heroes play together ("All heroes work together").
SIDE: Final = "heroes"
NONE: Final = "none"


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def blank_quest(options: Options) -> Quest:
    """A quest with no board and nobody on it, played by ``options``: what the rules'
    helpers are asked about a hero, or the tracks, outside a game."""
    return Quest(
        spaces=frozenset(),
        locations={},
        colours={},
        heroes={},
        monsters={},
        features={},
        items={},
        seats=(),
        options=options,
        start=(0, 0),
    )


def _starting_hero(c: Character, options: Options, catalog: HeroicaCatalog) -> Hero:
    """The hero as a quest starts it: full health, the options' skill points and gold."""
    hero = Hero(
        id=c.id,
        name=label(c, catalog),
        hero=c.hero,
        at=(0, 0),
        health=0,
        skill=options.starting_skill_points,
        gold=options.starting_gold,
    )
    return hero.with_(health=full_health(Ctx(blank_quest(options), catalog), hero))


# -- reading ------------------------------------------------------------------------------


def blank_roster() -> dict[str, Any]:
    """An empty party, ready for heroes."""
    return Roster().model_dump(mode="json")


def roster_figures(party: Mapping[str, Any], catalog: HeroicaCatalog) -> list[RosterFigure]:
    """Each hero as the figure that stands for it: the party's side, its hero kind as the
    figure's class (a game links the two by id)."""
    return [
        RosterFigure(id=c.id, name=label(c, catalog), side="party", class_id=c.hero)
        for c in read_roster(party, catalog).characters
    ]


def check_roster(party: Mapping[str, Any], catalog: HeroicaCatalog) -> None:
    """``RosterError`` (a ``ValueError``) listing every problem with its place."""
    read_roster(party, catalog)


# -- the cards ----------------------------------------------------------------------------


def _hero_choices(catalog: HeroicaCatalog) -> tuple[tuple[str, str], ...]:
    return tuple((h.id, h.name) for h in catalog.heroes.values())


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", ")")) else f"{text}."


def _skill_section(ctx: Ctx, h: Hero) -> SheetSection:
    """The skill as the text words it, and with the hero's own weapon."""
    cat = ctx.catalog
    hero = cat.get_hero(h.hero)
    style = skill_style(ctx, h, None, hero.skill).value.capitalize()
    weapon = hero.with_weapon
    own = cat.get_item(weapon.weapon).name
    own_style = skill_style(ctx, h, weapon.weapon, weapon.skill).value.capitalize()
    with_own = f"With the {own}" + (f" ({own_style})" if own_style != style else "")
    text = f"{_sentence(hero.text)}\n{with_own}: {_sentence(weapon.text)}"
    points = cat.skill_points.full
    title = f"{style} skill \u00b7 {points} {plural(points, 'skill point')}"
    return SheetSection(title=title, text=text)


def _helmet_bonus(catalog: HeroicaCatalog) -> tuple[str, int] | None:
    """The armour that adds to full health, and how much (the Helmet, +1)."""
    for item in catalog.items_of("armour"):
        effect = item.effect("full_health_bonus")
        if isinstance(effect, FullHealthBonus):
            return item.name, effect.bonus
    return None


def _health_text(ctx: Ctx, h: Hero) -> str:
    full = full_health(ctx, h)
    text = f"{max(0, h.health)} of {full}"
    base = ctx.options.hero_health
    if full > base:
        worn = [ctx.catalog.items[i] for i in (*h.gear, *h.relics)]
        names = [i.name for i in worn if i.effect("full_health_bonus") is not None]
        text += f" ({base} + {full - base} {', '.join(names)})"
    else:
        helmet = _helmet_bonus(ctx.catalog)
        if helmet is not None:
            text += f" (+{helmet[1]} with a {helmet[0]})"
    if h.temporary:
        text += f", +{h.temporary} temporary"
    return text


def _condition(ctx: Ctx, h: Hero) -> str:
    die = ctx.catalog.dice[die_of(h)].name
    if h.blessed:
        return f"Blessed: rolls the {die}"
    if h.cursed:
        return f"Cursed: rolls the {die}"
    return "neither"


def _names(ctx: Ctx, items: tuple[str, ...], own: str | None = None) -> str:
    """Item names, a repeated one counted ("Life Potion \u00d72"); ``own``: the hero's
    own weapon, marked."""
    counts = Counter(items)
    out = []
    for item_id, n in counts.items():
        name = ctx.catalog.items[item_id].name
        if item_id == own:
            name += " (its own)"
        out.append(f"{name} \u00d7{n}" if n > 1 else name)
    return ", ".join(out) or NONE


def _hero_section(ctx: Ctx, h: Hero) -> SheetSection:
    """Health and skill points as boxes to tick off: a ticked box is one lost or spent,
    as every track of a sheet counts (the text is what is left)."""
    points = ctx.catalog.skill_points.full
    full = full_health(ctx, h)
    health = min(max(0, h.health), full)
    skill = min(max(0, h.skill), points)
    return SheetSection(
        title="Health and skill",
        fields=(
            SheetField(
                key="health",
                label="Health",
                value=_health_text(ctx, h),
                track=(full - health, full),
            ),
            SheetField(
                key="skill",
                label="Skill points",
                value=f"{h.skill} of {points}",
                track=(points - skill, points),
            ),
            SheetField(key="condition", label="Blessed / Cursed", value=_condition(ctx, h)),
        ),
    )


def _pack_section(ctx: Ctx, h: Hero) -> SheetSection:
    own = ctx.catalog.get_hero(h.hero).with_weapon.weapon
    return SheetSection(
        title="Hero pack",
        fields=(
            SheetField(key="gold", label="Gold", value=str(h.gold)),
            SheetField(key="gear", label="Weapons & armour", value=_names(ctx, h.gear, own)),
            SheetField(key="relics", label="Relics", value=_names(ctx, h.relics)),
            SheetField(key="potions", label="Potions", value=_names(ctx, h.potions)),
            SheetField(key="key", label="Key", value=_yes(h.key)),
            SheetField(key="torch", label="Torch", value=_yes(h.torch)),
        ),
    )


def _character_section(c: Character, catalog: HeroicaCatalog) -> SheetSection:
    return SheetSection(
        title="Hero",
        fields=(
            SheetField(key="name", label="Name", value=c.name, edit="text"),
            SheetField(
                key="hero",
                label="Hero",
                value=catalog.get_hero(c.hero).name,
                edit="choice",
                choices=_hero_choices(catalog),
            ),
            SheetField(key="player", label="Player", value=c.player, edit="text"),
            SheetField(key="id", label="Figure id", value=c.id),
        ),
    )


def _status(q: Quest, h: Hero) -> str:
    if h.out:
        return "out of the game"
    if q.outcome is not None:
        return f"the quest is over: {q.outcome}"
    if q.active == h.id:
        return "acting now"
    return "waiting"


def _quest_section(q: Quest, h: Hero | None) -> SheetSection:
    title = "In the quest"
    if h is None:
        return SheetSection(title=title, text="Not on the board in this quest.")
    fields = [SheetField(key="status", label="Turn", value=_status(q, h))]
    if h.defeats:
        fields.append(SheetField(key="defeats", label="Defeated", value=f"{h.defeats}\u00d7"))
    if h.strength:
        fields.append(
            SheetField(key="strength", label="Next attack", value=f"+{h.strength} damage")
        )
    if h.lose_move:
        fields.append(SheetField(key="lose_move", label="Next turn", value="no movement"))
    return SheetSection(title=title, fields=tuple(fields))


def _subtitle(c: Character, catalog: HeroicaCatalog) -> str:
    kind = catalog.get_hero(c.hero).name
    return f"{kind} \u00b7 played by {c.player}" if c.player else kind


def card(
    c: Character, catalog: HeroicaCatalog, options: Options, quest: Quest | None = None
) -> SheetView:
    """One hero's card: from the quest when it is in one, else with its starting numbers."""
    live = quest.heroes.get(c.id) if quest is not None else None
    hero = live or _starting_hero(c, options, catalog)
    ctx = Ctx(quest if quest is not None else blank_quest(options), catalog)
    sections = [
        _skill_section(ctx, hero),
        _hero_section(ctx, hero),
        _pack_section(ctx, hero),
        _character_section(c, catalog),
    ]
    if quest is not None:  # during a quest its news comes first
        sections.insert(0, _quest_section(quest, live))
    return SheetView(
        id=c.id,
        title=label(c, catalog),
        subtitle=_subtitle(c, catalog),
        side=SIDE,
        sections=tuple(sections),
    )


def sheets(
    party: Mapping[str, Any], state: Quest | None, catalog: HeroicaCatalog
) -> list[SheetView]:
    """One card per hero, in roster order; with ``state``, the quest's numbers.  A quest
    played without a roster (the board's own heroes) has a card for each of its heroes."""
    roster = read_roster(party, catalog)
    options = state.options if state is not None else catalog.default_options()
    characters = roster.characters
    if not characters and state is not None:
        characters = tuple(
            Character(id=h.id, name=h.name, hero=h.hero) for h in state.heroes.values()
        )
    return [card(c, catalog, options, state) for c in characters]


# -- creating and editing -------------------------------------------------------------------


def _free_hero(roster: Roster, catalog: HeroicaCatalog) -> str | None:
    """The first hero kind not yet in the party."""
    taken = {c.hero for c in roster.characters}
    return next((h for h in catalog.heroes if h not in taken), None)


def creation_fields(party: Mapping[str, Any], catalog: HeroicaCatalog) -> SheetView:
    """The fields of a new hero, with the first hero kind the party lacks."""
    roster = read_roster(party, catalog)
    free = _free_hero(roster, catalog)
    taken = ", ".join(catalog.get_hero(c.hero).name for c in roster.characters) or "none yet"
    default = free or next(iter(catalog.heroes))
    return SheetView(
        id="",
        title="New hero",
        subtitle=f"In the party: {taken}",
        side=SIDE,
        sections=(
            SheetSection(
                title="Hero",
                fields=(
                    SheetField(key="name", label="Name", value="", edit="text"),
                    SheetField(key="id", label="Figure id (optional)", value="", edit="text"),
                    SheetField(
                        key="hero",
                        label="Hero",
                        value=catalog.get_hero(default).name,
                        edit="choice",
                        choices=_hero_choices(catalog),
                    ),
                    SheetField(key="player", label="Player", value="", edit="text"),
                ),
            ),
        ),
    )


def _converters(catalog: HeroicaCatalog) -> dict[str, Callable[[Any], Any]]:
    """Each editable key's check, giving the JSON value to store."""
    return {
        "name": lambda v: text_value("name", v),
        "hero": lambda v: choice_value("hero", v, catalog.heroes, "hero"),
        "player": lambda v: text_value("player", v),
    }


def _checked(party: Mapping[str, Any], catalog: HeroicaCatalog) -> dict[str, Any]:
    """The roster value, checked whole; the same value (a fresh copy) when it is good."""
    read_roster(party, catalog)
    return dict(party)


def edit_character(
    party: Mapping[str, Any], character_id: str, key: str, value: Any, catalog: HeroicaCatalog
) -> dict[str, Any]:
    """The roster with ``key`` of ``character_id`` set to ``value``; ``RosterError`` names
    the field when the value is refused (a hero kind the party has already, say)."""
    read_roster(party, catalog)
    index = index_of(party, character_id)
    convert = _converters(catalog).get(key)
    if convert is None:
        if key == "id":
            raise RosterError("id: a hero's figure id cannot be changed (the map uses it)")
        raise RosterError(f"{key}: not a field that can be edited ({', '.join(EDITABLE)})")
    characters = characters_of(party)
    characters[index] = {**characters[index], key: convert(value)}
    check_model(Character, characters[index], "hero")
    return _checked(with_characters(party, characters), catalog)


def add_character(
    party: Mapping[str, Any], values: Mapping[str, Any], catalog: HeroicaCatalog
) -> dict[str, Any]:
    """The roster with a new hero made from ``values`` (``creation_fields`` keys); its id,
    when left blank, is its hero kind's ("knight"), as a map's hero figures are named."""
    roster = read_roster(party, catalog)
    unknown = sorted(set(values) - set(CREATION_KEYS))
    if unknown:
        raise RosterError(f"{unknown[0]}: not a field of a new hero ({', '.join(CREATION_KEYS)})")
    converters = _converters(catalog)
    free = _free_hero(roster, catalog)
    if "hero" not in values and free is None:
        raise RosterError("hero: the party has one hero of every kind already")
    character: dict[str, Any] = {
        "name": converters["name"](values.get("name", "")),
        "hero": converters["hero"](values["hero"]) if "hero" in values else free,
        "player": converters["player"](values.get("player", "")),
    }
    taken = {c.id for c in roster.characters}
    character = {"id": new_id(values.get("id", ""), taken, character["hero"]), **character}
    check_model(Character, character, "hero")
    return _checked(with_characters(party, [*characters_of(party), character]), catalog)


def remove_character(party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
    """The roster without ``character_id``; ``RosterError`` when it has none of that id."""
    return without_character(party, character_id)
