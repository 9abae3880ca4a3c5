"""BrickQuest, the main ruleset."""

from companion.rules.ruleset import RulesetInfo
from companion.rulesets.brickquest.grid import BRICKQUEST_GRID

#: Listed without loading the plugin (``companion.rules.ruleset.ruleset_info``).
INFO = RulesetInfo(id="brickquest", title="BrickQuest", grid=BRICKQUEST_GRID)
