"""Screenshots of the demos: ``python -m companion.gui.screenshots [--play] OUTDIR``.

Renders offscreen (no display needed) with throw-away settings and writes PNGs of:
edit mode with heights, the BrickRuler blocked by a wall, a cone over figures, and a
figure's reach and targets in play mode; with ``--play``, each ruleset's demo in play at
1280×720 as a person starts it (File → Open Demo, Game → New game… with its defaults,
then the first move offered), the README's pictures.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from companion.gui.main_window import MainWindow
from companion.gui.testing import DEMO, stand_in
from companion.gui.theme import apply_theme
from companion.gui.tools.area import AreaTool
from companion.gui.tools.pointer import PointerTool
from companion.gui.tools.ruler import RulerTool
from companion.model.dungeon import Facing

SIZE = (1600, 1000)


def _application() -> QApplication:
    """The running application, or a new one."""
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication(sys.argv)


def _settle(app: QApplication) -> None:
    for _ in range(4):
        app.processEvents()


def take(outdir: Path) -> list[Path]:
    """Write the screenshots into ``outdir``; return their paths."""
    app = _application()
    apply_theme(app)
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        w = MainWindow(settings=settings)
        stand_in(w, "ask_save_changes", lambda: QMessageBox.StandardButton.Discard)
        w.setWindowState(Qt.WindowState.WindowNoState)
        w.resize(*SIZE)
        w.finish_start()  # what the app does after the first paint
        w.show()
        if not w.open_path(DEMO):
            raise SystemExit(f"cannot open {DEMO}")
        _settle(app)

        def shot(name: str, prepare: Callable[[], None]) -> None:
            prepare()
            _settle(app)
            path = outdir / f"{name}.png"
            w.grab().save(str(path))
            written.append(path)

        def edit_heights() -> None:
            w.set_mode("edit")
            w.set_tool("height")
            w.actions_.heights.setChecked(True)
            w.canvas.set_show_heights(True)
            w.canvas.fit()

        def ruler_blocked() -> None:
            w.actions_.heights.setChecked(False)
            w.canvas.set_show_heights(False)
            w.set_mode("play")
            w.set_tool("ruler")
            w.canvas.centre_on((19, 12), 36)
            # Lira, by the west wall, sights Grok on the dais: a pillar is in the way.
            ruler = w.tools["ruler"]
            assert isinstance(ruler, RulerTool)
            ruler.measure_between((12, 11), (19, 5))

        def cone_over_figures() -> None:
            w.set_mode("play")
            w.set_tool("area")
            w.canvas.centre_on((19, 12), 36)
            # Brannoc's fire breath, say: a cone of 7 squares east over Gob and Grok.
            area = w.tools["area"]
            assert isinstance(area, AreaTool)
            area.show_template("cone", 7, (19, 7), origin=(13, 6), aim=Facing.E)

        def reach() -> None:
            w.set_mode("play")
            w.set_tool("pointer")
            w.canvas.centre_on((19, 12), 36)
            w.ctx.select_figure("lira")
            pointer = w.tools["pointer"]
            assert isinstance(pointer, PointerTool)
            pointer.hover_square = (14, 12)
            pointer.refresh()

        shot("edit-heights", edit_heights)
        shot("ruler-blocked", ruler_blocked)
        shot("cone-over-figures", cone_over_figures)
        shot("reach", reach)
        w.session.undo_stack.setClean()
        w.close()
        w.deleteLater()
        _settle(app)
    return written


#: The README's picture of each demo in play, in File → Open Demo's order.
PLAY_SHOTS = ("play-mode", "iawwbr-play", "heroica-play", "bmotu-play")
LAPTOP = (1280, 720)


def take_play(outdir: Path) -> list[Path]:
    """Each demo in play at 1280×720, started through its menus; return the PNGs."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDialog, QFileDialog

    app = _application()
    apply_theme(app)
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        for index, name in enumerate(PLAY_SHOTS):
            ini = str(Path(tmp) / f"settings{index}.ini")
            w = MainWindow(settings=QSettings(ini, QSettings.Format.IniFormat))
            stand_in(w, "ask_save_changes", lambda: QMessageBox.StandardButton.Discard)
            w.setWindowState(Qt.WindowState.WindowNoState)
            w.finish_start()
            w.resize(*LAPTOP)
            w.show()
            demos = [a for a in w.actions_.demo_menu.actions() if a.text()]
            demos[index].trigger()
            _settle(app)
            game = str(Path(tmp) / f"{name}.game.jsonl")
            saving = QFileDialog.getSaveFileName
            stand_in(QFileDialog, "getSaveFileName", staticmethod(lambda *a, g=game, **k: (g, "")))

            def accept() -> None:
                dialog = QApplication.activeModalWidget()
                if isinstance(dialog, QDialog):
                    dialog.accept()
                else:
                    QTimer.singleShot(20, accept)

            QTimer.singleShot(20, accept)
            try:
                w.new_game_action.trigger()
            finally:
                stand_in(QFileDialog, "getSaveFileName", saving)
            w.resize(*LAPTOP)
            _settle(app)
            for title in ("Roll to move", "Move"):
                button = w.action_dock.buttons.get(title)
                if button is not None and button.isEnabled():
                    button.click()
                    _settle(app)
            path = outdir / f"{name}.png"
            w.grab().save(str(path))
            written.append(path)
            w.session.undo_stack.setClean()
            w.close()
            w.deleteLater()
            _settle(app)
    return written


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    play = "--play" in args
    args = [a for a in args if a != "--play"]
    outdir = Path(args[0]) if args else Path("out")
    for path in take_play(outdir) if play else take(outdir):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
