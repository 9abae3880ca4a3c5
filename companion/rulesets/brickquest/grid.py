"""BrickQuest's grid: the numbers the geometry measures a BrickQuest board with.

Every board the BrickQuest rules build carries :data:`BRICKQUEST_GRID`.  The readings
(DESIGN.md, "BrickQuest interpretations"):

* a square is four studs; an orthogonal step costs one square of movement, a diagonal
  step two;
* a step may climb or drop one brick; two or more bricks is an obstacle from that side;
  "three stairs (up to 3 bricks) count as one square": an orthogonal step along stairs
  may change the height by up to 3 bricks for one square;
* the BrickRuler measures height too: one brick is 9.6 mm over a square's 32 mm, 0.3
  square;
* a figure faces N, E, S or W and its firing arc is ±45° of that (:data:`BRICKQUEST_FACING`,
  the data the geometry's arc and the window's facing keys read);
* a figure's eye is 3.5 bricks above its floor, its body 2, its head 3.5; a minifig
  stands 4 bricks tall, a large creature 6;
* melee and reach targets stand at most 2 bricks higher or lower; a reach attack hits
  exactly 2 squares away.
"""

from __future__ import annotations

from companion.model.geometry.rules import GridRules
from companion.rules.table import ArcSpec, FacingSpec

#: "At the end of his movement, the character may be positioned with his base facing any
#: of the cardinal directions"; attacks at reach and range go into a 90° arc ahead.
BRICKQUEST_FACING = FacingSpec(
    kind="four",
    arcs=(ArcSpec(key="fire", label="Firing arc", degrees=90),),
    note="at the end of a move, or turned by an attack",
)

BRICKQUEST_GRID = GridRules(
    orthogonal_cost=1,
    diagonal_cost=2,
    max_step=1,
    max_stair_step=3,
    studs_per_square=4,
    brick_in_squares=0.3,
    arc_half_angle=BRICKQUEST_FACING.arcs[0].degrees / 2,
    facings=BRICKQUEST_FACING.count,
    eye_height=3.5,
    body_height=2.0,
    head_height=3.5,
    figure_height=4,
    large_figure_height=6,
    melee_height=2,
    reach=2,
)
