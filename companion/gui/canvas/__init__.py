"""The dungeon canvas: a pyqtgraph ViewBox with the map's layers and overlays."""
