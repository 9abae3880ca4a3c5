"""Movement: which squares a figure may reach and end on, and checking an explicit path.

BrickQuest (DESIGN.md and the MOVING / SPECIAL SQUARES rules; the numbers are the
board's :class:`~.rules.GridRules`, BrickQuest's shown):

* an orthogonal step costs 1, a diagonal step 2;
* a step may change the floor height by at most 1 brick; 2 or more is an obstacle from
  that side.  Stairs: an orthogonal step along a stairs square's direction (entering or
  leaving it) may change the height by up to 3 bricks and still costs one square --
  the reading of "three stairs (up to 3 bricks) count as one square";
* no corner cutting: a diagonal step is illegal when either orthogonal neighbour is a
  wall, an obstacle, a blocking object or a shut door (water, lava, the void, figures
  and height differences do not block corners);
* walls, water, lava, obstacles and objects (except levers), shut doors and the void
  cannot be entered;
* allies may be passed through (with ``allies_pass``), enemies never; vermin and
  incorporeal movers (``Token.slips_through``) pass any figure; corpses may be crossed;
* nobody ends a move on another figure (living or dead) or on a fire spout, which may
  be crossed.

A figure covering 2x2 squares (``Token.size``; it stands on its north-west square, the
square its moves and paths name) steps as one: each of its squares makes the same step
and every one of those steps must be legal by the rules above (the square entered, the
height change of that square's own step, corner cutting), no square it enters may hold
a figure that blocks it, and it may end only where none of its squares holds another
figure or a fire spout.  Its floor reading is the highest and the lowest floor under it:
it may stand only where they differ by at most ``max_step`` (1 brick: the base bridges
a one-brick step, not an obstacle), so the 3-brick rise of a single stairs square is too
steep under it.  A footprint never runs off the map.

Costs come from a breadth-first search by cost level on bitboards (Python integers,
one bit per square): all squares first reached at cost ``c`` are found at once from the
squares at ``c - 1`` (orthogonal steps) and ``c - 2`` (diagonal steps) -- in general
``c`` less the step's cost.
"""

from __future__ import annotations

from companion.model.geometry.movement_blocking import COST_TOLERANCE as COST_TOLERANCE
from companion.model.geometry.movement_blocking import PathCheck as PathCheck
from companion.model.geometry.movement_blocking import Reach as Reach
from companion.model.geometry.movement_blocking import blocked_by_figures as blocked_by_figures
from companion.model.geometry.movement_blocking import footprint_steps as footprint_steps
from companion.model.geometry.movement_blocking import no_end_mask as no_end_mask
from companion.model.geometry.movement_path import validate_path as validate_path
from companion.model.geometry.movement_search import move_distances as move_distances
from companion.model.geometry.movement_search import reachable as reachable
from companion.model.geometry.movement_search import whole_map_reach as whole_map_reach
