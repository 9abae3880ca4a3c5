"""Brickmasters of the Unknown (v1.01): skirmishes of minifigures measured in studs."""

from companion.model.geometry.rules import GridRules
from companion.rules.ruleset import RulesetInfo

#: Listed without loading the plugin (``companion.rules.ruleset.ruleset_info``).
#: A one-stud cell: the ruler reads studs, as the text measures moves and ranges.
INFO = RulesetInfo(
    id="brickmasters_of_the_unknown",
    title="Brickmasters of the Unknown",
    grid=GridRules(studs_per_square=1, brick_in_squares=1.2 / 4),
    board="studs",
)
