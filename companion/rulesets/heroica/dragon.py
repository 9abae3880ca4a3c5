"""The Dragon atop Lava Mountain: where it is, when it wakes, what its health is on.

"The dragon awakes as soon as a hero enters Lava Mountain. Once this happens (and each
round of the table after), roll the Character Die."  Its fire attack and its generators
are resolved in ``resolve``; this module holds what the views and the validator read too.
"""

from __future__ import annotations

from companion.rulesets.heroica.rules import Ctx
from companion.rulesets.heroica.schema import Rank
from companion.rulesets.heroica.state import Monster, Quest

#: The realm whose location wakes the Dragon (``fire_attack.wakes_in`` in the data).
LAVA = "lava_mountain"


def dragon_of(ctx: Ctx, q: Quest) -> Monster | None:
    """The Dragon on the board, if there is one."""
    return next(
        (m for m in q.monsters.values() if ctx.catalog.monsters[m.kind].rank == Rank.DRAGON),
        None,
    )


def lava_cells(q: Quest) -> set[tuple[int, int]]:
    """The spaces of Lava Mountain's locations."""
    out: set[tuple[int, int]] = set()
    for loc in q.locations.values():
        if loc.realm == LAVA:
            out |= loc.cells
    return out


def should_wake(ctx: Ctx, q: Quest) -> bool:
    """A Dragon still asleep with a hero in Lava Mountain."""
    if q.dragon_awake or dragon_of(ctx, q) is None:
        return False
    lava = lava_cells(q)
    return any(h.at in lava for h in q.in_play())
