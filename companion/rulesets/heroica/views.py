"""What the table sees of a quest: the tracker, the figures, the choices, the board's
marks, scenario fields and queries.  Built from the state; no rule is decided here.

``views_tracker`` (options, the turn, the figures), ``views_offers`` (the moves and actions
offered), ``views_board`` (marks, odds, the log's wording, scenario fields, queries).
"""

from __future__ import annotations

from companion.rulesets.heroica.views_board import describe as describe
from companion.rulesets.heroica.views_board import game_fields as game_fields
from companion.rulesets.heroica.views_board import hero_fields as hero_fields
from companion.rulesets.heroica.views_board import marks as marks
from companion.rulesets.heroica.views_board import monster_fields as monster_fields
from companion.rulesets.heroica.views_board import odds as odds
from companion.rulesets.heroica.views_board import query as query
from companion.rulesets.heroica.views_board import space_marks as space_marks
from companion.rulesets.heroica.views_board import thing_marks as thing_marks
from companion.rulesets.heroica.views_offers import _why_not_move as _why_not_move
from companion.rulesets.heroica.views_offers import choices as choices
from companion.rulesets.heroica.views_offers import moves as moves
from companion.rulesets.heroica.views_tracker import figure_views as figure_views
from companion.rulesets.heroica.views_tracker import option_specs as option_specs
from companion.rulesets.heroica.views_tracker import order as order
from companion.rulesets.heroica.views_tracker import tracks as tracks
from companion.rulesets.heroica.views_tracker import turn_view as turn_view
