"""BrickQuest geometry on NumPy arrays: distance, sight, facing, attacks, areas, movement.

Facings at any angle and arcs of any width, for any ruleset, are measured by
:mod:`.arcs` (degrees clockwise from north; no board needed).

Everything takes a :class:`Board` (an immutable snapshot of a dungeon and its figures)
and squares as ``(x, y)`` tuples; masks and cost maps are arrays indexed ``[y, x]``.
The rules it implements are DESIGN.md's "BrickQuest interpretations"; each module's
docstring states its reading of them.  Their numbers (step costs, climbing, heights, ...)
are the board's :class:`GridRules`, BrickQuest's by default (:data:`DEFAULT_GRID`).  No Qt here.
"""

from companion.model.dungeon import Facing
from companion.model.geometry.arcs import bearing, in_arc_at, within_arc
from companion.model.geometry.areas import (
    area_circle,
    area_cone,
    area_line,
    area_square,
    line_squares,
    squares_of,
    tokens_in,
)
from companion.model.geometry.attacks import AttackTarget, attack_geometry, attack_targets
from companion.model.geometry.board import Board, LosMode, Square, board_from_text
from companion.model.geometry.distance import (
    STUDS_PER_SQUARE,
    flat_distance,
    in_range,
    ruler_distance,
    to_studs,
)
from companion.model.geometry.facing import (
    chebyshev,
    facing_toward,
    front_squares,
    in_firing_arc,
    is_behind,
    reach_squares,
    turned,
)
from companion.model.geometry.footprint import (
    edge_squares,
    figure_cone,
    figure_distance,
    figure_sight,
    footprint_chebyshev,
    front_of,
    in_arc,
    is_behind_figure,
    stand_height,
)
from companion.model.geometry.movement import (
    PathCheck,
    Reach,
    footprint_steps,
    move_distances,
    reachable,
    validate_path,
    whole_map_reach,
)
from companion.model.geometry.rules import DEFAULT_GRID, GridRules
from companion.model.geometry.sight import SightLine, line_of_sight, visible_squares

__all__ = [
    "DEFAULT_GRID",
    "STUDS_PER_SQUARE",
    "AttackTarget",
    "Board",
    "Facing",
    "GridRules",
    "LosMode",
    "PathCheck",
    "Reach",
    "SightLine",
    "Square",
    "area_circle",
    "area_cone",
    "area_line",
    "area_square",
    "attack_geometry",
    "attack_targets",
    "bearing",
    "board_from_text",
    "chebyshev",
    "edge_squares",
    "facing_toward",
    "figure_cone",
    "figure_distance",
    "figure_sight",
    "flat_distance",
    "footprint_chebyshev",
    "footprint_steps",
    "front_of",
    "front_squares",
    "in_arc",
    "in_arc_at",
    "in_firing_arc",
    "in_range",
    "is_behind",
    "is_behind_figure",
    "line_of_sight",
    "line_squares",
    "move_distances",
    "reach_squares",
    "reachable",
    "ruler_distance",
    "squares_of",
    "stand_height",
    "to_studs",
    "tokens_in",
    "turned",
    "validate_path",
    "visible_squares",
    "whole_map_reach",
    "within_arc",
]
