"""Learning which dice an action rolls, by running it on the faces typed so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.dice import DiceRoll
from companion.rules.game import Game


class _Stop(Exception):
    """A probe reached a roll not typed yet."""


class DiceProbe:
    """Runs an action on the faces typed so far, without keeping anything, to learn which
    rolls it asks for next (``DiceSheet``): the model decides what is rolled, and when."""

    def __init__(self, game: Game, action: Mapping[str, Any]) -> None:
        self.game = game
        self.parsed = game.session.parse(dict(action))

    def __call__(
        self, answers: list[list[int]]
    ) -> tuple[list[tuple[int, int, str, str | None]], bool]:
        asked: list[tuple[int, int, str, str | None]] = []
        game = self.game

        class Dice:
            def roll(
                self,
                count: int,
                purpose: str,
                sides: int = 6,
                die: str | None = None,
                modifier: int = 0,
            ) -> DiceRoll:
                asked.append((count, sides, purpose, die))
                i = len(asked) - 1
                if i >= len(answers) or len(answers[i]) != count:
                    raise _Stop
                faces = tuple(answers[i])
                return DiceRoll(
                    purpose=purpose, sides=sides, faces=faces, die=die, modifier=modifier
                )

        try:
            game.ruleset.resolve(game.state, self.parsed, Dice())
        except _Stop:
            return asked, False
        except Exception:  # the real act will say what is wrong
            return asked, True
        return asked, True
