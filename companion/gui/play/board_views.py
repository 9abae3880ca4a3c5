"""The window's centre: the map canvas, or the board a game without a map draws itself.

A game whose ruleset has a ``GraphBoard`` (and no ``GridBoard``) is shown in its graph
view (``GraphBoardView``); every other game, and every map, on the canvas.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QStackedWidget, QWidget

from companion.gui.play.controller import PlayController
from companion.gui.play.graph_view import GraphBoardView
from companion.rules.capabilities import GraphBoard, GridBoard


class BoardViews(QStackedWidget):
    """Holds the window's central widget (the canvas) and the graph view, showing one."""

    def __init__(self, window: QMainWindow, controller: PlayController) -> None:
        super().__init__(window)
        self.setObjectName("boardViews")
        self.controller = controller
        canvas = window.takeCentralWidget()
        assert canvas is not None, "the window's canvas is its central widget"
        self.canvas: QWidget = canvas
        self.addWidget(canvas)
        self.graph = GraphBoardView(controller, self)
        self.addWidget(self.graph)
        window.setCentralWidget(self)
        controller.gameChanged.connect(self.sync)
        self.sync()

    def graph_shown(self) -> bool:
        """Whether the open game draws its own board (a graph, no map)."""
        game = self.controller.game
        return (
            game is not None
            and isinstance(game.ruleset, GraphBoard)
            and not isinstance(game.ruleset, GridBoard)
        )

    def sync(self) -> None:
        if self.graph_shown():
            self.setCurrentWidget(self.graph)
            self.graph.refresh()
            self.graph.setFocus()
        else:
            self.setCurrentWidget(self.canvas)
