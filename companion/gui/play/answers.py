"""What the ruleset said about a game's state, asked once and kept for the last few states."""

from __future__ import annotations

from collections import OrderedDict

from companion.rules.capabilities import MoveHints
from companion.rules.game import Game
from companion.rules.table import (
    ActionChoice,
    FigureView,
    MoveOption,
    Prompt,
    TurnView,
)

Square = tuple[int, int]
#: How many states' answers are kept (``AnswerCache``).
RECENT_STATES = 8


class Answers:
    """What the ruleset said about one state, asked once and shared by every view.

    The docks, the canvas tool and the marks all redraw on the same ``changed``; asking
    the ruleset again for each of them (``figures()`` alone is a view of every figure)
    made one action cost many times what it should.  Kept for as long as the game's
    state is the same object (states are immutable values).
    """

    def __init__(self, game: Game, picked: str | None = None) -> None:
        self.state = game.state
        self.game = game
        #: The figure the player picked among those the rules let them choose.
        self.picked = picked
        self._figures: dict[str, FigureView] | None = None
        self._turn: TurnView | None = None
        self._choices: list[ActionChoice] | None = None
        self._table: list[ActionChoice] = []
        self._moves: dict[Square, MoveOption] | None = None
        self._prompts: list[Prompt] | None = None

    def turn(self) -> TurnView:
        """The ruleset's turn, with the player's pick as the acting figure when the rules
        let the player choose who acts (``TurnView.choosable``)."""
        if self._turn is None:
            turn = self.game.ruleset.turn(self.state)
            if self.picked in turn.choosable and turn.acting != self.picked:
                turn = turn.model_copy(update={"acting": self.picked})
            self._turn = turn
        return self._turn

    def figures(self) -> dict[str, FigureView]:
        if self._figures is None:
            self._figures = self.game.ruleset.figures(self.state)
        return self._figures

    def choices(self) -> list[ActionChoice]:
        if self._choices is None:
            rules = self.game.ruleset
            table = list(rules.choices(self.state, None))
            self._table = table
            # The round's roll first (it is due before anyone acts), the acting figure's
            # actions next, the table's other actions (grouped menus) last.
            out = [c for c in table if c.kind == "initiative"]
            acting = self.turn().acting
            if acting is not None:
                out += rules.choices(self.state, acting)
            out += [c for c in table if c.kind != "initiative"]
            self._choices = out
        return self._choices

    def table(self) -> list[ActionChoice]:
        """The table's own actions (``Ruleset.choices(state, None)``), not a figure's."""
        self.choices()
        return self._table

    def moves(self) -> dict[Square, MoveOption]:
        if self._moves is None:
            acting = self.turn().acting
            rules = self.game.ruleset
            if acting is not None and isinstance(rules, MoveHints):
                self._moves = rules.moves(self.state, acting)
            else:  # no one acts, or the ruleset gives no move hints
                self._moves = {}
        return self._moves

    def prompts(self) -> list[Prompt]:
        if self._prompts is None:
            self._prompts = list(self.game.ruleset.prompts(self.state))
        return self._prompts


class AnswerCache:
    """The answers about the last few states, newest last: an undo, a redo or an action
    undone at once goes back to a state already asked about (states are kept, immutable,
    by the game), so its answers are reused, not asked again."""

    def __init__(self) -> None:
        self._answers: Answers | None = None
        self._recent: OrderedDict[tuple[int, str | None], Answers] = OrderedDict()

    def clear(self) -> None:
        self._answers = None
        self._recent.clear()

    def get(self, game: Game, picked: str | None) -> Answers:
        """The answers about ``game``'s state as it is now, with ``picked`` acting."""
        got = self._answers
        if (
            got is None
            or got.game is not game
            or got.state is not game.state
            or got.picked != picked
        ):
            key = (id(game.state), picked)
            got = self._recent.get(key)
            # an entry holds its state, so the id is not reused while it is kept
            if got is None or got.game is not game or got.state is not game.state:
                got = Answers(game, picked)
            self._recent[key] = got
            self._recent.move_to_end(key)
            while len(self._recent) > RECENT_STATES:
                self._recent.popitem(last=False)
            self._answers = got
        return got
