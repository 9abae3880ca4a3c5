"""Game → Share with players: the phone server's switch, its dialog (QR code and join
code) and its status in the status bar. The server itself is ``companion.share`` (no Qt)."""

from companion.gui.share.control import ShareControl, ViewSource

__all__ = ["ShareControl", "ViewSource"]
