"""A game's tracks (Heroica's Fire Track...) as strips of boxes, filled from the left."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from companion.rules.table import TrackView

BOX = 22
GAP = 3


class TrackStrip(QWidget):
    """One track: ``filled`` of ``length`` boxes, with its name and count above."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.track: TrackView | None = None
        self.setMinimumHeight(BOX + 4)

    def set_track(self, track: TrackView) -> None:
        self.track = track
        self.setToolTip(f"{track.name}: {track.filled} of {track.length}. {track.note}")
        self.update()

    def sizeHint(self) -> QSize:
        n = self.track.length if self.track else 6
        return QSize(n * (BOX + GAP), BOX + 4)

    def paintEvent(self, ev: QPaintEvent) -> None:
        if self.track is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = max(1, self.track.length)
        box = min(BOX, (self.width() - GAP * (n - 1)) / n)
        fill = QColor(self.track.colour)
        for i in range(n):
            r = QRectF(i * (box + GAP), 2, box, min(BOX, self.height() - 4))
            p.setPen(QPen(self.palette().text().color(), 1.2))
            p.setBrush(fill if i < self.track.filled else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 3, 3)
        p.end()


class TrackPanel(QWidget):
    """Every track of the game, each titled, one under the other."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackPanel")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.strips: dict[str, tuple[QLabel, TrackStrip]] = {}

    def set_tracks(self, tracks: tuple[TrackView, ...]) -> None:
        for tid in [t for t in self.strips if t not in {x.id for x in tracks}]:
            label, strip = self.strips.pop(tid)
            label.deleteLater()
            strip.deleteLater()
        for track in tracks:
            if track.id not in self.strips:
                label = QLabel()
                label.setObjectName(f"track_{track.id}")
                strip = TrackStrip()
                self._layout.addWidget(label)
                self._layout.addWidget(strip)
                self.strips[track.id] = (label, strip)
            label, strip = self.strips[track.id]
            label.setText(f"<b>{track.name}</b>  {track.filled} / {track.length}")
            strip.set_track(track)
        self.setVisible(bool(tracks))
