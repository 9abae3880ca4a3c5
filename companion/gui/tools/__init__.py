"""Canvas tools, one per module.  ``TOOL_CLASSES`` is the toolbar order."""

from __future__ import annotations

from companion.gui.tools.area import AreaTool
from companion.gui.tools.base import Tool, ToolContext
from companion.gui.tools.door import DoorTool
from companion.gui.tools.figures import FigureTool
from companion.gui.tools.height import HeightTool
from companion.gui.tools.objects import ObjectTool
from companion.gui.tools.pointer import PointerTool
from companion.gui.tools.rooms import RoomTool
from companion.gui.tools.ruler import RulerTool
from companion.gui.tools.select import SelectTool
from companion.gui.tools.terrain import TerrainTool

TOOL_CLASSES: tuple[type[Tool], ...] = (
    PointerTool,
    TerrainTool,
    HeightTool,
    DoorTool,
    ObjectTool,
    RoomTool,
    FigureTool,
    SelectTool,
    RulerTool,
    AreaTool,
)

__all__ = ["TOOL_CLASSES", "Tool", "ToolContext"]
