"""The game server: rooms, the WebSocket protocol, the clock, bots at the table, and the pages.

`create_app(settings)` builds the FastAPI application; `peanutclub serve` runs it with uvicorn.
Data flows one way: client message -> shape check (`protocol`) -> room (`room`) -> the room's
game -> store -> each viewer's own view (`views`). It knows games only through `peanutclub.core`
and the registry (`peanutclub.games`).
"""

from peanutclub.server.app import create_app
from peanutclub.server.settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]
