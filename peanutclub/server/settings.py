"""Server settings, read once, from the environment or the command line.

Every limit is a setting with a safe default, so an operator can loosen it for a load test without
touching code. A room's own settings (a table's pace, say) belong to its game: each game's
`Settings` model (peanutclub.core.settings), whose bounds development mode lifts.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, NonNegativeInt, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

import peanutclub

#: The collector's thresholds while serving (`tune_gc`): a middle pass after every two young
#: ones, so that none stalls the room for long (docs/performance.md, "The hot path").
GC_THRESHOLDS = (700, 1, 5000)


def _package_dir(name: str) -> Path:
    """Where `templates/` or `static/` live: inside the installed package, else in the checkout.

    A wheel carries them as `peanutclub/templates` and `peanutclub/static` (see pyproject.toml);
    a checkout has them at the top level, next to the `peanutclub` package.
    """
    package = Path(peanutclub.__file__).resolve().parent
    inside = package / name
    if inside.is_dir():
        return inside
    return package.parent / name


def default_db_path() -> Path:
    """The database used when none is named: `$XDG_DATA_HOME/peanutclub/peanutclub.db`, that is
    `~/.local/share/peanutclub/peanutclub.db` by default. Created on first run."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "peanutclub" / "peanutclub.db"


class ServerSettings(BaseSettings):
    """Everything the server reads at start-up. Environment variables: `PEANUTCLUB_<NAME>`."""

    model_config = SettingsConfigDict(env_prefix="PEANUTCLUB_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    #: Where rooms and finished games are kept: `sqlite` (the default, in the file `db`) or
    #: `memory` (nothing survives a restart: for tests that want it).
    store: Literal["sqlite", "memory"] = "sqlite"
    #: The SQLite file; default `default_db_path()` ($XDG_DATA_HOME/peanutclub/peanutclub.db).
    db: Path | None = None
    #: `NORMAL` survives a crash of the process; `FULL` also a power loss (a disk sync per commit).
    db_synchronous: Literal["NORMAL", "FULL"] = "NORMAL"
    #: Retention: rooms untouched for this many days, and finished games (their exports and
    #: history) older than this many days, are deleted from the database (at start-up and daily).
    #: 0 keeps them forever.
    keep_rooms_days: float = 30.0
    keep_games_days: float = 365.0
    #: Several processes sharing rooms: the Redis URL (redis://host:port/db). The rooms, their
    #: logs and the finished games then live in Redis, not in SQLite (see docs/scaling.md).
    redis: str | None = None
    #: How long a room's lease outlives its owner (ms): the pause its clients see if it dies.
    lease_ms: int = 2000
    dev: bool = False
    #: Base URL for links handed out (join_url, tv_url, QR code); default: the request's own, or
    #: this machine's LAN address when a TV on localhost asks a server listening on every
    #: interface (see `http.join_address`).
    public_url: str | None = None
    #: The addresses to pick that LAN address from; default: read from the network interfaces.
    lan_addresses: list[str] | None = None
    templates_dir: Path = Field(default_factory=lambda: _package_dir("templates"))
    static_dir: Path = Field(default_factory=lambda: _package_dir("static"))

    # Limits.
    max_frame_bytes: int = 4096
    ws_max_size: int = 65536
    #: Compressing each frame per connection would undo "encode a patch once for everyone"; the
    #: frames are small and the players are on the same network as the server.
    ws_per_message_deflate: bool = False
    handshake_timeout_seconds: float = 10.0
    rate_per_second: float = 20.0
    rate_burst: int = 40
    max_connections_per_room: int = 32
    max_connections_per_address: int = 64
    max_rooms_per_address: int = 20
    max_rooms: int = 5000
    #: Looking up room codes that do not exist (guessing): a burst, then this many per second,
    #: per client address. Past it, every lookup from that address gets `rate_limited`.
    room_guess_rate: float = 0.2
    room_guess_burst: int = 20
    send_queue_limit: int = 512
    #: A claim of an away seat (room_claims.py) with nobody holding host powers connected is
    #: admitted after this many seconds, unless the seat comes back first.
    claim_wait_seconds: float = Field(default=20.0, ge=0.05)
    #: New claims per connection: a burst, then this many per second (`rate_limited` beyond).
    claim_rate_per_second: float = 0.2
    claim_burst: int = 3
    trusted_proxies: list[str] = Field(default_factory=list)
    allowed_origins: list[str] = Field(default_factory=list)
    #: The host names this server answers to, against DNS rebinding (security.py): empty (the
    #: default) is any, as a party on a LAN needs; e.g. PEANUTCLUB_ALLOWED_HOSTS='["club.example"]'.
    #: IP addresses, `localhost` and the name of `public_url` are always accepted.
    allowed_hosts: list[str] = Field(default_factory=list)
    #: A room nobody has been connected to for this long is closed (its log stays in the store).
    room_idle_ttl_seconds: float = 6 * 3600

    #: The cyclic collector's thresholds while serving (young, middle, full; `tune_gc` in cli.py).
    #: In the environment as JSON, e.g. PEANUTCLUB_GC_THRESHOLDS='[700, 10, 1000]' (Python's
    #: own cadence) to compare with the shipped one.
    gc_thresholds: tuple[NonNegativeInt, NonNegativeInt, NonNegativeInt] = GC_THRESHOLDS

    # Bots think for a human-looking while: a bot whose game paces it (`pause`) waits that long
    # times `bot_pace`; any other waits a random delay between these bounds (seconds).
    bot_pace: float = 1.0
    bot_delay_min: float = 0.8
    bot_delay_max: float = 2.5

    @model_validator(mode="after")
    def _dev_defaults(self) -> ServerSettings:
        """In development mode (tests, benchmarks) bots think fast and one address may open many
        rooms and connections, unless told otherwise."""
        if self.dev:
            relaxed: dict[str, Any] = {
                "bot_pace": 0.02,
                "bot_delay_min": 0.02,
                "bot_delay_max": 0.08,
                "max_rooms_per_address": 100_000,
                "max_connections_per_address": 100_000,
                "room_guess_burst": 100_000,
            }
            for name, value in relaxed.items():
                if name not in self.model_fields_set:
                    setattr(self, name, value)
        return self

    @property
    def db_path(self) -> Path:
        """The SQLite file in use (`db`, else the default path)."""
        return self.db if self.db is not None else default_db_path()
