"""The panel with the active tool's settings and a line on how to use it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QFormLayout,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from companion.gui.tools.base import Tool


class ToolOptionsDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Tool", parent)
        self.setObjectName("toolOptionsDock")
        body = QWidget()
        lay = QVBoxLayout(body)
        self.heading = QLabel()
        self.heading.setObjectName("toolHeading")
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setProperty("hint", True)
        self.stack = QStackedWidget()
        self.empty = QWidget()
        self.stack.addWidget(self.empty)
        lay.addWidget(self.heading)
        lay.addWidget(self.hint)
        lay.addWidget(self.stack)
        lay.addStretch(1)
        lay.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.setWidget(body)
        self._pages: dict[str, QWidget] = {}

    def show_tool(self, tool: Tool | None) -> None:
        if tool is None:
            self.heading.setText("")
            self.hint.setText("")
            self.stack.setCurrentWidget(self.empty)
            return
        self.heading.setText(f"{tool.title}  ({tool.shortcut})" if tool.shortcut else tool.title)
        self.hint.setText(tool.hint)
        page = self._pages.get(tool.name)
        if page is None:
            page = tool.options_widget() or QWidget()
            own = page.layout()
            for form in page.findChildren(QFormLayout) + (
                [own] if isinstance(own, QFormLayout) else []
            ):
                # In a narrow panel a label goes above its field rather than clip it.
                form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
            self._pages[tool.name] = page
            self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
