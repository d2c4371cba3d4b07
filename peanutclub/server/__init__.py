"""The game server: rooms, the WebSocket protocol, the clock, bots at the table, and the pages.

`create_app(settings)` builds the FastAPI application; `peanutclub serve` runs it with uvicorn.
Data flows one way: client message -> shape check (`protocol`) -> room (`room`) -> engine ->
store -> each viewer's own view (`views`, `fanout`).
"""

from peanutclub.server.app import create_app
from peanutclub.server.settings import RoomSettings, Settings

__all__ = ["RoomSettings", "Settings", "create_app"]
