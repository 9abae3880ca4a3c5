"""The Heroica board panel: a map's locations, features, items and start, edited.

Widgets only: every change is built by ``companion.rulesets.heroica.board_edit`` (which
refuses a bad one with a reason, shown in the status bar) and pushed on the map's undo
stack as one ``SetBoard`` edit.  The spaces are the map's floor squares: painting them is
the terrain tool's work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.gui.rulesets import BoardHost
from companion.gui.rulesets.heroica.board_tool import BoardPaletteTool
from companion.model import edits
from companion.model.edits import Changes
from companion.rules.places import place_name
from companion.rulesets.heroica import board_edit as be
from companion.rulesets.heroica.board import check_board, figure_problems, map_spaces
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.schema import Category, Rank

Square = tuple[int, int]
#: Item kinds the palette offers (relics are held by bosses, not laid on spaces).
PALETTE_ITEMS = (Category.GOLD, Category.KEY, Category.TORCH, Category.POTION, Category.WEAPON)
RANDOM_TOKEN = "(drawn at random)"


def _combo(name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    return box


def _fill(box: QComboBox, entries: list[tuple[str, object]], current: object) -> None:
    """Replace a combo's entries without signals; choose the one whose data is ``current``."""
    box.blockSignals(True)
    box.clear()
    for title, data in entries:
        box.addItem(title, data)
    index = box.findData(current)
    box.setCurrentIndex(index if index >= 0 else (0 if entries else -1))
    box.blockSignals(False)


class HeroicaBoardEditor:
    """The board panel of one window (``companion.gui.rulesets.BoardEditorPart``)."""

    def __init__(self, host: BoardHost, catalog: HeroicaCatalog) -> None:
        self.host = host
        self.catalog = catalog
        self.session = host.ctx.session
        self.active = False
        self._filling = False
        self._dock = QDockWidget("Heroica board", host.window)
        self._dock.setObjectName("heroicaBoardDock")
        self.tool = BoardPaletteTool(host.ctx, self.click, self._tool_dropped)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.addWidget(self._build_locations())
        lay.addWidget(self._build_palette())
        lay.addWidget(self._build_details())
        self.problems = QLabel()
        self.problems.setObjectName("boardProblems")
        self.problems.setWordWrap(True)
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.problems)
        lay.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self._dock.setWidget(scroll)
        self.session.changed.connect(self._map_changed)

    # -- BoardEditorPart -------------------------------------------------------------------
    @property
    def dock(self) -> QDockWidget:
        return self._dock

    def set_active(self, active: bool) -> None:
        self.active = active
        if active:
            self.refill()
        else:
            self.palette.clearSelection()  # a click places nothing on another map

    # -- building --------------------------------------------------------------------------
    def _build_locations(self) -> QGroupBox:
        box = QGroupBox("Locations")
        lay = QVBoxLayout(box)
        self.tree = QTreeWidget()
        self.tree.setObjectName("locationsTree")
        self.tree.setHeaderLabels(["Location", "Realm", "Spaces"])
        self.tree.setRootIsDecorated(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemChanged.connect(self._renamed)
        self.tree.currentItemChanged.connect(lambda *_: self._show_location())
        lay.addWidget(self.tree)
        row = QHBoxLayout()
        self.add_button = self._button("Add", "addLocation", self.add_location, row)
        self.remove_button = self._button("Remove", "removeLocation", self.remove_location, row)
        lay.addLayout(row)
        form = QFormLayout()
        self.realm = _combo("realmCombo")
        for realm in self.catalog.realms.values():
            self.realm.addItem(realm.name, realm.id)
        self.realm.currentIndexChanged.connect(self._realm_chosen)
        form.addRow("Realm", self.realm)
        self.boss_location = QCheckBox("Boss Monster location")
        self.boss_location.setObjectName("bossLocationCheck")
        self.boss_location.toggled.connect(self._boss_toggled)
        form.addRow(self.boss_location)
        lay.addLayout(form)
        row = QHBoxLayout()
        self.assign_button = self._button("Assign selection", "assignSelection", self.assign, row)
        self.take_out_button = self._button("Take out", "takeOutSelection", self.take_out, row)
        lay.addLayout(row)
        hint = QLabel(
            "Drag a rectangle with the Select tool (S), then assign its spaces to the "
            "location. A space in two locations is a link piece. Spaces are floor squares: "
            "paint them with the Terrain tool."
        )
        hint.setWordWrap(True)
        hint.setProperty("hint", True)
        lay.addWidget(hint)
        return box

    def _button(
        self, text: str, name: str, slot: Callable[[], object], row: QHBoxLayout
    ) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(lambda _=False: slot())
        row.addWidget(button)
        return button

    def _build_palette(self) -> QGroupBox:
        box = QGroupBox("Place on the map")
        lay = QVBoxLayout(box)
        self.palette = QListWidget()
        self.palette.setObjectName("paletteList")
        entries: list[tuple[str, tuple[str, str]]] = [("Heroes' start", ("start", ""))]
        entries += [(f.name, ("feature", f.id)) for f in self.catalog.features.values()]
        entries += [
            (i.name, ("item", i.id))
            for i in self.catalog.items.values()
            if i.category in PALETTE_ITEMS
        ]
        entries.append(("Clear a space", ("erase", "")))
        for title, data in entries:
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, data)
            self.palette.addItem(item)
        self.palette.itemClicked.connect(lambda _item: self.arm())
        lay.addWidget(self.palette)
        hint = QLabel(
            "Choose, then click spaces on the map; a locked door goes on the edge nearest "
            "the click. Shift+click clears a space."
        )
        hint.setWordWrap(True)
        hint.setProperty("hint", True)
        lay.addWidget(hint)
        return box

    def _build_details(self) -> QGroupBox:
        box = QGroupBox("Caskets, generators, the quest")
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.casket = _combo("casketCombo")
        self.token = _combo("tokenCombo")
        self.generator = _combo("generatorCombo")
        self.boss = _combo("bossCombo")
        self.target = _combo("targetCombo")
        form.addRow("Casket", self.casket)
        form.addRow("Its token", self.token)
        form.addRow("Generator", self.generator)
        form.addRow("Its boss", self.boss)
        form.addRow("Quest target", self.target)
        self.casket.currentIndexChanged.connect(lambda _i: self._show_details())
        self.generator.currentIndexChanged.connect(lambda _i: self._show_details())
        self.token.currentIndexChanged.connect(lambda _i: self._token_chosen())
        self.boss.currentIndexChanged.connect(lambda _i: self._boss_chosen())
        self.target.currentIndexChanged.connect(lambda _i: self._target_chosen())
        return box

    # -- showing the board -----------------------------------------------------------------
    @property
    def board(self) -> dict[str, Any] | None:
        return self.session.doc.board

    def _map_changed(self, changes: Changes) -> None:
        if self.active and (
            changes.everything or changes.board or changes.figures or changes.layers
        ):
            self.refill()

    def refill(self) -> None:
        """Show the open map's board (its rows updated in place)."""
        self._filling = True
        board = self.board or {}
        locations = [loc for loc in board.get("locations", []) if isinstance(loc, dict)]
        current = self.current_location()
        if self.tree.topLevelItemCount() != len(locations):
            self.tree.clear()
            for _ in locations:
                fresh = QTreeWidgetItem(["", "", ""])
                fresh.setFlags(fresh.flags() | Qt.ItemFlag.ItemIsEditable)
                self.tree.addTopLevelItem(fresh)
        for i, loc in enumerate(locations):
            item = self.tree.topLevelItem(i)
            if item is None:
                continue
            realm = self.catalog.realms.get(str(loc.get("realm")))
            texts = (
                str(loc.get("name") or loc.get("id")),
                realm.name if realm else str(loc.get("realm")),
                str(len(be.location_squares(loc))),
            )
            for column, text in enumerate(texts):
                if item.text(column) != text:
                    item.setText(column, text)
            item.setData(0, Qt.ItemDataRole.UserRole, loc.get("id"))
            if loc.get("id") == current:
                self.tree.setCurrentItem(item)
        last = self.tree.topLevelItem(len(locations) - 1) if locations else None
        if self.tree.currentItem() is None and last is not None:
            self.tree.setCurrentItem(last)
        self._filling = False
        self._show_location()
        self._fill_details()
        self._show_problems()

    def current_location(self) -> str | None:
        item = self.tree.currentItem()
        return None if item is None else str(item.data(0, Qt.ItemDataRole.UserRole))

    def _location(self) -> dict[str, Any] | None:
        ident = self.current_location()
        for loc in (self.board or {}).get("locations", []):
            if isinstance(loc, dict) and loc.get("id") == ident:
                return loc
        return None

    def _show_location(self) -> None:
        loc = self._location()
        for w in (self.realm, self.boss_location, self.remove_button):
            w.setEnabled(loc is not None)
        for w in (self.assign_button, self.take_out_button):
            w.setEnabled(loc is not None)
        if loc is None:
            return
        self.realm.blockSignals(True)
        self.realm.setCurrentIndex(max(self.realm.findData(loc.get("realm")), 0))
        self.realm.blockSignals(False)
        self.boss_location.blockSignals(True)
        self.boss_location.setChecked(bool(loc.get("boss")))
        self.boss_location.blockSignals(False)

    def _fill_details(self) -> None:
        board = self.board
        caskets = be.features_of(board, "casket")
        generators = be.features_of(board, "monster_generator")
        _fill(
            self.casket,
            [(f"Casket at {place_name(at)}", i) for i, at in caskets],
            self.casket.currentData(),
        )
        _fill(
            self.generator,
            [(f"Generator at {place_name(at)}", i) for i, at in generators],
            self.generator.currentData(),
        )
        monsters = [f for f in self.session.doc.figures if f.monster]
        bosses = [
            f
            for f in monsters
            if (m := self.catalog.monsters.get(str(f.monster))) is not None
            and m.rank in (Rank.BOSS, Rank.DRAGON)
        ]
        target = (board or {}).get("target")
        _fill(
            self.target,
            [("(none)", None), *((f"{f.label} ({f.monster})", f.id) for f in [*bosses, *monsters])],
            target,
        )
        self._show_details()

    def _feature(self, combo: QComboBox) -> dict[str, Any] | None:
        index = combo.currentData()
        features = (self.board or {}).get("features", [])
        if isinstance(index, int) and 0 <= index < len(features):
            feature: dict[str, Any] = features[index]
            return feature
        return None

    def _show_details(self) -> None:
        casket = self._feature(self.casket)
        tokens: list[tuple[str, object]] = [(RANDOM_TOKEN, None)] + [
            (t.token, t.token) for t in self.catalog.tables.casket.tokens
        ]
        _fill(self.token, tokens, None if casket is None else casket.get("token"))
        self.token.setEnabled(casket is not None)
        generator = self._feature(self.generator)
        bosses = [
            (f"{f.label} ({f.monster})", f.id)
            for f in self.session.doc.figures
            if (m := self.catalog.monsters.get(str(f.monster))) is not None
            and m.rank in (Rank.BOSS, Rank.DRAGON)
        ]
        _fill(
            self.boss,
            [("(none)", None), *bosses],
            None if generator is None else generator.get("boss"),
        )
        self.boss.setEnabled(generator is not None)

    def _show_problems(self) -> None:
        doc = self.session.doc
        problems = check_board(self.board or {}, doc.dungeon, self.catalog)
        problems += figure_problems(doc.figures, self.catalog)
        if problems:
            shown = [f"{place}: {message}" for place, message in problems[:8]]
            more = f"\n(and {len(problems) - 8} more)" if len(problems) > 8 else ""
            self.problems.setText(
                "Problems (the map will not open again until fixed):\n" + "\n".join(shown) + more
            )
            self.problems.setStyleSheet("color: #e05050;")
        else:
            self.problems.setText("The board is sound.")
            self.problems.setStyleSheet("")

    # -- edits -----------------------------------------------------------------------------
    def push(self, build: Callable[[], dict[str, Any]], text: str) -> bool:
        """Build the new board and push it as one undoable step; a refusal is told in the
        status bar and changes nothing."""
        try:
            new = build()
        except be.BoardEditError as exc:
            self.host.ctx.message.emit(str(exc))
            return False
        return self.session.push(edits.set_board(self.session.doc, new), text)

    def spaces(self) -> frozenset[Square]:
        return map_spaces(self.session.doc.dungeon)

    def add_location(self) -> bool:
        realm = str(self.realm.currentData() or next(iter(self.catalog.realms)))
        loc = self._location()
        if loc is not None:
            realm = str(loc.get("realm", realm))
        name = f"Location {len(be.location_ids(self.board)) + 1}"
        new, ident = be.add_location(self.board, name, realm, self.catalog)
        ok = self.push(lambda: new, f"Add location {name}")
        if ok:
            self.refill()
            self._select(ident)
        return ok

    def _select(self, ident: str) -> None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == ident:
                self.tree.setCurrentItem(item)

    def remove_location(self) -> bool:
        ident = self.current_location()
        if ident is None:
            return False
        return self.push(lambda: be.remove_location(self.board, ident), f"Remove location {ident}")

    def _renamed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 0:
            return
        ident = str(item.data(0, Qt.ItemDataRole.UserRole))
        name = item.text(0).strip()
        if not self.push(lambda: be.rename_location(self.board, ident, name), f"Rename to {name}"):
            self.refill()

    def _realm_chosen(self) -> None:
        ident, realm = self.current_location(), self.realm.currentData()
        if self._filling or ident is None or realm is None:
            return
        name = self.realm.currentText()
        self.push(
            lambda: be.set_location_realm(self.board, ident, str(realm), self.catalog),
            f"{ident} in {name}",
        )

    def _boss_toggled(self, on: bool) -> None:
        ident = self.current_location()
        if ident is not None:
            what = "a Boss Monster location" if on else "no Boss Monster location"
            self.push(lambda: be.set_boss_location(self.board, ident, on), f"{ident}: {what}")

    def _selected_squares(self) -> set[Square] | None:
        selection = self.host.selection()
        if selection is None:
            self.host.ctx.message.emit("Select squares with the Select tool (S) first")
            return None
        return be.rect_squares(*selection)

    def assign(self) -> bool:
        ident, squares = self.current_location(), self._selected_squares()
        if ident is None or squares is None:
            return False
        spaces = self.spaces()
        return self.push(
            lambda: be.assign_squares(self.board, ident, squares, spaces), f"Spaces into {ident}"
        )

    def take_out(self) -> bool:
        ident, squares = self.current_location(), self._selected_squares()
        if ident is None or squares is None:
            return False
        return self.push(
            lambda: be.take_out_squares(self.board, ident, squares), f"Spaces out of {ident}"
        )

    def _token_chosen(self) -> None:
        index = self.casket.currentData()
        if isinstance(index, int):
            token = self.token.currentData()
            self.push(
                lambda: be.set_casket_token(self.board, index, token, self.catalog),
                f"Casket token: {token or 'at random'}",
            )

    def _boss_chosen(self) -> None:
        index = self.generator.currentData()
        if isinstance(index, int):
            boss = self.boss.currentData()
            self.push(
                lambda: be.set_generator_boss(self.board, index, boss),
                f"Generator's boss: {boss or 'none'}",
            )

    def _target_chosen(self) -> None:
        target = self.target.currentData()
        self.push(lambda: be.set_target(self.board, target), f"Quest target: {target or 'none'}")

    # -- the palette -------------------------------------------------------------------------
    def arm(self) -> None:
        """Make the palette the map's tool (the chosen entry is what a click places)."""
        if self.palette.currentItem() is not None:
            self.host.use_tool(self.tool)

    def choose(self, title: str) -> None:
        """Pick a palette entry by its title and make the palette the map's tool."""
        (item,) = self.palette.findItems(title, Qt.MatchFlag.MatchExactly)
        self.palette.setCurrentItem(item)
        self.arm()

    def _tool_dropped(self) -> None:
        self.palette.clearSelection()

    def click(self, square: Square, across: Square, shift: bool) -> bool:
        """A click of the palette tool on ``square`` (``across`` its nearest edge)."""
        if not self.active:
            self.host.ctx.message.emit("The Heroica board panel edits Heroica maps only")
            return False
        item = self.palette.currentItem()
        what, ident = item.data(Qt.ItemDataRole.UserRole) if item is not None else ("", "")
        board, spaces, at = self.board, self.spaces(), place_name(square)
        if shift or what == "erase":
            return self.push(lambda: be.remove_at(board, square), f"Clear {at}")
        if what == "start":
            return self.push(lambda: be.set_start(board, square, spaces), f"Heroes start at {at}")
        if what == "feature":
            to = across if ident == "locked_door" else None
            name = self.catalog.features[ident].name
            return self.push(
                lambda: be.place_feature(board, ident, square, spaces, self.catalog, to=to),
                f"{name} at {at}",
            )
        if what == "item":
            name = self.catalog.items[ident].name
            return self.push(
                lambda: be.place_item(board, ident, square, spaces, self.catalog), f"{name} at {at}"
            )
        self.host.ctx.message.emit("Choose what to place in the Heroica board panel")
        return False
