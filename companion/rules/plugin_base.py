"""What every ruleset plugin would otherwise write again: its catalog, the context its rule
functions take, building a state, validating and resolving through that context (the
result wrapped into a ``Resolution``), the acting order, a scenario's set-up, dice that
show numbers, and comparing a scenario's expected fields.

A plugin subclasses ``RulesetPlugin`` and names its own functions (``staticmethod``, so
they are not bound to the plugin); what it does differently it still writes itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from companion.rules.dice import Dice
from companion.rules.ruleset import Event, Resolution, ScenarioSetup, int_faces
from companion.rules.verdict import Verdict

StateT = TypeVar("StateT")
CatalogT = TypeVar("CatalogT")
CtxT = TypeVar("CtxT")


class RulesetPlugin(Generic[StateT, CatalogT, CtxT]):
    """The shared part of a ruleset plugin whose rules are functions of a context.

    A subclass sets: ``_default_catalog`` (the bundled data), ``_context`` (``Ctx(state,
    catalog)``), ``_build`` (a state from a set-up), ``_validate``, ``_resolve`` (the
    state after an action, and its events), ``_scenario_setup``, ``_resolution``
    (``Resolution[ItsState]``) and, unless it writes ``acting_order`` itself,
    ``_order``.
    """

    #: ``Resolution[State]`` made once per ruleset: pydantic keeps a parametrized class
    #: only weakly, so writing it in ``resolve`` built the class again on most calls (a
    #: replay's hot path).
    _resolution: ClassVar[type[Resolution[Any]]]
    _default_catalog: Callable[[], CatalogT]
    _context: Callable[[StateT, CatalogT], CtxT]
    _build: Callable[[Mapping[str, Any], CatalogT], StateT]
    _validate: Callable[[CtxT, Any], Verdict]
    _resolve: Callable[[CtxT, Any, Dice], tuple[StateT, Sequence[Event]]]
    _order: Callable[[CtxT], Sequence[str]]
    _scenario_setup: Callable[[str, Mapping[str, Any]], ScenarioSetup]

    id: str

    def __init__(self, catalog: CatalogT | None = None) -> None:
        self.catalog: CatalogT = catalog or self._default_catalog()

    def _ctx(self, state: StateT) -> CtxT:
        return self._context(state, self.catalog)

    # -- the rules ----------------------------------------------------------------------
    def initial_state(self, setup: Mapping[str, Any]) -> StateT:
        return self._build(setup, self.catalog)

    def validate(self, state: StateT, action: Any) -> Verdict:
        return self._validate(self._ctx(state), action)

    def resolve(self, state: StateT, action: Any, dice: Dice) -> Resolution[StateT]:
        new_state, events = self._resolve(self._ctx(state), action, dice)
        return self._resolution(state=new_state, events=tuple(events))

    def acting_order(self, state: StateT) -> Sequence[str]:
        return self._order(self._ctx(state))

    # -- scenarios ------------------------------------------------------------------------
    def scenario_setup(self, doc: Mapping[str, Any]) -> ScenarioSetup:
        return self._scenario_setup(self.id, doc)

    def parse_faces(self, values: Sequence[Any]) -> list[int]:
        """Typed-in faces as whole numbers (dice that show numbers, ``int_faces``)."""
        return int_faces(values)


def field_problems(
    name: str, actual: Mapping[str, Any], expected: Mapping[str, Any], what: str = "a field"
) -> list[str]:
    """What differs between a figure's (or the game's, ``name``) ``actual`` fields and a
    scenario's ``expected`` ones, worded; an unknown field lists those that can be checked."""
    problems: list[str] = []
    for key, want in expected.items():
        if key not in actual:
            known = ", ".join(actual)
            problems.append(f"{name}.{key}: not {what} that can be checked ({known})")
        elif actual[key] != want:
            problems.append(f"{name}.{key}: expected {want!r}, got {actual[key]!r}")
    return problems
