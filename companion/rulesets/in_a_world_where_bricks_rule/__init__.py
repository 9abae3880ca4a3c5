"""In a World Where Bricks Rule (v0.5): its rules data, validated (no engine yet)."""

from companion.model.geometry.rules import GridRules
from companion.rules.ruleset import RulesetInfo

#: Listed without loading the plugin (``companion.rules.ruleset.ruleset_info``).
#: A one-stud cell: the ruler reads studs, and lengths from the game's options.
INFO = RulesetInfo(
    id="in_a_world_where_bricks_rule",
    title="In a World Where Bricks Rule",
    grid=GridRules(studs_per_square=1, brick_in_squares=1.2 / 4),
    board="studs",
)
