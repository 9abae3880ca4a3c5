"""What every canvas tool shares: the context it works in and the event hooks."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QSpinBox, QWidget

from companion.model.edits import Changes, Clip, Edit, EditError
from companion.rules.table import RosterFigure

if TYPE_CHECKING:
    from companion.gui.canvas.view import MapCanvas, MouseInfo
    from companion.gui.session import MapSession

Square = tuple[int, int]
F = TypeVar("F", bound=Callable[..., Any])


def reports_model_errors(method: F) -> F:
    """Turn a refusal of the model (``ValueError``/``KeyError``) into a status message.

    A measurement the geometry cannot make (a figure off the map after an edit, say)
    must never take the window down; the tool just shows nothing and says why.
    """

    @functools.wraps(method)
    def wrapper(self: Tool, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except (ValueError, KeyError) as exc:
            self.ctx.message.emit(f"{self.title}: {exc}")
            return None

    return cast(F, wrapper)


# -- option panels ---------------------------------------------------------------------
def add_combo(
    form: QFormLayout,
    label: str,
    name: str,
    items: Iterable[tuple[str, object]],
    on_index: Callable[[int], object],
    current: int | None = None,
) -> QComboBox:
    """Add a combo box of ``(title, data)`` items, named ``name``, as row ``label``.

    ``current`` is chosen before ``on_index`` is connected, so building calls nothing.
    """
    box = QComboBox()
    box.setObjectName(name)
    # Narrow panels: the box may be narrower than its longest entry (the list is not).
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    for title, data in items:
        box.addItem(title, data)
    if current is not None:
        box.setCurrentIndex(current)
    box.currentIndexChanged.connect(on_index)
    form.addRow(label, box)
    return box


def add_spin(
    form: QFormLayout,
    label: str,
    name: str,
    bottom: int,
    top: int,
    value: int,
    on_value: Callable[[int], object],
) -> QSpinBox:
    """Add a spin box from ``bottom`` to ``top`` showing ``value``, named ``name``."""
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(bottom, top)
    spin.setValue(value)
    spin.valueChanged.connect(on_value)
    form.addRow(label, spin)
    return spin


def add_hint(form: QFormLayout, text: str) -> QLabel:
    """Add a wrapped hint line (styled as a hint by the theme) as a full-width row."""
    note = QLabel(text)
    note.setWordWrap(True)
    note.setProperty("hint", True)
    form.addRow(note)
    return note


class ToolContext(QObject):
    """The session, canvas and shared state (selection, clipboard) the tools work on."""

    #: A measurement to show in the BrickRuler panel: a title and lines of text.
    measured = Signal(str, list)
    #: A short message for the status bar.
    message = Signal(str)
    selectionChanged = Signal(object)  # figure id or None
    #: The open roster changed (a character added, a roster opened): ``roster`` anew.
    rosterChanged = Signal()
    #: The map's ruleset's data changed (the user's own tables were saved).
    rulesDataChanged = Signal()

    def __init__(self, session: MapSession, canvas: MapCanvas) -> None:
        super().__init__()
        self.session = session
        self.canvas = canvas
        self.clipboard: Clip | None = None
        #: The room the room tool paints (chosen in the Rooms panel); -1 for none.
        self.current_room = -1
        #: The open roster's characters as the map's ruleset places them, for the figure
        #: tool (``ValueError``: a roster it cannot read); the main window sets it, empty
        #: without a roster.
        self.roster: Callable[[], list[RosterFigure]] = list
        self._selected: str | None = None

    @property
    def selected_figure(self) -> str | None:
        return self._selected

    def select_figure(self, figure_id: str | None) -> None:
        if figure_id == self._selected:
            return
        self._selected = figure_id
        self.canvas.figures.selected = figure_id
        self.canvas.figures.update()
        self.selectionChanged.emit(figure_id)

    def push(
        self, build: Edit | Callable[[], Edit | None] | None, text: str, stroke: int | None = None
    ) -> bool:
        """Push an edit (or report an ``EditError`` raised while building it)."""
        try:
            edit = build() if callable(build) else build
        except EditError as exc:
            self.message.emit(str(exc))
            return False
        return self.session.push(edit, text, stroke)


class Tool(QObject):
    """A canvas tool: turns mouse events on squares into edits or measurements."""

    #: Identifier, menu text, shortcut key, icon file stem, modes it works in, hint.
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    shortcut: ClassVar[str] = ""
    icon: ClassVar[str] = ""
    modes: ClassVar[frozenset[str]] = frozenset({"edit"})
    hint: ClassVar[str] = ""
    cursor: Qt.CursorShape = Qt.CursorShape.CrossCursor

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__()
        self.ctx = ctx
        self._options: QWidget | None = None

    @property
    def session(self) -> MapSession:
        return self.ctx.session

    @property
    def canvas(self) -> MapCanvas:
        return self.ctx.canvas

    def options_widget(self) -> QWidget | None:
        """The tool's settings panel, built once."""
        if self._options is None:
            self._options = self.build_options()
        return self._options

    def build_options(self) -> QWidget | None:
        return None

    # -- life cycle -------------------------------------------------------------------
    def activate(self) -> None:
        """The tool became active."""

    def deactivate(self) -> None:
        """Another tool is taking over: drop half-done work."""
        self.cancel()

    def cancel(self) -> None:
        """Escape: abandon what is in progress."""

    def map_changed(self, changes: Changes) -> None:
        """The map changed (an edit, undo or redo): refresh overlays."""

    # -- events ----------------------------------------------------------------------
    def press(self, ev: MouseInfo) -> bool:
        """A button went down on the map; False lets the canvas pan instead."""
        return True

    def move(self, ev: MouseInfo) -> None:
        """The mouse moved (buttons may be down)."""

    def release(self, ev: MouseInfo) -> None:
        """A button came up."""

    def leave(self) -> None:
        """The mouse left the canvas."""
        self.canvas.overlays.hover.hide()

    def key_press(self, ev: QKeyEvent) -> bool:
        return False

    def takes_key(self, ev: QKeyEvent) -> bool:
        """Whether the tool wants ``ev`` now before the window's shortcut for it (a letter
        with a meaning while an action is pending)."""
        return False

    # -- helpers ------------------------------------------------------------------------
    def on_map(self, sq: Square) -> bool:
        return self.session.doc.dungeon.in_bounds(*sq)

    def show_hover(self, sq: Square) -> None:
        """Outline the square under the mouse, or hide the outline off the map."""
        hover = self.canvas.overlays.hover
        if self.on_map(sq):
            hover.show_squares(*sq, *sq)
        else:
            hover.hide()
