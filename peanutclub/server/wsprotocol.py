"""uvicorn's WebSocket protocol, less the garbage cycle that every closed connection leaves.

uvicorn drives websockets' sans-I/O `ServerProtocol`, which reads through a generator it keeps
as `parser`, and that generator's frame holds the protocol: a reference cycle that outlives the
connection. So a closed connection's protocol, its reader and its last frames wait for a
collection of the oldest generation, and `tune_gc` (cli.py) makes those about a hundred times
rarer on purpose: under the soak (about 16 drops and resumes a second) they piled up at several
MiB a minute and no full collection came within nine minutes (docs/reliability.md, "Soak").
Closing the parser once the connection is lost ends the generator, which breaks the cycle, so
reference counting frees the whole connection at once, whatever the collector's settings.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """What `peanutclub serve` passes to uvicorn as `ws`: its default, freed on close."""

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # Nothing reads from the connection after this. `getattr`: should a release of either
        # library rename these, the cycle comes back (tests/server/test_wsprotocol.py says so)
        # but no connection breaks.
        parser = getattr(getattr(self, "conn", None), "parser", None)
        if parser is not None:
            parser.close()
