"""The exact odds of a QUBQST fight from its two pools of Combat Cubes (3 blank, 2 hit,
1 critical worth 2), computed, not sampled."""

from __future__ import annotations

from functools import cache

#: The hits of each face of a Combat Cube (face 1 first): 3 blank, 2 hit, 1 critical.
HITS_PER_FACE = (0, 0, 0, 1, 1, 2)
#: Hits of one Combat Cube -> probability.
ONE = {h: HITS_PER_FACE.count(h) / 6 for h in set(HITS_PER_FACE)}


@cache
def hits(n: int) -> tuple[float, ...]:
    """The chance of each total of hits rolling ``n`` Combat Cubes (index = hits)."""
    dist = [1.0]
    for _ in range(n):
        new = [0.0] * (len(dist) + 2)
        for total, p in enumerate(dist):
            for h, q in ONE.items():
                new[total + h] += p * q
        dist = new
    return tuple(dist)


def round_outcomes(mine: int, theirs: int, limit: int = 0) -> dict[int, float]:
    """One round: ``my hits - their hits`` -> probability."""
    a = hits(min(mine, limit) if limit else mine)
    b = hits(min(theirs, limit) if limit else theirs)
    out: dict[int, float] = {}
    for x, p in enumerate(a):
        for y, q in enumerate(b):
            out[x - y] = out.get(x - y, 0.0) + p * q
    return out


def win_chance(
    mine: int, theirs: int, absorb: bool = False, tie: str = "nothing", limit: int = 0
) -> float:
    """The chance the character's pool ``mine`` wins the fight against ``theirs``."""

    @cache
    def win(c: int, k: int) -> float:
        if k <= 0:
            return 1.0
        if c <= 0:
            return 0.0
        outcomes = round_outcomes(c, k, limit)
        p_tie = outcomes.get(0, 0.0)
        total = 0.0
        for d, p in outcomes.items():
            if d > 0:
                total += p * win(c, k - d)
            elif d < 0:
                lost = min(-d, c)
                total += p * win(c - lost, k + lost if absorb else k)
        if tie == "both_discard":
            k_after = k - 1 + (1 if absorb else 0)
            return total + p_tie * (1.0 if k_after <= 0 else win(c - 1, k_after))
        return total / (1.0 - p_tie) if p_tie < 1.0 else 0.0

    return win(mine, theirs)
