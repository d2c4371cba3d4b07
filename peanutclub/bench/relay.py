"""The baseline: a minimal FastAPI WebSocket relay that echoes every frame to its whole room.

No rules, no views, no store, no clock: whatever the bench measures against it is the cost of
FastAPI, uvicorn and the WebSocket transport alone. The game server's figures divided by these are
the cost of the game's own work. Rooms are made by connecting to `/ws/{code}` with any code.

Run on its own: `python -m peanutclub.bench.relay --port 8001`.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from fastapi import FastAPI, WebSocket, WebSocketDisconnect


def create_relay() -> FastAPI:
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    rooms: defaultdict[str, set[WebSocket]] = defaultdict(set)

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.websocket("/ws/{code}")
    async def relay(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        room = rooms[code]
        room.add(websocket)
        try:
            while True:
                text = await websocket.receive_text()
                for peer in list(room):
                    await peer.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.discard(websocket)
            if not room:
                rooms.pop(code, None)

    return app


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m peanutclub.bench.relay")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    args = parser.parse_args()
    uvicorn.run(
        create_relay(),
        host=args.host,
        port=args.port,
        ws_max_size=65536,
        ws_per_message_deflate=False,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
