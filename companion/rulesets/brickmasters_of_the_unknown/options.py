"""The loose places of the text as options: each with its default, what it means and the
sentence it reads (RULESETS.md §3.8 and issue 21).  ``Options`` is what the rules read;
``option_specs`` is what the New Game dialog and ``game new --option`` show."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.rules.table import OptionSpec


class Options(BaseModel):
    """The encounter's readings of the text's loose places."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    move_unit_studs: int = Field(default=1, ge=1, le=8)
    armour_slows_others: Literal["after_first", "every_piece"] = "after_first"
    mooks_slowed_by_armour: bool = False
    goblin_mook_move: Literal["printed", "ten"] = "printed"
    range_measure: Literal["gap", "centre"] = "gap"
    base_radius_studs: float = Field(default=1.0, ge=0.5, le=4.0)
    initiative_ties: Literal["reroll", "move", "order"] = "reroll"
    flee_ties: Literal["fail", "flee", "reroll"] = "fail"
    opposed_ties: Literal["nobody", "reroll"] = "nobody"
    tie_damage: Literal["discard", "hit"] = "discard"
    half_rounding: Literal["down", "up", "nearest"] = "down"
    damage_classes: bool = False
    unopposed_effect: Literal["over_four", "roll"] = "over_four"
    gems_need_caster: bool = False
    fight_needs_arc: bool = True
    auto_discard_items: bool = True
    fall_level_bricks: int = Field(default=3, ge=1, le=30)
    tall_height_bricks: int = Field(default=2, ge=1, le=10)


_SPECS: tuple[dict[str, Any], ...] = (
    {
        "key": "move_unit_studs",
        "label": "Studs per point of move",
        "kind": "number",
        "minimum": 1,
        "maximum": 8,
        "help": "The text never names move's unit; ranges are in studs, so one point of "
        "move is read as one stud of combat movement.",
        "quote": "is the shortest number of studs between two figures.",
    },
    {
        "key": "armour_slows_others",
        "label": "Other classes lose 1 move per piece",
        "kind": "choice",
        "choices": (("after_first", "after the first"), ("every_piece", "for every piece")),
        "help": "Fighters and Rogues count pieces after the first; for the others the text "
        "says only 1:1.",
        "quote": "All else, move is reduced 1:1.",
    },
    {
        "key": "mooks_slowed_by_armour",
        "label": "Mooks' move is slowed by their armour",
        "kind": "switch",
        "help": "Off: a mook's printed move is its combat move (the table lists move beside "
        "its worn armour).",
        "quote": "Armor is worn+inherent",
    },
    {
        "key": "goblin_mook_move",
        "label": "The Goblin mook's move",
        "kind": "choice",
        "choices": (("printed", "1, as printed"), ("ten", "10, like the fey Goblin")),
        "help": "The mook table prints 1; the fey Goblin moves 10.",
        "quote": "Goblin	d4	d8	d2	d3	1	1+1	cunning",
    },
    {
        "key": "range_measure",
        "label": "Range is measured",
        "kind": "choice",
        "choices": (("gap", "base edge to base edge"), ("centre", "centre to centre")),
        "help": "The shortest number of studs between two figures: between their bases' edges.",
        "quote": "is the shortest number of studs between two figures.",
    },
    {
        "key": "base_radius_studs",
        "label": "Base radius (studs)",
        "kind": "decimal",
        "minimum": 0.5,
        "maximum": 4.0,
        "help": "A minifig on a round 2x2 base: radius 1 stud.",
        "quote": "is the shortest number of studs between two figures.",
    },
    {
        "key": "initiative_ties",
        "label": "Tied initiative",
        "kind": "choice",
        "choices": (
            ("reroll", "tied figures roll a d6 again"),
            ("move", "the higher current move first"),
            ("order", "the order figures were placed"),
        ),
        "help": "The text gives no order for equal initiative.",
        "quote": "Each figure rolls initiative for the entire encounter (1d6 + current move).",
    },
    {
        "key": "flee_ties",
        "label": "Tied poltroonery",
        "kind": "choice",
        "choices": (
            ("fail", "the flight fails"),
            ("flee", "the flight succeeds"),
            ("reroll", "both roll again"),
        ),
        "help": "Only a win lets the fleeing figure go; a tie is not a win.",
        "quote": "if the fleeing figure wins, make an immediate move away from the attacker",
    },
    {
        "key": "opposed_ties",
        "label": "Tied opposed adventure rolls",
        "kind": "choice",
        "choices": (("nobody", "nobody wins"), ("reroll", "both roll again")),
        "help": "High roll wins; the text says nothing of a tie.",
        "quote": "both roll adventure, high roll wins",
    },
    {
        "key": "tie_damage",
        "label": "A tied fight",
        "kind": "choice",
        "choices": (
            ("discard", "discards one armour piece (the hit lands if none is left)"),
            ("hit", "is 1 hit through armour value, and discards a piece"),
        ),
        "help": "Subtracting armour value would cancel the tie's hit: by default the tie "
        "strips one piece.",
        "quote": "Ties cause 1 hit to each, and discards one item of armor.",
    },
    {
        "key": "half_rounding",
        "label": "Halves round",
        "kind": "choice",
        "choices": (("down", "down"), ("up", "up"), ("nearest", "to nearest, half up")),
        "help": "Light weapons' ½ hits and the spells' ½ effect.",
        "quote": "Light	Dagger, hatchet, small club, thrown, improvised	1/2",
    },
    {
        "key": "damage_classes",
        "label": "Damage classes (light ½, heavy 2x)",
        "kind": "switch",
        "help": "Off: every weapon does the same hits.",
        "quote": "Optionally, weapon type can be accounted for as follows:",
    },
    {
        "key": "unopposed_effect",
        "label": "A spell nobody opposes",
        "kind": "choice",
        "choices": (
            ("over_four", "rolls against 4: effect is the roll over 4"),
            ("roll", "its effect is the caster's roll"),
        ),
        "help": "Walls, Raise and spells on a willing friend have no Cast to roll against; "
        "by default they roll against the passive 4.",
        "quote": "A roll of 4+ is required for success for passive situations",
    },
    {
        "key": "gems_need_caster",
        "label": "Gems need Cast above d4 and gear",
        "kind": "switch",
        "help": "Off: a gem lets any figure cast its spell with its own Cast.",
        "quote": "These allow a figure to cast the associated spell using their Cast Stat.",
    },
    {
        "key": "fight_needs_arc",
        "label": "A fight's winner hits only into its front",
        "kind": "switch",
        "help": "On: a winner whose foe is behind its forward semicircle scores no hits.",
        "quote": "A figure can attack or shoot into its forward semicircle",
    },
    {
        "key": "auto_discard_items",
        "label": "Capes, staves, headgear and hand weapons absorb hits",
        "kind": "switch",
        "help": "On: once the armour is gone such items are discarded, one per hit, "
        "before the figure breaks.",
        "quote": "Figures may discard a cape, staff, headgear or hand weapon to absorb one "
        "hit (each) if no armor remains.",
    },
    {
        "key": "fall_level_bricks",
        "label": "Bricks in one level of a fall",
        "kind": "number",
        "minimum": 1,
        "maximum": 30,
        "help": "A figure whose move drops it this many bricks or more falls: d3 hits a level.",
        "quote": "Falling causes d3 hits per level",
    },
    {
        "key": "tall_height_bricks",
        "label": "Walls block sight and moves from (bricks)",
        "kind": "number",
        "minimum": 1,
        "maximum": 10,
        "help": "A cell this many bricks above a figure blocks its move and its line of sight.",
        "quote": "shooting requires a line of site.",
    },
)


def option_specs() -> tuple[OptionSpec, ...]:
    """Every option with its default (``Options``'), label, help and quoted sentence."""
    defaults = Options()
    return tuple(OptionSpec(default=getattr(defaults, spec["key"]), **spec) for spec in _SPECS)
