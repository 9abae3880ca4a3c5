"""Test-only rulesets: BrickQuest with what no shipped ruleset has yet, to drive the
window through it (several targets in one action; facing eight ways or at any angle).

Each is a plugin object the tests put in place of the registered BrickQuest
(``install``): the game and the window find it as they find any ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict

from companion.model.geometry.arcs import nearest_direction
from companion.rules.dice import Dice
from companion.rules.ruleset import Event, Resolution
from companion.rules.table import ActionChoice, ArcSpec, FacingSpec, FigureView
from companion.rules.verdict import Reason, Verdict
from companion.rulesets.brickquest.actions import ACTIONS
from companion.rulesets.brickquest.plugin import BrickQuestRules


class GangUp(BaseModel):
    """Aim at two or three enemies at once (a gang-up)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    actor: str
    action: Literal["gang_up"]
    targets: list[str]


class _Actions:
    """BrickQuest's actions and the gang-up; a move's facing given as eight ways or an
    angle is kept by the ruleset (``headings``) and sent on as its nearest of four."""

    def __init__(self, rules: FakeRules) -> None:
        self.rules = rules

    def validate_python(self, data: Any) -> Any:
        if isinstance(data, Mapping) and data.get("action") == "gang_up":
            return GangUp.model_validate(dict(data))
        if isinstance(data, Mapping) and data.get("action") == "move" and "facing" in data:
            facing = data["facing"]
            spec = self.rules.facing_spec()
            if not spec.allows(facing):
                raise ValueError(f"facing {facing!r} is not allowed here")
            degrees = spec.degrees(facing)
            self.rules.sent.append(dict(data))
            self.rules.pending_heading = (str(data["actor"]), degrees)
            data = {**data, "facing": nearest_direction(degrees, 4)}
        return ACTIONS.validate_python(data)


class FakeRules(BrickQuestRules):
    """BrickQuest with a gang-up (2 to 3 enemies, ``needs == "figures"``) and facings as
    ``spec`` says (a move's facing then comes from the spec, not BrickQuest's four)."""

    def __init__(self, spec: FacingSpec | None = None) -> None:
        super().__init__()
        self.spec = spec
        self.actions = _Actions(self)  # type: ignore[assignment]
        #: Every move with a facing as the window sent it, and the angle each figure faces.
        self.sent: list[dict[str, Any]] = []
        self.headings: dict[str, float] = {}
        self.pending_heading: tuple[str, float] | None = None

    def facing_spec(self) -> FacingSpec:
        return self.spec if self.spec is not None else super().facing_spec()

    def choices(self, state: Any, figure_id: str | None) -> Sequence[ActionChoice]:
        out = list(super().choices(state, figure_id))
        if figure_id is None or figure_id not in state.figures:
            return out
        if self.spec is not None:  # the move's facings are the spec's
            out = [c.model_copy(update={"facings": ()}) if c.kind == "move" else c for c in out]
        me = state.figures[figure_id]
        enemies = tuple(f.id for f in state.figures.values() if f.side != me.side and not f.dead)
        out.append(
            ActionChoice(
                kind="gang_up",
                label="Gang up",
                template={"actor": figure_id, "action": "gang_up"},
                needs="figures",
                field="targets",
                targets=enemies,
                min_targets=2,
                max_targets=3,
            )
        )
        return out

    def validate(self, state: Any, action: Any) -> Verdict:
        if not isinstance(action, GangUp):
            return super().validate(state, action)
        me = state.figures[action.actor]
        reasons = []
        for t in action.targets:
            other = state.figures.get(t)
            if other is None or other.side == me.side:
                name = other.name if other is not None else t
                reasons.append(
                    Reason(code="invalid_target", message=f"{name} is not {me.name}'s enemy")
                )
        if not 2 <= len(action.targets) <= 3:
            reasons.append(Reason(code="invalid_target", message="a gang-up takes 2 to 3 enemies"))
        return Verdict(reasons=tuple(reasons))

    def resolve(self, state: Any, action: Any, dice: Dice) -> Resolution[Any]:
        if not isinstance(action, GangUp):
            done = super().resolve(state, action, dice)
            if self.pending_heading is not None:
                fid, degrees = self.pending_heading
                self.headings[fid] = degrees
                self.pending_heading = None
            return done
        names = [state.figures[t].name for t in action.targets]
        text = f"{state.figures[action.actor].name} gangs up on {' and '.join(names)}"
        return Resolution(state=state, events=(Event(kind="gang_up", text=text),))

    def describe(self, before: Any, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        if action.get("action") == "gang_up":
            return events[0].text if events else "gang-up"
        return super().describe(before, action, events)

    def figures(self, state: Any) -> dict[str, FigureView]:
        views = super().figures(state)
        for fid, degrees in self.headings.items():
            if fid in views:
                views[fid] = views[fid].model_copy(update={"heading": degrees})
        return views


ANY_ANGLE = FacingSpec(
    kind="any",
    arcs=(
        ArcSpec(key="front", label="Forward semicircle", degrees=180),
        ArcSpec(key="parthian", label="Parthian shot", degrees=360),
    ),
    note="when a figure stops moving",
)
EIGHT_WAYS = FacingSpec(kind="eight", arcs=(ArcSpec(key="front", label="Front", degrees=90),))


def install(monkeypatch: pytest.MonkeyPatch, rules: FakeRules) -> FakeRules:
    """Games and maps asking for BrickQuest get ``rules`` instead."""
    import companion.gui.session as gui_session
    import companion.rules.game as game_module
    import companion.rules.session as session_module

    def get(ruleset_id: str) -> Any:
        return rules if ruleset_id == "brickquest" else real(ruleset_id)

    real = game_module.get_ruleset
    for module in (game_module, session_module, gui_session):
        monkeypatch.setattr(module, "get_ruleset", get)
    return rules
