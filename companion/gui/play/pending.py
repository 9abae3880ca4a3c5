"""What a pending action gathers before it is sent: the facing it ends with, and the
figures picked when it takes several.

Both come from the model: the facings a figure may take from the ruleset's
``FacingSpec`` (and the action's own ``facings``), the figures from the action's
``targets`` and ``min_targets``..``max_targets``, and a figure refused with the rules'
own reason (``Game.check``).  Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.rules.facing import facing_spec_of
from companion.rules.table import NO_FACING, ActionChoice, FacingSpec, FigureView, TurnView
from companion.rules.verdict import Verdict

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from companion.rules.game import Game

Facing = str | float


def offers_facing(choice: ActionChoice | None, spec: FacingSpec) -> bool:
    """Whether ``choice`` lets the table choose how the figure ends it."""
    return choice is not None and bool(choice.facing_field) and (bool(choice.facings) or spec.faces)


def facing_names(choice: ActionChoice, spec: FacingSpec) -> tuple[str, ...]:
    """The compass names keys cycle through for ``choice``: its own ``facings`` in the
    spec's order (all of them when the spec has none), else the spec's directions
    (empty at any angle: the mouse sets it)."""
    if choice.facings:
        ordered = [d for d in spec.directions if d in choice.facings]
        return tuple(ordered) or choice.facings
    return spec.directions


def facing_allowed(choice: ActionChoice, spec: FacingSpec, facing: Facing) -> bool:
    """Whether ``choice`` may end facing ``facing``."""
    if choice.facings:
        return isinstance(facing, str) and facing in choice.facings
    return bool(choice.facing_field) and spec.allows(facing)


def facing_stepped(
    choice: ActionChoice, spec: FacingSpec, facing: Facing | None, start: float, steps: int
) -> Facing:
    """The facing ``steps`` directions on from ``facing`` (None: from ``start`` degrees,
    the figure's own), among those ``choice`` allows."""
    names = facing_names(choice, spec)
    if spec.kind == "any" and not choice.facings:
        base = spec.degrees(facing) if facing is not None else start
        return spec.stepped(base, steps)
    if isinstance(facing, str) and facing in names:
        return names[(names.index(facing) + steps) % len(names)]
    if spec.count and len(names) == spec.count:
        return spec.stepped(start if facing is None else facing, steps)
    return names[0 if steps > 0 else -1]


class TargetPicks:
    """The figures picked so far for a pending action that takes several, in the order
    picked; ``check`` asks the game about an action (None: no game)."""

    def __init__(self, check: Callable[[Mapping[str, Any]], Verdict | None]) -> None:
        self.check = check
        self.choice: ActionChoice | None = None
        self.ids: list[str] = []

    def start(self, choice: ActionChoice | None) -> None:
        """Pick for ``choice`` (None, or a choice that takes one figure: nothing to pick)."""
        self.choice = choice if choice is not None and choice.needs == "figures" else None
        self.ids = []

    def refusal(self, figure: str) -> str | None:
        """Why ``figure`` cannot be added to the picks (the rules' words), or None."""
        choice = self.choice
        if choice is None:
            return "no action is waiting for figures"
        if figure in choice.targets:
            if len(self.ids) >= choice.max_targets:
                return f"{choice.label} takes at most {choice.max_targets}"
            return None
        verdict = self.check({**choice.template, choice.field: [*self.ids, figure]})
        if verdict is not None and not verdict.legal:
            return verdict.message
        return "not among the figures this action may be aimed at"

    def toggle(self, figure: str) -> str | None:
        """Add ``figure`` to the picks, or take it out if picked; the reason it cannot be
        added, or None when done."""
        if figure in self.ids:
            self.ids.remove(figure)
            return None
        why = self.refusal(figure)
        if why is None:
            self.ids.append(figure)
        return why

    @property
    def complete(self) -> bool:
        """Enough figures are picked (and not too many) to send the action."""
        c = self.choice
        return c is not None and c.min_targets <= len(self.ids) <= c.max_targets

    def count_text(self) -> str:
        """ "2 picked of 1 to 3"."""
        c = self.choice
        return "" if c is None else f"{len(self.ids)} picked of {c.count_text}"


class PendingChoices:
    """The play controller's part that gathers a pending action's facing and figures
    (``PlayController`` holds the game, the pending choice and the signals named here)."""

    game: Game | None
    pending: ActionChoice | None
    facing: str | float | None
    picks: TargetPicks
    message: SignalInstance
    verdictShown: SignalInstance
    pendingChanged: SignalInstance

    if TYPE_CHECKING:  # the controller's own

        def check(self, action: Mapping[str, Any]) -> Verdict | None: ...
        def turn(self) -> TurnView | None: ...
        def figures(self) -> dict[str, FigureView]: ...
        def complete(self, value: Any, then: Any = None) -> bool: ...

    def facing_spec(self) -> FacingSpec:
        """How the open game's figures face (``Facings``); no game: they do not."""
        return NO_FACING if self.game is None else facing_spec_of(self.game.ruleset)

    def sets_facing(self) -> bool:
        """The pending action lets the table choose how the figure ends it."""
        return offers_facing(self.pending, self.facing_spec())

    def set_facing(self, facing: str | float) -> bool:
        """Choose how the figure ends the pending action, among the facings the ruleset
        offers for it; False when it offers none or not this one."""
        choice = self.pending
        if choice is None or not facing_allowed(choice, self.facing_spec(), facing):
            return False
        self.facing = facing
        self.pendingChanged.emit(choice)
        self.facing = facing  # a listener's set_pending(None) would have dropped it
        return True

    def turn_facing(self, steps: int) -> bool:
        """Turn the pending action's facing ``steps`` directions clockwise (negative:
        anticlockwise) among those allowed, from the acting figure's own at first."""
        choice = self.pending
        if choice is None or not self.sets_facing():
            return False
        turn = self.turn()
        actor = self.figures().get(turn.acting or "") if turn else None
        start = actor.facing_degrees if actor is not None else 0.0
        spec = self.facing_spec()
        return self.set_facing(facing_stepped(choice, spec, self.facing, start, steps))

    def pick_target(self, figure: str) -> bool:
        """Add ``figure`` to the pending action's targets, or take it out; a figure the
        rules refuse is not added, and the reason is shown as a refusal is."""
        choice = self.pending
        if choice is None or choice.needs != "figures":
            return False
        why = self.picks.toggle(figure)
        if why is not None:
            self.message.emit(f"{choice.label}: not {figure} — {why}")
            verdict = self.check({**choice.template, choice.field: [*self.picks.ids, figure]})
            if verdict is not None and not verdict.legal:
                self.verdictShown.emit(verdict)
            return False
        self.pendingChanged.emit(choice)
        return True

    def confirm_targets(self) -> bool:
        """Send the pending action with the figures picked, when there are enough."""
        choice = self.pending
        if choice is None or choice.needs != "figures":
            return False
        if not self.picks.complete:
            got = self.picks.count_text()
            self.message.emit(f"{choice.label}: pick {choice.count_text} ({got})")
            return False
        return self.complete(list(self.picks.ids))
