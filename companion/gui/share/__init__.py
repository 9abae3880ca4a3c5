"""Game → Share with players: the phone server's switch, its dialog (QR code and join
code) and its status in the status bar. The server itself is ``companion.share`` (no Qt)."""

from companion.gui.share.control import ShareControl, ViewSource
from companion.gui.share.dialog import ShareDialog, qr_png

__all__ = ["ShareControl", "ShareDialog", "ViewSource", "qr_png"]
