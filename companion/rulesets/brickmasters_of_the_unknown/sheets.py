"""The roster's character sheets, the character creator's fields and edits
(``CharacterSheets``), as a mixin the plugin class inherits (``BmotuSheets``).

The window shows a ``SheetView`` (``companion.gui.roster``) and prints it to PDF
(``companion.printing.roster``); nothing here is Qt.  A stat's field carries its die
(``SheetField.die``), so the sheet draws a d10 as a d10.  Creation follows
``creation.create`` (every refusal as ``field: why``); edits check the whole roster again,
so an edit can never leave a roster the game would refuse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from companion.rules.rosters import (
    RosterError,
    characters_of,
    choice_value,
    index_of,
    new_id,
    text_value,
    whole_number,
    with_characters,
    without_character,
    yes_no,
)
from companion.rules.table import RosterFigure, SheetField, SheetSection, SheetView
from companion.rulesets.brickmasters_of_the_unknown import between
from companion.rulesets.brickmasters_of_the_unknown.catalog import BmotuCatalog, default_catalog
from companion.rulesets.brickmasters_of_the_unknown.character import (
    Character,
    Money,
    Roster,
    armour_max,
    armour_value,
    base_move,
    can_cast,
    combat_move,
    money_in_brown,
    once_a_day_left,
    read_roster,
    spells_known_allowed,
)
from companion.rulesets.brickmasters_of_the_unknown.creation import Choices, create
from companion.rulesets.brickmasters_of_the_unknown.dtypes import dtype_name
from companion.rulesets.brickmasters_of_the_unknown.schema import STATS

#: The sides of a new roster.
BLANK_SIDES = ("red", "blue")
#: A choice of nothing.
NONE = "none"
#: Keys ``edit_character`` changes.
EDITABLE = (
    "name",
    "side",
    "broken",
    "demibumps",
    "yellow",
    "grey",
    "brown",
    "career",
    "printed_torso",
    "between",
    "spend",
    "prepare",
)
#: How many weapons and casting items the creator offers a choice for.
WEAPON_SLOTS = 2


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _names(ids: tuple[str, ...], table: Mapping[str, Any]) -> str:
    """``("fast", "fast", "tough")`` as "Fast ×2, Tough"; "—" for none."""
    if not ids:
        return "\u2014"
    counts = Counter(ids)
    return ", ".join(table[i].name + (f" \u00d7{n}" if n > 1 else "") for i, n in counts.items())


# -- reading --------------------------------------------------------------------------


def blank_roster() -> dict[str, Any]:
    return Roster(sides=BLANK_SIDES).model_dump(mode="json", by_alias=True)


def roster_figures(party: Mapping[str, Any], catalog: BmotuCatalog) -> list[RosterFigure]:
    return [
        RosterFigure(id=c.id, name=c.label, side=c.side, class_id=c.class_id)
        for c in read_roster(party, catalog).characters
    ]


# -- the sheet ------------------------------------------------------------------------


def _minifig_section(c: Character, roster: Roster, catalog: BmotuCatalog) -> SheetSection:
    cls = catalog.get_class(c.class_id)
    fields = [
        SheetField(key="name", label="Name", value=c.name, edit="text"),
        SheetField(
            key="side",
            label="Side",
            value=c.side,
            edit="choice",
            choices=tuple((s, s) for s in roster.sides),
        ),
        SheetField(key="class", label="Class", value=cls.name + (" (fey)" if cls.fey else "")),
        SheetField(
            key="move",
            label="Move",
            value=f"{base_move(c, catalog)} studs, {combat_move(c, catalog)} in combat",
        ),
    ]
    return SheetSection(title="Minifig", fields=tuple(fields))


def _dice_section(c: Character) -> SheetSection:
    return SheetSection(
        title="Dice",
        fields=tuple(
            SheetField(
                key=s.value,
                label=s.value.capitalize(),
                value=dtype_name(c.dtype(s)),
                die=c.dtype(s),
            )
            for s in STATS
        ),
    )


def _gimmick_section(c: Character, catalog: BmotuCatalog) -> SheetSection:
    left = once_a_day_left(c, catalog)
    fields: list[SheetField] = []
    for g, n in Counter(c.gimmicks).items():
        gimmick = catalog.get_gimmick(g)
        label = gimmick.name + (f" \u00d7{n}" if n > 1 else "")
        if g in left:
            fields.append(
                SheetField(
                    key=f"gimmick_{g}",
                    label=label,
                    value=f"{left[g]} of {n} left today",
                    track=(n - left[g], n),
                )
            )
        else:
            fields.append(SheetField(key=f"gimmick_{g}", label=label, value=gimmick.quote))
    if "professional" in c.gimmicks:
        fields.append(SheetField(key="career", label="Career", value=c.career, edit="text"))
    if not fields:
        fields.append(SheetField(key="gimmicks", label="Gimmicks", value="\u2014"))
    return SheetSection(title="Gimmicks", fields=tuple(fields))


def _armour_section(c: Character, catalog: BmotuCatalog) -> SheetSection:
    worn = len(c.armour)
    total = worn + len(c.armour_discarded)
    cap = armour_max(c, catalog)
    fields = [
        SheetField(
            key="armour_value",
            label="Armour value",
            value=str(armour_value(c, catalog)),
        ),
        SheetField(
            key="armour_pieces",
            label="Pieces worn",
            value=f"{worn} of {total}" + (f" (max {cap})" if cap is not None else ""),
            # a box ticked for each piece knocked off, as hits are ticked
            track=(total - worn, total),
        ),
    ]
    fields += [
        SheetField(key=f"worn_{a}", label=catalog.get_armour(a).name, value="worn")
        for a in c.armour
    ]
    fields += [
        SheetField(key=f"off_{a}", label=catalog.get_armour(a).name, value="discarded")
        for a in c.armour_discarded
    ]
    fields.append(
        SheetField(
            key="printed_torso",
            label="Armour-printed torso",
            value=_yes(c.printed_torso),
            edit="bool",
        )
    )
    return SheetSection(title="Armour", fields=tuple(fields))


def _weapon_text(weapon_id: str, catalog: BmotuCatalog) -> str:
    w = catalog.get_weapon(weapon_id)
    uses = ", ".join(f"{u.kind.value} {u.range_studs}" for u in w.uses)
    return f"{uses} studs; {catalog.damage_class(weapon_id).name.lower()}"


def _gear_section(c: Character, catalog: BmotuCatalog) -> SheetSection:
    fields = [
        SheetField(
            key=f"weapon_{i}", label=catalog.get_weapon(w).name, value=_weapon_text(w, catalog)
        )
        for i, w in enumerate(c.weapons)
    ]
    if not c.weapons:
        fields.append(SheetField(key="weapons", label="Weapons", value="unarmed"))
    fields.append(SheetField(key="items", label="Items", value=_names(c.items, catalog.items)))
    fields.append(SheetField(key="gems", label="Gems", value=_names(c.gems, catalog.gems)))
    return SheetSection(title="Weapons and gear", fields=tuple(fields))


def _spell_section(c: Character, catalog: BmotuCatalog) -> SheetSection:
    if not c.spells_known and not catalog.can_cast_die(c.cast):
        return SheetSection(title="Spells", text="Cast d4 or lower: no spells (L113).")
    per_day = c.spells_per_day
    left = None if per_day is None else max(per_day - c.spells_cast_today, 0)
    fields = [
        SheetField(
            key="spells_known",
            label=f"Known ({len(c.spells_known)} of {spells_known_allowed(c, catalog)})",
            value=_names(c.spells_known, catalog.spells),
        ),
        SheetField(
            key="spells_prepared",
            label="Prepared today",
            value=_names(c.spells_prepared, catalog.spells),
        ),
        SheetField(
            key="spells_left",
            label="Spells left today",
            value="not rolled yet" if per_day is None else f"{left} of {per_day}",
            # a box ticked for each spell cast today
            track=None if per_day is None or left is None else (per_day - left, per_day),
        ),
        SheetField(
            key="casting_gear",
            label="Casting gear",
            value="carried" if can_cast(c, catalog) else "none: cannot cast (L113)",
        ),
    ]
    return SheetSection(title="Spells", fields=tuple(fields))


def _status_section(c: Character, catalog: BmotuCatalog) -> SheetSection:
    worth = money_in_brown(c.money, catalog)
    return SheetSection(
        title="Status and purse",
        fields=(
            SheetField(key="broken", label="Broken", value=_yes(c.broken), edit="bool"),
            SheetField(
                key="demibumps",
                label="Demibumps",
                value=str(c.demibumps),
                edit="int",
                minimum=0,
                maximum=100_000,
            ),
            SheetField(
                key="yellow",
                label="Yellow pips",
                value=str(c.money.yellow),
                edit="int",
                minimum=0,
                maximum=100_000,
            ),
            SheetField(
                key="grey",
                label="Grey pips",
                value=str(c.money.grey),
                edit="int",
                minimum=0,
                maximum=100_000,
            ),
            SheetField(
                key="brown",
                label="Brown pips",
                value=str(c.money.brown),
                edit="int",
                minimum=0,
                maximum=100_000,
            ),
            SheetField(key="worth", label="Worth", value=f"{worth} brown pips"),
        ),
    )


#: The "Between encounters" tools a sheet offers (``edit_character`` key ``between``).
BETWEEN_TOOLS = (
    ("armour_back", "Armour back after combat (L146)"),
    ("reassemble", "Reassemble the broken minifig (L134)"),
    ("new_day", "A new day: once-a-day gimmicks back"),
)


def _spend_choices(c: Character, catalog: BmotuCatalog) -> tuple[tuple[str, str], ...]:
    """What demibumps can buy now, with the price in DB (L150)."""
    out: list[tuple[str, str]] = [("", "— choose —")]
    for s in STATS:
        die = c.dtype(s)
        try:
            cost = between.bump_cost(die, catalog)
        except between.BetweenError:
            continue
        out.append((f"bump:{s.value}", f"Bump {s.value} {dtype_name(die)} → up: {cost} DB"))
    if catalog.can_cast_die(c.cast):
        out += [
            (f"spell:{sp}", f"Learn {d.name}: {between.spell_cost(catalog)} DB")
            for sp, d in catalog.spells.items()
            if sp not in c.spells_known
        ]
    out += [
        (f"gimmick:{g}", f"Add {d.name}: {between.gimmick_cost(c, g, catalog)} DB")
        for g, d in catalog.gimmicks.items()
        if not d.chosen_career
    ]
    return tuple(out)


def _between_section(c: Character, catalog: BmotuCatalog) -> SheetSection:
    return SheetSection(
        title="Between encounters",
        fields=(
            SheetField(
                key="between",
                label="Tool",
                value="",
                edit="choice",
                choices=(("", "— choose —"), *BETWEEN_TOOLS),
            ),
            SheetField(
                key="prepare",
                label="Prepare spells (3 Cast rolls: spells)",
                value="",
                edit="text",
            ),
            SheetField(
                key="spend",
                label=f"Spend demibumps ({c.demibumps} DB)",
                value="",
                edit="choice",
                choices=_spend_choices(c, catalog),
            ),
        ),
    )


def _subtitle(c: Character, catalog: BmotuCatalog) -> str:
    cls = catalog.get_class(c.class_id)
    dice = " ".join(f"{s.value[0].upper()}{dtype_name(c.dtype(s))}" for s in STATS)
    broken = " \u00b7 BROKEN" if c.broken else ""
    return f"{cls.name} \u00b7 {dice} \u00b7 move {base_move(c, catalog)}{broken}"


def sheet_of(c: Character, roster: Roster, catalog: BmotuCatalog) -> SheetView:
    return SheetView(
        id=c.id,
        title=c.label,
        subtitle=_subtitle(c, catalog),
        side=c.side,
        sections=(
            _minifig_section(c, roster, catalog),
            _dice_section(c),
            _gimmick_section(c, catalog),
            _armour_section(c, catalog),
            _gear_section(c, catalog),
            _spell_section(c, catalog),
            _status_section(c, catalog),
            _between_section(c, catalog),
        ),
    )


def _encounter_section(fig: Any, state: Any, catalog: BmotuCatalog) -> SheetSection:
    """The encounter's numbers of a figure (``state.Fig``): broken, armour left, spells
    left, initiative, once-a-day gimmicks used."""
    start = len(fig.armour_start) or len(fig.armour)
    worn = len(fig.armour)
    fields = [
        SheetField(key="game_round", label="Round", value=f"{state.round}, {state.phase}"),
        SheetField(key="game_broken", label="Broken", value=_yes(fig.broken)),
        SheetField(
            key="game_armour",
            label="Armour worn",
            value=f"{worn} of {start}",
            track=(max(start - worn, 0), start),
        ),
        SheetField(
            key="game_initiative",
            label="Initiative",
            value="—" if fig.initiative is None else str(fig.initiative),
        ),
    ]
    if fig.spells_known:
        fields.append(
            SheetField(key="game_spells", label="Spells left today", value=str(fig.spells_left))
        )
    if fig.used:
        names = ", ".join(
            catalog.get_gimmick(g).name for g in sorted(fig.used) if g in catalog.gimmicks
        )
        fields.append(SheetField(key="game_used", label="Used today", value=names or "—"))
    return SheetSection(title="This encounter", fields=tuple(fields))


def sheets(
    party: Mapping[str, Any], catalog: BmotuCatalog, state: Any | None = None
) -> list[SheetView]:
    """One sheet per minifig; with an encounter's ``state``, its numbers come first."""
    roster = read_roster(party, catalog)
    out = []
    figs = getattr(state, "figs", None) if state is not None else None
    for c in roster.characters:
        view = sheet_of(c, roster, catalog)
        fig = figs.get(c.id) if isinstance(figs, Mapping) else None
        if fig is not None:
            view = view.model_copy(
                update={"sections": (_encounter_section(fig, state, catalog), *view.sections)}
            )
        out.append(view)
    return out


# -- the creator ----------------------------------------------------------------------


def _choices(table: Mapping[str, Any], none: str = "") -> tuple[tuple[str, str], ...]:
    listed = tuple((i, d.name) for i, d in table.items())
    return ((NONE, none), *listed) if none else listed


def _exchanges() -> tuple[tuple[str, str], ...]:
    """Generalist's exchanges as choices: ``"fight+shoot"`` = Fight d10 and Shoot d6."""
    return tuple(
        (f"{a.value}+{b.value}", f"{a.value.capitalize()} d10, {b.value.capitalize()} d6 → d8s")
        for a in STATS
        for b in STATS
        if a != b
    )


def creation_fields(party: Mapping[str, Any], catalog: BmotuCatalog) -> SheetView:
    """The creator's fields: class, bumps down of Adventure (a gimmick each), gimmicks,
    Generalist's exchange, armour, weapons, casting gear, spells and purse."""
    roster = read_roster(party, catalog)
    first = next(iter(catalog.classes.values()))
    gimmick_names = ", ".join(g.name for g in catalog.gimmicks.values())
    who = SheetSection(
        title="Minifig",
        fields=(
            SheetField(key="name", label="Name", value="", edit="text"),
            SheetField(key="id", label="Figure id (optional)", value="", edit="text"),
            SheetField(
                key="side",
                label="Side",
                value=roster.sides[0],
                edit="choice",
                choices=tuple((s, s) for s in roster.sides),
            ),
            SheetField(
                key="class",
                label="Class",
                value=first.name,
                edit="choice",
                choices=_choices(catalog.classes),
            ),
        ),
    )
    bumps = SheetSection(
        title="Bumps and gimmicks",
        fields=(
            SheetField(
                key="adventure_bumps_down",
                label="Adventure bumps down",
                value="0",
                edit="int",
                minimum=0,
                maximum=7,
            ),
            SheetField(key="gimmicks", label="Gimmicks (commas)", value="", edit="text"),
            SheetField(key="career", label="Career (Professional)", value="", edit="text"),
            SheetField(
                key="exchange",
                label="Generalist exchange",
                value="",
                edit="choice",
                choices=(("", "no exchange"), *_exchanges()),
            ),
        ),
    )
    removable = {a: d for a, d in catalog.armour.items() if d.removable}
    armour = SheetSection(
        title="Armour",
        fields=(
            SheetField(key="armour", label="Armour (commas)", value="", edit="text"),
            SheetField(key="printed_torso", label="Armour-printed torso", value="no", edit="bool"),
        ),
    )
    weapons = {w: d for w, d in catalog.weapons.items() if not d.natural}
    gear = SheetSection(
        title="Weapons, gear, spells",
        fields=(
            *(
                SheetField(
                    key=f"weapon_{i + 1}",
                    label=f"Weapon {i + 1}",
                    value=NONE,
                    edit="choice",
                    choices=_choices(weapons, "none"),
                )
                for i in range(WEAPON_SLOTS)
            ),
            SheetField(
                key="casting_item",
                label="Casting gear",
                value=NONE,
                edit="choice",
                choices=_choices(
                    {i: d for i, d in catalog.items.items() if d.casting_gear}, "none"
                ),
            ),
            SheetField(key="spells", label="Spells (commas)", value="", edit="text"),
            SheetField(
                key="yellow",
                label="Yellow pips",
                value="0",
                edit="int",
                minimum=0,
                maximum=100_000,
            ),
        ),
    )
    return SheetView(
        id="",
        title="New minifig",
        subtitle=(
            "One gimmick for each bump down of Adventure; the fey get theirs free, an "
            f"Adventurer one of choice (L33). Gimmicks: {gimmick_names}. Armour: "
            f"{', '.join(d.name for d in removable.values())}. Spells: Cast above d4 "
            "knows ½ its die (L115)."
        ),
        side=roster.sides[0],
        sections=(who, bumps, armour, gear),
    )


def _ids(key: str, text: Any, table: Mapping[str, Any], what: str) -> tuple[str, ...]:
    """Comma-separated names or ids ("Fast, burglar, Kung-Fu") as ids."""
    if text in (None, ""):
        return ()
    if not isinstance(text, str):
        raise RosterError(f"{key}: give names separated by commas, not {text!r}")
    by_name = {d.name.lower(): i for i, d in table.items()}
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        ident = by_name.get(part.lower(), part.lower().replace(" ", "_").replace("-", "_"))
        if ident not in table:
            known = ", ".join(d.name for d in table.values())
            raise RosterError(f"{key}: unknown {what} {part!r} (one of: {known})")
        out.append(ident)
    return tuple(out)


def _optional(key: str, value: Any, table: Mapping[str, Any], what: str) -> str | None:
    if value in (None, "", NONE):
        return None
    return choice_value(key, value, table, what)


def choices_from(values: Mapping[str, Any], roster: Roster, catalog: BmotuCatalog) -> Choices:
    """The creator's form as :class:`Choices`; ``RosterError`` naming a bad field."""
    taken = {c.id for c in roster.characters}
    name = text_value("name", values.get("name", ""))
    class_id = choice_value("class", values.get("class"), catalog.classes, "class")
    side = choice_value("side", values.get("side"), {s: s for s in roster.sides}, "side")
    pairs = dict(_exchanges())
    swap = values.get("exchange") or ""
    if swap and swap not in pairs:
        raise RosterError(f"exchange: {swap!r} is not a d10 stat and a d6 stat, as 'fight+shoot'")
    d10, d6 = swap.split("+") if swap else (None, None)
    removable = {a: d for a, d in catalog.armour.items() if d.removable}
    armour = _ids("armour", values.get("armour"), removable, "armour piece")
    weapons = tuple(
        w
        for i in range(WEAPON_SLOTS)
        if (
            w := _optional(
                f"weapon_{i + 1}", values.get(f"weapon_{i + 1}"), catalog.weapons, "weapon"
            )
        )
    )
    gear = _optional("casting_item", values.get("casting_item"), catalog.items, "item")
    return Choices(
        id=new_id(values.get("id", ""), taken, name, class_id),
        name=name,
        side=side,
        class_id=class_id,
        adventure_bumps_down=whole_number(
            "adventure_bumps_down", values.get("adventure_bumps_down", 0)
        ),
        gimmicks=_ids("gimmicks", values.get("gimmicks"), catalog.gimmicks, "gimmick"),
        career=text_value("career", values.get("career", "")),
        exchange_d10=d10,
        exchange_d6=d6,
        armour=armour,
        printed_torso=yes_no("printed_torso", values.get("printed_torso", False)),
        weapons=weapons,
        items=(gear,) if gear else (),
        spells=_ids("spells", values.get("spells"), catalog.spells, "spell"),
        money=Money(yellow=whole_number("yellow", values.get("yellow", 0))),
    )


def add_character(
    party: Mapping[str, Any], values: Mapping[str, Any], catalog: BmotuCatalog
) -> dict[str, Any]:
    """The roster with the new minifig; ``RosterError`` with every reason it is refused."""
    roster = read_roster(party, catalog)
    character = create(choices_from(values, roster, catalog), catalog)
    raw = character.model_dump(mode="json", by_alias=True)
    out = with_characters(party, [*characters_of(party), raw])
    read_roster(out, catalog)
    return out


# -- editing --------------------------------------------------------------------------


def _converters(roster: Roster) -> dict[str, Callable[[Any], Any]]:
    sides = {s: s for s in roster.sides}
    return {
        "name": lambda v: text_value("name", v),
        "side": lambda v: choice_value("side", v, sides, "side"),
        "broken": lambda v: yes_no("broken", v),
        "printed_torso": lambda v: yes_no("printed_torso", v),
        "demibumps": lambda v: whole_number("demibumps", v),
        "yellow": lambda v: whole_number("yellow", v),
        "grey": lambda v: whole_number("grey", v),
        "brown": lambda v: whole_number("brown", v),
        "career": lambda v: text_value("career", v),
    }


def _tool(c: Character, key: str, value: Any, catalog: BmotuCatalog) -> Character:
    """A between-encounters tool applied to ``c`` (``between.py``)."""
    if not isinstance(value, str):
        raise RosterError(f"{key}: give a choice, not {value!r}")
    if key == "between":
        if value == "armour_back":
            return between.after_combat(c)
        if value == "reassemble":
            return between.reassemble(c)
        if value == "new_day":
            return c.model_copy(update={"used_today": (), "spells_cast_today": 0})
        raise RosterError(f"between: unknown tool {value!r}")
    if key == "spend":
        kind, _, what = value.partition(":")
        if kind == "bump":
            return between.spend_on_bump(c, what, catalog)
        if kind == "spell":
            return between.spend_on_spell(c, what, catalog)
        if kind == "gimmick":
            return between.spend_on_gimmick(c, what, catalog)
        raise RosterError(f"spend: unknown purchase {value!r}")
    # prepare: "5 3 2: Zap/blast, Heal"
    rolls_text, colon, spells_text = value.partition(":")
    if not colon:
        raise RosterError("prepare: write the three Cast rolls, a colon, then the spells")
    try:
        rolls = [int(r) for r in rolls_text.replace(",", " ").split()]
    except ValueError:
        raise RosterError(f"prepare: {rolls_text.strip()!r} are not rolls") from None
    spells = _ids("prepare", spells_text, catalog.spells, "spell")
    return between.prepare_spells(c, rolls, spells, catalog)


def edit_character(
    party: Mapping[str, Any], character_id: str, key: str, value: Any, catalog: BmotuCatalog
) -> dict[str, Any]:
    """The roster with one field of one minifig changed, or a between-encounters tool
    applied (``between``, ``spend``, ``prepare``), checked whole again."""
    roster = read_roster(party, catalog)
    if key in ("between", "spend", "prepare"):
        index = index_of(party, character_id)
        if value in (None, ""):
            return dict(party)
        c = _tool(roster.characters[index], key, value, catalog)
        characters = characters_of(party)
        characters[index] = c.model_dump(mode="json", by_alias=True)
        out = with_characters(party, characters)
        read_roster(out, catalog)
        return out
    converters = _converters(roster)
    if key not in converters:
        raise RosterError(f"{key}: not a field that can be changed ({', '.join(EDITABLE)})")
    index = index_of(party, character_id)
    stored = converters[key](value)
    characters = characters_of(party)
    if key in ("yellow", "grey", "brown"):
        if stored < 0:
            raise RosterError(f"{key}: a purse holds no negative pips")
        money = dict(characters[index].get("money", {}))
        money[key] = stored
        characters[index]["money"] = money
    else:
        characters[index][key] = stored
    out = with_characters(party, characters)
    read_roster(out, catalog)
    return out


class BmotuSheets:
    """``CharacterSheets`` for Brickmasters of the Unknown, for the plugin to inherit.

    Uses ``self.catalog`` when the plugin has one, else the bundled catalog.
    """

    #: A game may take its figures from the map (mooks) without a roster.
    roster_required: bool = False

    def _sheet_catalog(self) -> BmotuCatalog:
        catalog = getattr(self, "catalog", None)
        return catalog if isinstance(catalog, BmotuCatalog) else default_catalog()

    def blank_roster(self) -> dict[str, Any]:
        return blank_roster()

    def check_roster(self, party: Mapping[str, Any]) -> None:
        read_roster(party, self._sheet_catalog())

    def sheets(self, party: Mapping[str, Any], state: Any | None = None) -> list[SheetView]:
        return sheets(party, self._sheet_catalog(), state)

    def roster_figures(self, party: Mapping[str, Any]) -> list[RosterFigure]:
        return roster_figures(party, self._sheet_catalog())

    def creation_fields(self, party: Mapping[str, Any]) -> SheetView:
        return creation_fields(party, self._sheet_catalog())

    def add_character(self, party: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        return add_character(party, values, self._sheet_catalog())

    def edit_character(
        self, party: Mapping[str, Any], character_id: str, key: str, value: Any
    ) -> dict[str, Any]:
        return edit_character(party, character_id, key, value, self._sheet_catalog())

    def remove_character(self, party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
        read_roster(party, self._sheet_catalog())
        return without_character(party, character_id)
