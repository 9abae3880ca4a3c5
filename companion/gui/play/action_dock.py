"""The action bar: what the acting figure may do now, and the odds before committing.

Buttons come from the ruleset's ``choices``: one per action kind, grouped ones (spells,
interactions, items, skills) as a menu.  Keys 1-9 press the buttons in order; the
BrickMaster's keys (initiative, begin and end turn, hold) are fixed.
"""

from __future__ import annotations

import html
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from companion.gui.play.choices_dialog import ChoicesDialog
from companion.gui.play.controller import PlayController
from companion.gui.play.flow_layout import FlowBar
from companion.gui.play.hint_box import HintBox
from companion.gui.play.measured_label import MeasuredLabel
from companion.gui.play.reasons import reason_lines
from companion.gui.play.size_wall import SizeWall
from companion.rules.dice import DiceRoll
from companion.rules.table import ActionChoice, DieSpec, Odds, roll_labels

#: The faces of a d6 as the table sees them.
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def faces_text(roll: DiceRoll, specs: Sequence[DieSpec] = ()) -> str:
    """Dice as pips (a plain d6), labels (a symbol die) or numbers in boxes (other dice)."""
    if roll.die is None and roll.sides == 6:
        return " ".join(DIE_FACES[f - 1] for f in roll.faces)
    return " ".join(f"[{label}]" for label in roll_labels(roll, specs))


def roll_line(roll: DiceRoll, specs: Sequence[DieSpec] = ()) -> str:
    """One roll for the action bar: its purpose, then its faces on a line of their own (so
    they never wrap apart), and the total of several numbered dice with what the rules
    added to it, as the model recorded it (the log's result)."""
    numbered = roll.die is None or all(d.numbered for d in specs if d.id == roll.die)
    total = f"&nbsp;= {roll.total}" if len(roll.faces) > 1 and numbered else ""
    if numbered and roll.modifier:
        sign = "+" if roll.modifier > 0 else "\u2212"
        total += f" {sign} {abs(roll.modifier)} = {roll.result}"
    return f"<small>{roll.purpose}</small><br><nobr>{faces_text(roll, specs)}{total}</nobr>"


def more_rolls_line(more: int) -> str:
    """In place of the rolls the action bar has no room for: how many, and where they are."""
    rolls = "roll" if more == 1 else "rolls"
    return f"<small>+ {more} more {rolls}</small><br><small>(all in the game log)</small>"


#: How many rolls the action bar shows (two rows of two).
DICE_SHOWN = 4

#: Fixed keys for the turn's own actions; the others get 1-9 in order.
FIXED_KEYS = {
    "initiative": "Ctrl+I",
    "begin_turn": "Return",
    "end_turn": "Ctrl+Return",
    "hold": "Ctrl+H",
}


#: How many buttons no longer offered the bar keeps hidden for when they are again.
KEPT_BUTTONS = 24

#: How much narrower (of its slack for two lines) or wider than its new wording needs a
#: reason already shown may stay, rather than move the buttons after it.
REASON_SLACK = 8
REASON_SPARE = 16
#: A refusal's reasons: how many fit in one column before they go in two, the least
#: width of a column (a longer reason wraps in it), the gap between the two.
REASON_ROWS = 3
REASON_COLUMN = 240
REASON_GAP = 18
#: How many reasons' widths the bar keeps measured.
KEPT_ROOMS = 64

#: A button of the bar: (title, kind, grouped, key, menu entries as (label, why not)).
Slot = tuple[str, str, bool, str | None, tuple[tuple[str, str], ...]]
#: A button's widgets: its cell, the button, the reason beside it, and the cell's layout.
Cell = tuple[QWidget, QToolButton, QLabel, QHBoxLayout]


def _layout(
    groups: OrderedDict[str, list[ActionChoice]], odds: Callable[[ActionChoice], str] | None = None
) -> list[Slot]:
    """The buttons ``groups`` make, one per group, in order; a menu entry taken at once
    (nothing to click after it) shows its odds when ``odds`` has any for it (a fight)."""
    out = []
    number = 1
    for title, members in groups.items():
        first = members[0]
        key = FIXED_KEYS.get(first.kind) if not first.group else None
        if key is None and number <= 9:
            key = str(number)
            number += 1
        labels = tuple((_with_odds(c, odds), "" if c.enabled else c.why_not) for c in members)
        out.append((title, first.kind, bool(first.group), key, labels if first.group else ()))
    return out


def _with_odds(choice: ActionChoice, odds: Callable[[ActionChoice], str] | None) -> str:
    """A choice's label, with its odds when it is taken at once and has any."""
    if odds is None or not choice.enabled or choice.needs != "none":
        return choice.label
    text = odds(choice)
    return f"{choice.label} · {text}" if text else choice.label


def why_not(members: Sequence[ActionChoice]) -> str:
    """Why none of ``members`` can be taken now ("" when one can): the reason they share,
    or the first one's."""
    if not members or any(c.enabled for c in members):
        return ""
    reasons = [c.why_not for c in members if c.why_not]
    if not reasons:
        return "not possible now"
    first = reasons[0].split("; ")[0]
    return first if all(first in r for r in reasons) else reasons[0]


def refusal_text(lines: Sequence[str], width: int) -> str:
    """A refusal's numbered reasons under "Not allowed:": in one column when they are
    few or the room is narrow, else in two read down (1, 2, 3 on the left, 4, 5, 6
    beside them), so many reasons take half the lines and each still reads on its own."""
    cells = [html.escape(line, quote=False) for line in lines]
    if len(cells) <= REASON_ROWS or width < 2 * REASON_COLUMN:
        return "<b>Not allowed:</b><br>" + "<br>".join(cells)
    rows = -(-len(cells) // 2)
    left = f'<td style="padding-right: {REASON_GAP}px">'
    table = "".join(
        f"<tr>{left}{cells[r]}</td><td>{cells[rows + r] if rows + r < len(cells) else ''}</td></tr>"
        for r in range(rows)
    )
    return f'<b>Not allowed:</b><table cellspacing="0" cellpadding="0">{table}</table>'


def _shape(layout: list[Slot]) -> list[tuple[str, str, bool, str | None, int]]:
    """The buttons ``layout`` makes, without their menu entries' reasons."""
    return [(t, kind, grouped, key, len(labels)) for t, kind, grouped, key, labels in layout]


def _set_text(label: QLabel, text: str) -> None:
    """A label's text, set only when it changed (setting it asks for a relayout)."""
    if label.text() != text:
        label.setText(text)


def _key_text(key: str) -> str:
    """A key as the bar shows it, short: "Ctrl+⏎" for Ctrl+Return."""
    return QKeySequence(key).toString().replace("Return", "⏎")


def _on_the_bar(choice: ActionChoice, needs_initiative: bool, from_table: bool) -> bool:
    """The bar holds the acting figure's actions, and the initiative roll when it is due
    (the table's other actions are in the Game menu)."""
    if not from_table:
        return True
    return choice.kind == "initiative" and needs_initiative


class OddsView(QWidget):
    """Chance to hit and to kill, and the damage distribution as a small bar chart; or,
    over a figure that is not a valid target, why not (and no odds)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.box = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.text = QLabel("")
        self.text.setObjectName("oddsText")
        self.text.setWordWrap(True)
        self.text.setFixedWidth(190)
        layout.addWidget(self.text)
        self.plot = pg.PlotWidget(background=None)
        self.plot.setObjectName("oddsChart")
        self.plot.setFixedSize(170, 60)
        self.plot.setMouseEnabled(False, False)
        self.plot.hideButtons()
        self.plot.getPlotItem().setMenuEnabled(False)
        self.plot.getPlotItem().hideAxis("left")
        axis = self.plot.getPlotItem().getAxis("bottom")
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.8))
        axis.setStyle(tickFont=small, tickTextOffset=2)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brush=(255, 190, 60))
        self.plot.addItem(self.bars)
        layout.addWidget(self.plot)
        self.ticks: list[tuple[int, str]] = []
        self.show_odds(None)

    def reserve(self, on: bool) -> None:
        """Keep (``on``) the room the odds take while nothing is shown in it: while an
        action aimed at a figure is pending, pointing at a target then brings up its odds
        without the bar's buttons wrapping anew or the dock growing (and the map beside
        it rescaling under the pointer)."""
        for widget in (self.text, self.plot):
            policy = widget.sizePolicy()
            if policy.retainSizeWhenHidden() != on:
                policy.setRetainSizeWhenHidden(on)
                widget.setSizePolicy(policy)
        # As tall as the chart or four lines of the odds' sentence, whichever is more.
        lines = 4 * self.text.fontMetrics().lineSpacing()
        height = max(self.plot.height(), lines) if on else 0
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)

    def show_odds(self, odds: Odds | str | None) -> None:
        """Show ``odds``; a text instead says why there are none (an invalid target)."""
        self.odds = odds if isinstance(odds, Odds) else None
        if odds is None or isinstance(odds, str):
            _set_text(self.text, f"<b>Not a valid target:</b> {html.escape(odds)}" if odds else "")
            if self.text.isVisibleTo(self) != bool(odds):
                self.text.setVisible(bool(odds))
            if self.plot.isVisibleTo(self):
                self.plot.hide()
            return
        self.text.show()
        head = f"{odds.hit:.0%} to hurt"
        sentence = html.escape(odds.text)
        if odds.headline:  # the ruleset says what the chance is of
            self.text.setText(f"<b>{html.escape(odds.headline)}</b><br><small>{sentence}</small>")
        elif head in odds.text:  # the model's sentence says it: once, with the numbers bold
            for number in (f"{odds.hit:.0%}", f"{odds.kill:.0%}"):
                sentence = sentence.replace(number, f"<b>{number}</b>", 1)
            self.text.setText(sentence)
        else:
            self.text.setText(
                f"<b>{odds.hit:.0%}</b> to hurt, <b>{odds.kill:.0%}</b> to kill"
                f"<br><small>{sentence}</small>"
            )
        xs = sorted(odds.damage)
        self.bars.setOpts(x=xs, height=[odds.damage[x] for x in xs], width=0.8)
        # Damage is a whole number: a few round ticks, far enough apart to read.
        top = max(xs, default=0)
        step = next((n for n in (1, 2, 5, 10, 20, 50, 100) if top / n <= 5), 100)
        self.ticks = [(x, str(x)) for x in range(0, top + 1, step)]
        self.plot.getPlotItem().getAxis("bottom").setTicks([self.ticks, []])
        self.plot.setXRange(-0.5, top + 0.5, padding=0)
        self.plot.setYRange(0, max(odds.damage.values(), default=1) * 1.05, padding=0)
        self.plot.show()


class ActionDock(QDockWidget):
    """The acting figure's actions as one row of buttons, the odds beside them; each action
    not possible now is greyed with the rules' reason beside it.  Below: the hint of the
    pending action and the last dice."""

    def __init__(self, controller: PlayController, parent: QWidget | None = None) -> None:
        super().__init__("Actions", parent)
        self.setObjectName("actionDock")
        self.controller = controller
        body = QWidget()
        outer = self.outer = QVBoxLayout(body)
        outer.setContentsMargins(6, 2, 6, 2)
        outer.setSpacing(2)
        top = QHBoxLayout()
        # The buttons wrap onto more lines rather than widen the window.
        self.bar = FlowBar(spacing=4)
        top.addWidget(self.bar, 1)
        self.odds = OddsView()
        top.addWidget(self.odds, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(top)
        below = QHBoxLayout()
        self.hint = MeasuredLabel("")
        self.hint.setObjectName("actionHint")
        self.hint.setWordWrap(True)
        # As tall as its text up to a few lines; a longer one (many reasons) scrolls.
        self.hint_box = HintBox(self.hint)
        below.addWidget(self.hint_box, 1)
        # Sends an action that takes several figures with those picked on the map.
        self.send = QToolButton()
        self.send.setObjectName("sendTargets")
        self.send.setText("Send")
        self.send.setToolTip("Take the action with the figures picked (Return)")
        self.send.setProperty("playAction", True)
        self.send.clicked.connect(controller.confirm_targets)
        self.send.hide()
        below.addWidget(self.send, 0, Qt.AlignmentFlag.AlignTop)
        self.dice = MeasuredLabel("")
        self.dice.setObjectName("lastDice")
        # Rolls two to a row, each its purpose over its faces: never cut, never tall.
        big = self.dice.font()
        big.setPointSizeF(big.pointSizeF() * 1.3)
        self.dice.setFont(big)
        below.addWidget(self.dice)
        self.reroll = QToolButton()
        self.reroll.setObjectName("rerollDice")
        self.reroll.setText("Roll again…")
        self.reroll.setToolTip("Roll the last action's dice again (logged, with a reason)")
        self.reroll.setProperty("playAction", True)
        self.reroll.clicked.connect(controller.reroll_last)
        # Hidden (no dice), it keeps its place: the hint beside it is not laid out and
        # painted again each time an action with dice follows one without.
        keep = self.reroll.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.reroll.setSizePolicy(keep)
        below.addWidget(self.reroll, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(below)
        # What changes in the dock (a reason, the hint, the dice) is laid out in the dock:
        # the window lays its docks out again only when the dock needs more room.
        self.body = body
        # Filled (as the window would be beneath it), so what changes in it is painted
        # by it alone, not by the dock and the window under it as well.
        body.setAutoFillBackground(True)
        self.wall = SizeWall(body)
        self.setWidget(self.wall)
        self.buttons: dict[str, QToolButton] = {}
        #: The reason beside each button that cannot be pressed now ("" hidden).
        self.reasons: dict[str, QLabel] = {}
        #: The keys of the buttons on the bar, in the bar's order (see ``_bind_keys``).
        self.key_actions: list[QAction] = []
        #: What each button and the reason beside it say now (why it cannot be pressed,
        #: "" when it can), so an unchanged one is not asked again.
        self._said: dict[QToolButton, str] = {}
        #: The width each reason's wording needs (``_room``).
        self._rooms: dict[str, int] = {}
        #: The game's state as the dock last showed it (``refresh``).
        self._state: object = None
        #: Every key the bar has used, made once; and the button each key presses now.
        self._keys: dict[str, QAction] = {}
        self._bound: dict[str, str] = {}
        #: The refusal the hint shows, and whether the dice lent it their place
        #: (``_refused``).
        self._refusal = ""
        self._lent = False
        #: The dock's height before what it shows needed more (``_grow_or_give_back``).
        self._rest: int | None = None
        #: The widgets just shown (see ``_settle``).
        self._shown: list[QWidget] = []
        #: The cells new on the bar or whose reason changed (laid out by ``_settle``).
        self._touched: list[QWidget] = []
        #: The cells new on the bar and their buttons, shown once the bar has placed them
        #: (``_settle``).
        self._showing: list[QWidget] = []
        #: The choices behind each button, and the buttons' layout as last built.
        self._groups: OrderedDict[str, list[ActionChoice]] = OrderedDict()
        self._layout: list[Slot] | None = None
        #: The buttons on the bar, by what makes them (see ``_rebuild``).
        self._cells: dict[tuple[str, str, bool, str | None, int, bool], Cell] = {}
        #: Buttons no longer offered, kept hidden for when they are again:
        #: a turn's end takes some away and the next turn's start (or an undo) brings them
        #: back, and showing a kept button costs a fraction of making one.
        self._kept: OrderedDict[tuple[str, str, bool, str | None, int, bool], Cell] = OrderedDict()
        controller.changed.connect(self.refresh)
        controller.pendingChanged.connect(self._pending)
        controller.verdictShown.connect(self._refused)
        controller.oddsShown.connect(self._show_odds)
        controller.turnPassed.connect(self._turn_passed)
        controller.gameChanged.connect(self._new_game)
        self.refresh()

    def _stale(self) -> bool:
        """Whether the game's state is not the one the dock shows: the action taken
        clears what was pending, then the controller says the state changed."""
        game = self.controller.game
        return game is not None and game.state is not self._state

    def refresh(self) -> None:
        game = self.controller.game
        self._state = game.state if game is not None else None
        groups: OrderedDict[str, list[ActionChoice]] = OrderedDict()
        turn = self.controller.turn()
        due = bool(turn and turn.needs_initiative)
        # The table's own choices, by identity (``PlayController.from_table``), asked once.
        table = {id(c) for c in self.controller.table_choices()}
        for choice in self.controller.choices():
            if not _on_the_bar(choice, due, id(choice) in table):
                continue  # the table's other actions are in the Game menu
            groups.setdefault(choice.group or choice.label, []).append(choice)
        layout = _layout(groups, self._odds_text)
        # The buttons stay when they would be the same (most changes: another figure's
        # turn offers the same actions); only the choices behind them are new.
        self._groups = groups
        rebuilt = False
        with self._changing():
            if layout != self._layout:
                if self._layout is not None and _shape(layout) == _shape(self._layout):
                    self._relabel(layout)  # only a menu entry's reason changed
                else:
                    self._rebuild(layout)
                    rebuilt = True
                self._layout = layout
            reasons = self._show_reasons()
            self._show_last_dice()
            if self.controller.game is None:
                _set_text(self.hint, "Start a game (Game → New game…, Ctrl+Alt+N) to take actions.")
            elif not self.controller.pending:
                _set_text(self.hint, "")
                self.odds.show_odds(self._offered_odds())
        self._settle(cells=reasons or rebuilt)

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """The dock's layouts wait while its widgets change: Qt lays out every layout
        above a widget shown, at once (its cell, squeezed at its old size, and the body,
        once per widget shown); ``_settle`` lays them out once, after."""
        layouts: list[QLayout] = [cell[3] for cell in self._cells.values()]
        layouts += [self.outer, self.odds.box]
        for layout in layouts:
            layout.setEnabled(False)
        try:
            yield
        finally:
            for layout in layouts:
                layout.setEnabled(True)
            for cell in self._cells.values():  # those taken from the kept or made
                cell[3].setEnabled(True)

    def _new_game(self) -> None:
        """A game begins: the dice and the dock take only the room this one needs."""
        self.dice.setMinimumWidth(0)
        self._settle()
        self.wall.check(force=True)

    def _settle(self, cells: bool = False) -> None:
        """Lay the dock out now, before the window paints, so it is laid out and painted
        once per change (a label's new text otherwise lays it out in a pass of its own,
        after the paint, and paints it again).  ``cells``: a button was shown or hidden, or
        a reason shown, hidden or changed.

        Laid out from the inside out (each cell changed at its new size, the bar, then the
        body), as each layout laid out tells the one above it to lay out again: in this
        order none is left to lay out after the paint."""
        self.odds.box.activate()
        touched, self._touched = self._touched, []
        for widget in touched:
            box = widget.layout()
            hint = widget.sizeHint()
            if widget.size() != hint:
                widget.resize(hint)  # its button and reason placed once, at its new size
            elif box is not None:
                box.activate()  # a reason reworded in the same room
        if cells:
            self.bar.changed()
            self.bar.place()  # the buttons placed (the bar's height set for its width)
        if self._showing:
            self._show_placed()
        if self._lent and (self.hint.text() != self._refusal or self.dice.text()):
            # The refusal is gone (or dice came): the dice have their place back.
            self._lent = False
            self.dice.show()
        self.hint_box.fit()
        for _ in range(3):  # the bar's height follows its width: at most once more
            height = self.bar.minimumHeight()
            self.outer.activate()
            if self.bar.minimumHeight() == height:
                break
        # What each layout asked of the one above it in an event of its own is done.
        scroll = self.hint_box
        for widget in (
            *touched,
            self.bar,
            self.odds,
            self.body,
            self.wall,
            scroll,
            scroll.viewport(),
        ):
            QCoreApplication.removePostedEvents(widget, QEvent.Type.LayoutRequest)
        self._grow_or_give_back()
        # A widget shown asks to be painted in an event of its own, after the window's
        # paint: asked now, it is painted with the rest.
        for widget in self._shown:
            QCoreApplication.sendPostedEvents(widget, QEvent.Type.UpdateLater)
        self._shown = []

    def _show_placed(self) -> None:
        """The cells new on the bar shown where the bar placed them (hidden, they keep
        their room: ``_make_cell``), so only their own places are painted; the layouts
        above them wait (showing a widget lays out every layout above it at once)."""
        self.outer.setEnabled(False)
        for widget in self._showing:
            if widget.isHidden():  # a cell (its button is shown with it)
                widget.show()
        self._shown += self._showing
        self.outer.setEnabled(True)
        self._showing = []

    def _show_odds(self, odds: Odds | str | None) -> None:
        self.odds.show_odds(odds)
        self._settle()

    def _offered_odds(self) -> Odds | None:
        """The odds of the first choice offered that asks for them to be shown at once
        (``ActionChoice.show_odds``), if any."""
        for members in self._groups.values():
            for choice in members:
                if choice.show_odds and choice.enabled:
                    odds = self.controller.odds(choice.template)
                    if odds is not None:
                        return odds
        return None

    def _odds_text(self, choice: ActionChoice) -> str:
        """The model's sentence on the odds of ``choice`` aimed at a figure (a fight, a
        shot), or ""."""
        if "target" not in choice.template:
            return ""
        odds = self.controller.odds(choice.template)
        return odds.text if odds is not None else ""

    def _show_reasons(self) -> bool:
        """Each button enabled as the rules say, the reason beside a disabled one; whether
        a reason changed (only what changed is set: each set asks for a relayout)."""
        shown: list[QLabel] = []
        changed = False
        for title, button in self.buttons.items():
            why = why_not(self._groups.get(title, []))
            if self._said.get(button) == why:
                continue  # its button and reason say it already
            self._said[button] = why
            if button.isEnabled() != (not why):
                button.setEnabled(not why)
            if button.toolTip() != (why or title):
                button.setToolTip(why or title)
            label = self.reasons[title]
            # Shown: not hidden itself (a button new on the bar is shown after, once placed).
            shown_now = not label.isHidden()
            if label.text() == why and shown_now == bool(why):
                continue
            changed = True
            cell = label.parentWidget()
            if cell is not None:
                self._touched.append(cell)
            # Wide enough to read in two lines at most, never wider than its maximum.  A
            # reason shown already keeps its width when reworded a little (another
            # distance, another name): the buttons after it stay where they are.
            if why:
                room = self._room(label, why)
                now = label.minimumWidth()
                kept = shown_now and room - REASON_SLACK <= now <= room + REASON_SPARE
                if not kept:
                    label.setMinimumWidth(min(room, label.maximumWidth()))
            label.setText(why)
            label.setToolTip(why)
            if not why:
                label.hide()
            elif label.isHidden():
                shown.append(label)
        # Shown last: showing a widget lays out the ones around it at once, and laid out
        # with every other reason already in place, the buttons move once.
        for label in shown:
            label.show()
        self._shown += shown
        return changed

    def _room(self, label: QLabel, why: str) -> int:
        """The width that shows ``why`` in two lines (measured once per wording: the same
        few reasons come back action after action)."""
        room = self._rooms.get(why)
        if room is None:
            if len(self._rooms) >= KEPT_ROOMS:
                self._rooms.clear()
            room = self._rooms[why] = label.fontMetrics().horizontalAdvance(why) // 2 + 12
        return room

    def _relabel(self, layout: list[Slot]) -> None:
        """The menus' entries given their new reasons, the buttons as they are."""
        for title, _kind, grouped, _key, labels in layout:
            menu = self.buttons[title].menu() if grouped else None
            if menu is None:
                continue
            for a, (label, why) in zip(menu.actions(), labels, strict=False):
                text = f"{label} — {why}" if why else label
                if a.text() != text:
                    a.setText(text)
                if a.isEnabled() != (not why):
                    a.setEnabled(not why)

    def _choose(self, title: str, index: int) -> None:
        """Take the ``index``-th choice under the button ``title`` as it stands now."""
        members = self._groups.get(title, [])
        if index < len(members):
            self.controller.choose(members[index])

    def _press(self, title: str) -> None:
        """A key for the button ``title``: press it, or say why it cannot be pressed."""
        button = self.buttons.get(title)
        if button is None:
            return
        why = why_not(self._groups.get(title, []))
        if why:
            name = html.escape(title)
            self.hint.setText(f"<b>{name}</b> is not possible now: {html.escape(why)}")
            self._settle()
            return
        if button.menu() is not None:
            button.showMenu()
        else:
            button.click()

    def _rebuild(self, layout: list[Slot]) -> None:
        """The buttons of ``layout``: a button already on the bar with the same title,
        kind, key and menu stays (only its menu's reasons are set again); the others are
        taken from those kept or made, and the ones no longer offered kept hidden.  Making
        a button (and polishing and showing it) is most of the cost of a new bar, at every
        turn's start and end."""
        old = self._cells
        self._cells = {}
        self.buttons.clear()
        self.reasons.clear()
        keys: dict[str, str] = {}
        for slot in layout:
            title, kind, grouped, key, labels = slot
            members = self._groups.get(title, [])
            ident = (title, kind, grouped, key, len(labels), bool(members and members[0].dialog))
            cell = old.pop(ident, None) or self._kept.pop(ident, None) or self._make_cell(slot)
            widget, button, reason, _box = cell
            self._cells[ident] = cell
            if widget.isHidden():
                self._showing += (widget, button)  # once placed (``_settle``)
                self._touched.append(widget)
            self.buttons[title] = button
            self.reasons[title] = reason
            if key:
                keys[key] = title
        for ident, cell in old.items():
            cell[0].hide()
            self._kept[ident] = cell
            self._kept.move_to_end(ident)
        while len(self._kept) > KEPT_BUTTONS:
            widget, button, _reason, _box = self._kept.popitem(last=False)[1]
            self._said.pop(button, None)
            widget.setParent(None)
            widget.deleteLater()
        self.bar.set_widgets([cell[0] for cell in self._cells.values()])
        self._bind_keys(keys)
        self._relabel(layout)

    def _bind_keys(self, keys: dict[str, str]) -> None:
        """Each key of ``keys`` (key: the title of the button it presses) made to press
        its button; the keys of no button now taken off the dock (a key on the bar is
        made once and kept: the bar gains and loses them at every turn)."""
        for key, action in self._keys.items():
            if key not in keys and key in self._bound:
                action.setEnabled(False)
                self.removeAction(action)
        for key in keys:
            if key in self._bound:
                continue  # on the dock already
            action = self._keys.get(key) or self._make_key(key)
            action.setEnabled(True)
            self.addAction(action)
        self._bound = keys
        self.key_actions = [self._keys[k] for k in keys]

    def _make_key(self, key: str) -> QAction:
        """The key ``key``, pressing the button it is bound to (``_bound``)."""
        action = self._keys[key] = QAction(self)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _=False, k=key: self._press(self._bound.get(k, "")))
        return action

    def _make_cell(self, slot: Slot) -> Cell:
        """A button of the bar and its reason beside it."""
        title, kind, grouped, key, labels = slot
        cell = QWidget()
        cell.setObjectName(f"cell_{kind}")
        box = QHBoxLayout(cell)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(3)
        button = QToolButton()
        button.setObjectName(f"action_{kind}" if not grouped else f"action_{kind}_menu")
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setAutoRaise(False)
        button.setMinimumHeight(30)
        button.setProperty("playAction", True)
        text = f"{title}" + (f" [{_key_text(key)}]" if key else "")
        button.setText(text + (" ▾" if grouped else ""))
        if grouped and self._groups[title][0].dialog:
            button.clicked.connect(lambda _=False, t=title: self._open_dialog(t))
            button.setText(f"{title}…")
        elif grouped:
            menu = QMenu(button)
            for i, (label, why) in enumerate(labels):
                a = menu.addAction(f"{label} — {why}" if why else label)
                a.setEnabled(not why)
                a.triggered.connect(lambda _=False, t=title, i=i: self._choose(t, i))
            button.setMenu(menu)
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        else:
            button.clicked.connect(lambda _=False, t=title: self._choose(t, 0))
        reason = MeasuredLabel("")
        reason.setObjectName(f"why_{kind}")
        reason.setProperty("hint", True)
        reason.setWordWrap(True)
        reason.setMaximumWidth(250)
        small = reason.font()
        small.setPointSizeF(small.pointSizeF() * 0.85)
        reason.setFont(small)
        reason.hide()
        box.addWidget(button)
        box.addWidget(reason)
        # Hidden, it keeps its room on the bar: it is placed before it is shown.
        keep = cell.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        cell.setSizePolicy(keep)
        cell.hide()
        return cell, button, reason, box

    def _open_dialog(self, title: str) -> None:
        """A group the ruleset shows as a dialog (a shop): open until closed."""
        self.dialog = ChoicesDialog(self.controller, title, self)
        self.dialog.open()

    def _show_last_dice(self) -> None:
        game = self.controller.game
        last = game.session.entries[-1] if game and game.session.entries else None
        rolls = last.rolls if last else ()
        specs = game.ruleset.dice_specs() if game else ()
        # Four places: more rolls than that (an encounter's initiative) show the last
        # three and how many more there are, all in the game log.
        shown = rolls[-DICE_SHOWN:] if len(rolls) <= DICE_SHOWN else rolls[1 - DICE_SHOWN :]
        lines = [roll_line(r, specs) for r in shown]
        if len(shown) < len(rolls):
            lines.append(more_rolls_line(len(rolls) - len(shown)))
        cells = [f'<td style="padding-right: 14px">{line}</td>' for line in lines]
        rows = "".join(f"<tr>{''.join(cells[i : i + 2])}</tr>" for i in range(0, len(cells), 2))
        text = f"<table>{rows}</table>" if rows else ""
        if self.dice.text() != text:
            self.dice.setText(text)
            # The dice keep the widest place they took in this game, so the hint beside
            # them is not laid out and painted again whenever an action with dice follows
            # one without (or with fewer).
            wide = self.dice.sizeHint().width() if rows else 0
            if wide > self.dice.minimumWidth():
                self.dice.setMinimumWidth(wide)
        if self.reroll.isVisibleTo(self) != bool(rolls):
            self.reroll.setVisible(bool(rolls))

    def _pending(self, choice: ActionChoice | None) -> None:
        self.odds.reserve(choice is not None and choice.needs in ("figure", "figures"))
        if choice is None:
            self.send.hide()
            _set_text(self.hint, "")
            self.odds.show_odds(None)
            if not self._stale():
                self._settle()  # else laid out by the refresh the new state brings
            return
        asks = {
            "path": "Click a highlighted square to move there",
            "destination": "Click a highlighted square to move there",
            "figure": "Click a highlighted figure",
            "figures": "Click highlighted figures to pick them (again to drop one), "
            "Return or Send to take the action",
            "area": "Move the template and click to place it",
            "square": "Click the square",
            "place": "Click a place on the board (arrow keys choose one, Enter takes it)",
        }
        c = self.controller
        turn = ""
        if c.sets_facing():
            spec = c.facing_spec()
            facing = spec.text(c.facing) if c.facing is not None else spec.unnamed or "as it stands"
            if spec.kind == "any" and not choice.facings:
                how = "click the destination, then click the way to face"
            else:
                how = "arrow keys or N/E/S/W" + (" or &lt; &gt;" if spec.count else "")
                how += " turn it"
            turn = f"; ends facing <b>{html.escape(facing)}</b> ({how})"
        if choice.needs == "figures":
            turn = f"; <b>{c.picks.count_text()}</b>"
        self.send.setVisible(choice.needs == "figures")
        self.send.setEnabled(c.picks.complete)
        name = html.escape(choice.label)
        _set_text(self.hint, f"<b>{name}</b>: {asks.get(choice.needs, '')}{turn} (Esc cancels).")
        self._settle()

    def _refused(self, verdict: object) -> None:
        lines = reason_lines(getattr(verdict, "reasons", ()))
        if not self.dice.text() and not self.dice.isHidden():
            # No dice shown: the reasons take the place the dice keep (``_show_last_dice``)
            # until the refusal is gone or dice are shown (``_settle``).
            self._lent = True
            self.dice.hide()
            self.outer.activate()
        self._refusal = refusal_text(lines, self.hint_box.width())
        self.hint.setText(self._refusal)
        self._settle()

    def drop_refusal(self) -> None:
        """The player points at another square: the refusal shown is no longer the
        matter; the pending action's own hint comes back."""
        if not self._refusal or self.hint.text() != self._refusal:
            return
        self._refusal = ""
        self._pending(self.controller.pending)

    def _grow_or_give_back(self) -> None:
        """Tell the window when the dock needs more room (``SizeWall.check``), and give
        back what it took once what it shows fits the height it had before: the window
        keeps a dock's height when what is in it needs less, so a refusal's reasons gone
        would leave the map smaller."""
        inner = self.wall.inner
        need = inner.minimumSizeHint().expandedTo(inner.minimumSize()).height()
        frame = self.height() - self.wall.height()
        if need > self.wall.height():
            refused = bool(self._refusal) and self.hint.text() == self._refusal
            if self._rest is None and self.wall.isVisible() and refused:
                # A refusal's reasons are there for a moment: the height they take is given
                # back once they are gone.  Other growth stays (a dock that shrank and grew
                # again turn after turn would resize the map under the players each time).
                self._rest = self.height()  # the height to give back to
            self.wall.check()
            return
        self.wall.check()
        window = self.parentWidget()
        rest, self._rest = self._rest, None
        if rest is None or not isinstance(window, QMainWindow) or self.isFloating():
            return
        if self.height() > rest and need + frame <= rest:
            window.resizeDocks([self], [rest], Qt.Orientation.Vertical)
        elif self.height() > rest:
            self._rest = rest  # it still needs more: given back later

    def _turn_passed(self) -> None:
        """Another figure acts: what was refused before is no longer the matter (laid out
        by the refresh that follows: the controller says the state changed next)."""
        if self.controller.pending is None:
            _set_text(self.hint, "")
