"""Typing in the physical dice: a dialog that names exactly which dice and why."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.rules.table import DieSpec


def parse_faces(text: str, count: int, sides: int, die: DieSpec | None = None) -> list[int]:
    """The faces typed (``"3 5 6"``, ``"3,5,6"`` or ``"356"`` for d6; a symbol die's labels
    separated by commas: ``"Shield, 3 Swords"``); ``ValueError`` says what is wrong."""
    if die is not None and not die.numbered:
        labels = [p for p in re.split(r"[,;]+", text) if p.strip()]
        faces = [die.face(label) for label in labels]
        if len(faces) != count:
            raise ValueError(
                f"{count} {'die' if count == 1 else 'dice'} needed, {len(faces)} typed"
            )
        return faces
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if len(parts) == 1 and sides <= 9 and len(parts[0]) == count and parts[0].isdigit():
        parts = list(parts[0])
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError("type the faces as numbers, e.g. 3 5 6")
    faces = [int(p) for p in parts]
    if len(faces) != count:
        raise ValueError(f"{count} {'die' if count == 1 else 'dice'} needed, {len(faces)} typed")
    bad = [f for f in faces if not 1 <= f <= sides]
    if bad:
        raise ValueError(f"{bad[0]} is not a face of a d{sides}")
    return faces


def face_buttons(die: DieSpec, add: Callable[[str], None]) -> QHBoxLayout:
    """A button per face of a symbol die, each label once (a die may repeat a face, as
    Heroica's Action Die does), typing it with ``add``; Enter never presses them."""
    row = QHBoxLayout()
    for label in dict.fromkeys(die.faces):
        button = QPushButton(label)
        button.setObjectName(f"face_{label}")
        button.setAutoDefault(False)
        button.setDefault(False)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the typing stays in its box
        button.clicked.connect(lambda _=False, text=label: add(text))
        row.addWidget(button)
    return row


#: One roll the model asks for: (count, sides, purpose, die id or None).
Request = tuple[int, int, str, str | None]


class DiceSheet(QDialog):
    """Every roll of one action in one dialog, a row each, as the model asks for them.

    ``probe(answers)`` runs the action on the faces typed so far (one list per row) and
    returns the rolls it asks for up to the first unanswered one, and whether that is all:
    typing a row may bring a new row (a tie re-rolled) in the same dialog.  Each row is
    read as it is typed: OK enables once every row reads, and the first row that does not
    says why at once.  ``answers`` holds every row's faces when accepted."""

    def __init__(
        self,
        probe: Callable[[list[list[int]]], tuple[list[Request], bool]],
        specs: Callable[[str | None], DieSpec | None],
        title: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("diceSheet")
        self.setWindowTitle("Type the dice")
        self.setMinimumWidth(460)
        self.probe, self.specs = probe, specs
        self.answers: list[list[int]] = []
        self.requests: list[Request] = []
        self.finished_asking = False
        outer = QVBoxLayout(self)
        head = QLabel(f"<b>{title}</b>: the dice as they lie on the table (Tab to the next)")
        head.setWordWrap(True)
        outer.addWidget(head)
        self.grid = QGridLayout()
        outer.addLayout(self.grid)
        self.rows: list[QLineEdit] = []
        self.error = QLabel("")
        self.error.setObjectName("diceError")
        self.error.setProperty("hint", True)
        outer.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setDefault(True)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self._ask_more()

    @property
    def ready(self) -> bool:
        """Every roll the action makes is typed."""
        return self.finished_asking and len(self.answers) == len(self.requests)

    def _parse(self, i: int) -> list[int]:
        count, sides, _, die = self.requests[i]
        return parse_faces(self.rows[i].text(), count, sides, self.specs(die))

    def _ask_more(self, focus: bool = True) -> None:
        """Ask the model for the rolls after the rows typed; add the next row, if any (to
        type in next if ``focus``)."""
        requests, self.finished_asking = self.probe(self.answers)
        self.requests = requests[: len(self.rows) + 1]
        while len(self.rows) < len(self.requests):
            self._add_row(self.requests[len(self.rows)], focus)
        self.ok.setEnabled(self.ready)

    def _add_row(self, request: Request, focus: bool = True) -> None:
        count, sides, purpose, die = request
        i = len(self.rows)
        spec = self.specs(die)
        kind = spec.name if spec is not None else f"d{sides}"
        label = QLabel(f"{purpose}: {count} {'die' if count == 1 else 'dice'} ({kind})")
        edit = QLineEdit()
        edit.setObjectName(f"diceRow{i}")
        edit.setPlaceholderText("e.g. " + " ".join(str(min(sides, k + 3)) for k in range(count)))
        edit.returnPressed.connect(lambda i=i: self._enter(i))
        # Read as it is typed; the focus stays in the row being typed.
        edit.textChanged.connect(lambda _text, i=i: self._typed(i, focus=False))
        edit.installEventFilter(self)  # Tab reads the row even when focus does not move
        self.grid.addWidget(label, 2 * i, 0)
        self.grid.addWidget(edit, 2 * i, 1)
        if spec is not None and not spec.numbered:
            edit.setPlaceholderText("click the faces rolled, or type them")
            self.grid.addLayout(face_buttons(spec, partial(self._face, i)), 2 * i + 1, 1)
        self.rows.append(edit)
        if i > 0:
            QWidget.setTabOrder(self.rows[i - 1], edit)
        if focus:
            edit.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Tab
            and watched in self.rows
        ):
            i = [row is watched for row in self.rows].index(True)
            self._typed(i)
            if i + 1 < len(self.rows):
                self.rows[i + 1].setFocus()
                return True
        return super().eventFilter(watched, event)

    def _typed(self, i: int, focus: bool = True) -> None:
        """Row ``i`` was typed: its faces kept if they read; the rows after it follow from
        them (a new row is typed in next if ``focus``)."""
        if i < len(self.rows) and self.rows[i].text().strip():
            try:
                faces: list[int] | None = self._parse(i)
            except ValueError:
                faces = None
            if faces is not None and (i >= len(self.answers) or self.answers[i] != faces):
                self.answers = [*self.answers[:i], faces]
                # Later rows depended on the old faces (a tie that is no more): ask again.
                while len(self.rows) > i + 1:
                    self._drop_row()
                self._ask_more(focus)
        self._check_rows()

    def _check_rows(self) -> bool:
        """Whether every row reads as the faces kept and no roll is left to type; the
        first row that does not read says why, OK only when all do."""
        problem, typed = "", self.ready
        for j, row in enumerate(self.rows):
            if not row.text().strip():
                typed = False
                continue
            try:
                faces = self._parse(j)
            except ValueError as exc:
                problem = problem or f"{self.requests[j][2]}: {exc}"
                continue
            typed = typed and j < len(self.answers) and self.answers[j] == faces
        self.error.setText(problem)
        self.ok.setEnabled(typed and not problem)
        return typed and not problem

    def _drop_row(self) -> None:
        """The last row goes, out of the dialog at once (a row typed next takes its name)."""
        self.rows.pop()
        i = len(self.rows)
        for r in (2 * i, 2 * i + 1):
            for c in (0, 1):
                item = self.grid.itemAtPosition(r, c)
                if item is None:
                    continue
                widget = item.widget()
                layout = item.layout()
                self.grid.removeItem(item)
                if widget is not None:
                    widget.setParent(None)
                    widget.deleteLater()
                if layout is not None:
                    while layout.count():
                        child = layout.takeAt(0)
                        gone = child.widget() if child is not None else None
                        if gone is not None:
                            gone.setParent(None)
                            gone.deleteLater()
                    layout.deleteLater()

    def _face(self, i: int, label: str) -> None:
        """A face clicked for row ``i``: typed; once the row has its dice, the next."""
        edit = self.rows[i]
        text = edit.text().strip()
        edit.setText(f"{text}, {label}" if text else label)
        edit.setFocus()
        if len([p for p in edit.text().split(",") if p.strip()]) == self.requests[i][0]:
            self._typed(i)
            if i + 1 < len(self.rows):  # the row it brought, or the next one
                self.rows[i + 1].setFocus()

    def _enter(self, i: int) -> None:
        self._typed(i)
        if self.ready:
            self._accept()

    def _accept(self) -> None:
        for i in range(len(self.rows)):
            self._typed(i)
        if self._check_rows():
            self.accept()


class DiceDialog(QDialog):
    """Asks for ``count`` d``sides`` for ``purpose``; ``faces`` holds them when accepted."""

    def __init__(
        self,
        count: int,
        sides: int,
        purpose: str,
        parent: QWidget | None = None,
        die: DieSpec | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Type the dice")
        self.count, self.sides, self.die = count, sides, die
        self.faces: list[int] = []
        self.setMinimumWidth(380)
        layout = QVBoxLayout(self)
        what = "die" if count == 1 else "dice"
        kind = die.name if die is not None else f"d{sides}"
        title = QLabel(f"<b>{purpose}</b>: {count} {what} ({kind})")
        title.setWordWrap(True)
        layout.addWidget(title)
        self.edit = QLineEdit()
        self.edit.setObjectName("diceFaces")
        self.edit.setPlaceholderText(
            "e.g. " + " ".join(str(min(sides, i + 3)) for i in range(count))
        )
        big = self.edit.font()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        self.edit.setFont(big)  # typed at the table, read at arm's length
        layout.addWidget(self.edit)
        if die is not None and not die.numbered:
            # A symbol die: its faces as buttons; a click types the face.
            self.edit.setPlaceholderText("click the faces rolled, or type them")
            layout.addLayout(face_buttons(die, self._add))
        self.error = QLabel("")
        self.error.setObjectName("diceError")
        self.error.setProperty("hint", True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setDefault(True)  # Enter accepts, whichever face was clicked last
        self.ok.setEnabled(False)
        self.edit.returnPressed.connect(self._check)
        # Read as it is typed: OK once the faces read, why not at once.
        self.edit.textChanged.connect(self._read)
        layout.addWidget(buttons)

    def _add(self, label: str) -> None:
        text = self.edit.text().strip()
        self.edit.setText(f"{text}, {label}" if text else label)

    def _read(self, empty_too: bool = False) -> bool:
        """Whether the faces typed read; the message says why not (nothing while the box
        is empty, unless ``empty_too``)."""
        try:
            self.faces = parse_faces(self.edit.text(), self.count, self.sides, self.die)
        except ValueError as exc:
            self.faces = []
            self.error.setText(str(exc) if empty_too or self.edit.text().strip() else "")
            self.ok.setEnabled(False)
            return False
        self.error.setText("")
        self.ok.setEnabled(True)
        return True

    def _check(self) -> None:
        if self._read(empty_too=True):
            self.accept()
