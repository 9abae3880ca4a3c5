"""The party sheet of a QUBQST game (``GameSheets``): each character's Hit Power, WEK,
Casting Points, and the party's gold, gems, items, score and cube."""

from __future__ import annotations

from companion.rules.sheet_views import SheetField, SheetSection, SheetView
from companion.rulesets.qubqst.resolve import score_of
from companion.rulesets.qubqst.state import Game


def game_sheets(game: Game) -> list[SheetView]:
    out = []
    for cid in game.party_ids:
        c = game.characters[cid]
        state = "dead" if c.dead else "on 0 Hit Power" if c.down else "WEK" if c.weak else "able"
        sections = [
            SheetSection(
                title="Hit Power",
                fields=(
                    SheetField(
                        key="hit_power",
                        label="Hit Power",
                        value=f"{c.hit_power}/{c.max_hit_power}",
                        track=(c.hit_power, c.max_hit_power),
                    ),
                ),
            )
        ]
        top = game.cards.characters[cid].casting_points
        if top > 0:
            sections.append(
                SheetSection(
                    title="Casting Points",
                    fields=(
                        SheetField(
                            key="casting_points",
                            label="Casting Points",
                            value=f"{c.casting_points}/{top}",
                            track=(c.casting_points, max(top, c.casting_points)),
                        ),
                    ),
                )
            )
        sections.append(
            SheetSection(
                title="State", fields=(SheetField(key="state", label="State", value=state),)
            )
        )
        out.append(
            SheetView(
                id=cid,
                title=c.name,
                subtitle=f"{cid.upper()} · {state}",
                side="party",
                sections=tuple(sections),
            )
        )
    p = game.party
    enc = game.encounter
    discarded = [c.id for c in game.cubes.values() if c.discarded]
    fields = (
        SheetField(key="gold", label="Gold Pieces", value=str(p.gold)),
        SheetField(key="gems", label="Gems", value=str(p.gems)),
        SheetField(key="normal_item", label="Normal item", value=(p.normal_item or "-").upper()),
        SheetField(key="magic_item", label="Magic item", value=(p.magic_item or "-").upper()),
        SheetField(key="defeated", label="Creatures defeated", value=str(p.defeated)),
        SheetField(key="score", label="Score", value=str(score_of(game))),
        SheetField(key="cube", label="Cube", value=enc.cube if enc else "-"),
        SheetField(key="discarded", label="Discarded cubes", value=", ".join(discarded) or "-"),
    )
    out.append(
        SheetView(
            id="party",
            title="Party",
            subtitle=game.options.mode,
            side="party",
            sections=(SheetSection(title="Treasure and the catacomb", fields=fields),),
        )
    )
    return out
