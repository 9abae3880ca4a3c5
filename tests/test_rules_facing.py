"""FacingSpec, the Facings capability and the multi-target fields of ActionChoice: the
neutral values a ruleset fills, checked without a window."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.rules.facing import Facings, facing_spec_of
from companion.rules.ruleset import get_ruleset
from companion.rules.table import (
    NO_FACING,
    ActionChoice,
    ArcSpec,
    FacingSpec,
    FigureView,
)
from companion.rulesets.brickquest.grid import BRICKQUEST_FACING, BRICKQUEST_GRID

FRONT = ArcSpec(key="front", label="Forward semicircle", degrees=180)
PARTHIAN = ArcSpec(key="parthian", label="Parthian shot", degrees=360)
ANY = FacingSpec(kind="any", arcs=(FRONT, PARTHIAN))


def test_brickquest_offers_four_facings_and_a_90_degree_arc_as_data() -> None:
    rules = get_ruleset("brickquest")
    assert isinstance(rules, Facings)
    spec = facing_spec_of(rules)
    assert spec is BRICKQUEST_FACING
    assert spec.directions == ("N", "E", "S", "W")
    assert spec.arc() is not None and spec.arc().degrees == 90  # type: ignore[union-attr]
    # The grid the geometry measures BrickQuest with reads the same arc.
    assert BRICKQUEST_GRID.arc_half_angle * 2 == spec.arc().degrees  # type: ignore[union-attr]


@pytest.mark.parametrize("ruleset", ["heroica", "in_a_world_where_bricks_rule"])
def test_rulesets_without_the_capability_do_not_face(ruleset: str) -> None:
    rules = get_ruleset(ruleset)
    assert not isinstance(rules, Facings)
    spec = facing_spec_of(rules)
    assert spec is NO_FACING and not spec.faces and spec.directions == ()
    assert not spec.allows("N") and not spec.allows(90)
    assert spec.in_arc((0, 0), 0, (0, 5))  # no arcs: everything is in reach


def test_four_and_eight_ways() -> None:
    eight = FacingSpec(kind="eight")
    assert eight.directions == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    assert eight.allows("SW") and not BRICKQUEST_FACING.allows("SW")
    assert not eight.allows(30)  # a number is not one of eight named ways
    assert eight.toward((0, 0), (3, 3)) == "SE"
    assert BRICKQUEST_FACING.toward((0, 0), (3, 3)) == "E"  # a diagonal: east, as before
    assert eight.stepped("S", 1) == "SW" and eight.stepped("N", -1) == "NW"
    assert BRICKQUEST_FACING.stepped("W", 1) == "N"
    assert eight.degrees("SW") == 225


def test_any_angle() -> None:
    assert ANY.allows(12.5) and ANY.allows("NE") and not ANY.allows("up")
    assert ANY.toward((0.5, 0.5), (0.5, -3.0)) == 0.0
    assert ANY.toward((0, 0), (1, 1)) == 135.0
    assert ANY.value(359.97) == 0.0 and ANY.value(-90) == 270.0
    assert ANY.stepped(350, 1) == 35.0
    assert ANY.text(35.0) == "35°" and ANY.text("ne") == "NE"
    # The forward semicircle, and all round with Parthian shot.
    assert ANY.in_arc((0, 0), 90, (0, -2))  # straight to the side: on the boundary
    assert not ANY.in_arc((0, 0), 90, (-1, 0))  # behind
    assert ANY.in_arc((0, 0), 90, (-1, 0), arc="parthian")
    with pytest.raises(ValueError, match="no arc 'bow'"):
        ANY.in_arc((0, 0), 90, (1, 0), arc="bow")
    with pytest.raises(ValueError, match="compass name or degrees"):
        ANY.degrees(True)  # type: ignore[arg-type]


def test_bad_specs_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(ValidationError, match="do not face have no arcs"):
        FacingSpec(kind="none", arcs=(FRONT,))
    with pytest.raises(ValidationError, match="arc keys must differ"):
        FacingSpec(kind="any", arcs=(FRONT, FRONT))
    with pytest.raises(ValidationError, match="less than or equal to 360"):
        ArcSpec(key="x", label="x", degrees=400)
    with pytest.raises(ValidationError):
        FacingSpec(kind="six")  # type: ignore[arg-type]


def test_a_figure_view_faces_by_name_or_by_heading() -> None:
    base = dict(id="a", name="A", side="party", kind="Orc", is_character=False, at=(0, 0))
    assert FigureView(**base, hp=1, max_hp=1).facing_degrees == 180  # type: ignore[arg-type]
    named = FigureView(**base, hp=1, max_hp=1, facing="W")  # type: ignore[arg-type]
    assert named.facing_degrees == 270
    turned = FigureView(**base, hp=1, max_hp=1, facing="N", heading=-30)  # type: ignore[arg-type]
    assert turned.facing_degrees == 330


def test_an_action_on_several_targets_says_how_many() -> None:
    gang = ActionChoice(
        kind="gang_up",
        label="Gang up",
        template={},
        needs="figures",
        field="targets",
        targets=("a", "b", "c"),
        min_targets=2,
        max_targets=3,
    )
    assert gang.count_text == "2 to 3"
    one = ActionChoice(kind="attack", label="Attack", template={}, needs="figure")
    assert (one.min_targets, one.max_targets, one.count_text) == (1, 1, "1")
    with pytest.raises(ValidationError, match="max_targets 1 is below min_targets 2"):
        ActionChoice(kind="x", label="X", template={}, needs="figures", min_targets=2)
    with pytest.raises(ValidationError):
        ActionChoice(kind="x", label="X", template={}, needs="figures", min_targets=0)
