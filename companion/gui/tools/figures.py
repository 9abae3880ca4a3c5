"""The figure tool: place heroes and monsters, drag them, turn them, remove them."""

from __future__ import annotations

import re
from typing import ClassVar

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QVBoxLayout, QWidget

from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool, ToolContext, add_combo, add_hint
from companion.gui.tools.terrain import FACING_TITLES
from companion.model import edits
from companion.model.dungeon import Facing
from companion.model.mapfile import FigurePlacement
from companion.rules.ruleset import CharacterSheets
from companion.rules.table import RosterFigure

SIDES = (("party", "Party (heroes)"), ("dungeon", "Dungeon (monsters)"))
#: Sides of a ruleset with no monsters, where every figure is a character (a skirmish).
SKIRMISH_SIDES = (("red", "Red side"), ("blue", "Blue side"))


class FigureTool(Tool):
    name: ClassVar[str] = "figure"
    title: ClassVar[str] = "Figures"
    shortcut: ClassVar[str] = "U"
    icon: ClassVar[str] = "figure"
    hint: ClassVar[str] = (
        "Click an empty square to place a figure; drag one to move it; "
        "click a selected figure to turn it; Shift+click removes it"
    )

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.side = ""
        #: The class or monster the next click places: one the map's ruleset has.
        self.kind_id = ""
        self.facing = Facing.S
        self.figure_name = ""
        self._drag: str | None = None
        self._drag_from: Square | None = None
        self._moved = False
        self._kind_box: QComboBox | None = None
        self._side_box: QComboBox | None = None
        self._page: QWidget | None = None
        self._form: QWidget | None = None
        #: The ruleset the options were built for.
        self._built_for = ""
        #: The roster character the next click places, or None.
        self.character: RosterFigure | None = None
        self.ctx.rosterChanged.connect(self._refill)
        self.ctx.rulesDataChanged.connect(self._refill)

    def sides(self) -> tuple[tuple[str, str], ...]:
        """The sides figures are placed on: party and dungeon, or a skirmish's two sides."""
        return SIDES if self.session.figure_kinds("monster") else SKIRMISH_SIDES

    def _kind(self) -> str:
        """What the chosen side's figures are: monsters for the dungeon, else classes."""
        return "monster" if self.side == "dungeon" else "class"

    def roster_figures(self) -> tuple[list[RosterFigure], str]:
        """The roster's characters the ruleset lets the tool place, and a line to show
        when there are none (or the roster has a problem)."""
        try:
            figures = self.ctx.roster()
        except ValueError as exc:
            return [], f"The roster has a problem, so its characters cannot be placed: {exc}"
        if not figures:
            return [], (
                f"{self.session.ruleset.title} has no roster characters to place here: "
                "choose a class or monster above."
            )
        return figures, ""

    def build_options(self) -> QWidget:
        self._page = QWidget()
        lay = QVBoxLayout(self._page)
        lay.setContentsMargins(0, 0, 0, 0)
        self._refill()
        return self._page

    def activate(self) -> None:
        self._refill()

    def map_changed(self, changes: edits.Changes) -> None:
        if (changes.options or changes.everything) and self._built_for != self.session.ruleset.id:
            self._refill()

    def _refill(self) -> None:
        """The options for the map's ruleset and its roster, as they are now."""
        if self._page is None:
            return
        layout = self._page.layout()
        if layout is None:
            return
        if self._form is not None:
            layout.removeWidget(self._form)
            self._form.hide()
            self._form.setParent(None)
            self._form.deleteLater()
        self._form = self._build_form()
        layout.addWidget(self._form)
        self._form.show()
        self._built_for = self.session.ruleset.id

    def _build_form(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        sides = self.sides()
        if self.side not in [k for k, _ in sides]:
            self.side = sides[0][0]
        kinds = [k for k, _ in self.session.figure_kinds(self._kind())]
        if self.kind_id not in kinds:
            self.kind_id = kinds[0] if kinds else ""
        self.character = None
        side = add_combo(
            form,
            "Side",
            "figure_side",
            ((title, key) for key, title in sides),
            lambda i: self.set_side(sides[i][0]),
            current=[k for k, _ in sides].index(self.side),
        )
        kind = add_combo(
            form,
            "Class / monster",
            "figure_kind",
            (),
            lambda i: self._set_kind(kind.itemData(i)) if i >= 0 else None,
        )
        characters, why_none = self.roster_figures()
        if characters:
            # A roster ruleset: place the roster's characters, linked to it by id.
            labels: list[tuple[str, RosterFigure | None]] = [
                ("(a new figure of the class above)", None)
            ] + [(f"{c.name} ({c.side})", c) for c in characters]
            add_combo(
                form,
                "Character",
                "figure_character",
                ((title, str(i)) for i, (title, _c) in enumerate(labels)),
                lambda i: setattr(self, "character", labels[i][1] if i >= 0 else None),
            )
        elif isinstance(self.session.ruleset, CharacterSheets):
            note = add_hint(form, why_none)
            note.setObjectName("figure_no_roster")
        name = QLineEdit()
        name.setObjectName("figure_name")
        name.setPlaceholderText("optional, e.g. Grok")
        name.textChanged.connect(lambda t: setattr(self, "figure_name", t.strip()))
        form.addRow("Name", name)
        add_combo(
            form,
            "Facing",
            "figure_facing",
            ((FACING_TITLES[f], f.value) for f in Facing),
            lambda i: setattr(self, "facing", list(Facing)[i]),
            current=list(Facing).index(self.facing),
        )
        add_hint(form, "Blue markers are the party, red the dungeon; the notch shows facing.")
        self._kind_box, self._side_box = kind, side
        self._fill_kinds()
        return w

    def _set_kind(self, kind_id: str) -> None:
        self.kind_id = kind_id

    def set_side(self, side: str) -> None:
        self.side = side
        kinds = self.session.figure_kinds(self._kind())
        self.kind_id = kinds[0][0] if kinds else ""
        self._fill_kinds()

    def _fill_kinds(self) -> None:
        box = self._kind_box
        if box is None:
            return
        choices = self.session.figure_kinds(self._kind())
        box.blockSignals(True)
        box.clear()
        for ident, title in choices:
            box.addItem(title, ident)
        i = box.findData(self.kind_id)
        box.setCurrentIndex(max(i, 0))
        box.blockSignals(False)
        if box.count():
            self.kind_id = box.currentData()

    def new_figure(self, at: Square) -> FigurePlacement | None:
        """The figure a click at ``at`` places, or None when the map's ruleset has no such
        class or monster (the options are refreshed and the status bar says so)."""
        doc = self.session.doc
        c = self.character
        if c is not None:
            return FigurePlacement(
                id=edits.unique_figure_id(doc, c.id),
                name=c.name,
                side=c.side,
                class_id=c.class_id,
                at=at,
                facing=self.facing,
            )
        known = dict(self.session.figure_kinds(self._kind()))
        if self.kind_id not in known or self._built_for != self.session.ruleset.id:
            self._refill()
            self.ctx.message.emit(
                f"{self.session.ruleset.title} has no {self._kind()} {self.kind_id!r}: "
                "choose one in the Tool panel"
                if self.kind_id
                else f"{self.session.ruleset.title} has no {self._kind()} to place"
            )
            return None
        base = re.sub(r"[^A-Za-z0-9_\-]+", "_", self.figure_name.lower()).strip("_")
        fid = edits.unique_figure_id(doc, base or self.kind_id)
        probe = FigurePlacement(
            id=fid,
            side=self.side,
            at=at,
            class_id=self.kind_id if self._kind() == "class" else None,
            monster=self.kind_id if self._kind() == "monster" else None,
        )
        stats = self.session.profile(probe.class_id, probe.monster)
        return probe.model_copy(
            update={
                "name": self.figure_name or (stats.name if stats else ""),
                "facing": self.facing,
                "large": bool(stats and stats.large),
            }
        )

    # -- events --------------------------------------------------------------------
    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        doc = self.session.doc
        fig = doc.figure_at(*ev.square)
        if ev.shift:
            if fig is not None:
                self.ctx.push(edits.remove_figure(doc, fig.id), f"Remove {fig.label}")
                if self.ctx.selected_figure == fig.id:
                    self.ctx.select_figure(None)
            return True
        if fig is None:
            new = self.new_figure(ev.square)
            if new is None:
                return True
            if self.ctx.push(lambda: edits.place_figure(doc, new), f"Place {new.label}"):
                self.ctx.select_figure(new.id)
            return True
        self._drag, self._drag_from, self._moved = fig.id, ev.square, False
        return True

    def move(self, ev: MouseInfo) -> None:
        self.show_hover(ev.square)
        if self._drag is not None and ev.buttons & Qt.MouseButton.LeftButton:
            if ev.square != self._drag_from:
                self._moved = True
            if self._moved:
                self.canvas.figures.offsets[self._drag] = QPointF(
                    ev.pos.x() - 0.5, ev.pos.y() - 0.5
                )
                self.canvas.figures.update()

    def release(self, ev: MouseInfo) -> None:
        fid, self._drag = self._drag, None
        self.canvas.figures.offsets.clear()
        self.canvas.figures.update()
        if fid is None:
            return
        doc = self.session.doc
        fig = doc.figure(fid)
        if fig is None:
            return
        if self._moved:
            if ev.square != fig.at and self.on_map(ev.square):
                moved = fig.model_copy(update={"at": ev.square})
                self.ctx.push(lambda: edits.place_figure(doc, moved), f"Move {fig.label}")
        elif self.ctx.selected_figure == fid:
            turned = fig.model_copy(update={"facing": fig.facing.right})
            self.ctx.push(lambda: edits.place_figure(doc, turned), f"Turn {fig.label}")
        self.ctx.select_figure(fid)

    def cancel(self) -> None:
        self._drag = None
        self.canvas.figures.offsets.clear()
        self.canvas.figures.update()
