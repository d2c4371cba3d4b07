"""A real redis-server and real `peanutclub serve --redis` processes, and clients that keep every
frame they are sent (to check that none holds another seat's secrets)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

from tests.persistence.procs import WAIT, Player, Server, command, env, free_port

#: Short leases keep the take-over tests short: an owner's death is noticed within a second.
LEASE_MS = 1000
PACE = {"going_step_seconds": 0.01, "idle_seconds": 0, "pay_seconds": 300}


@dataclass
class RedisServer:
    port: int
    log: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server")
        if binary is None:
            raise AssertionError("redis-server is missing: apt-get install -y redis-server")
        # Its files (an append-only log when a test turns it on) go beside its own log, never
        # into the directory the tests run from.
        files = ["--dir", str(self.log.parent)]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [binary, "--port", str(self.port), "--save", "", "--appendonly", "no", *files],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        client = self.client()
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            with contextlib.suppress(redis.ConnectionError):
                if client.ping():
                    return self
            time.sleep(0.05)
        raise AssertionError("redis-server did not answer in time")

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)


@dataclass
class Node(Server):
    """`peanutclub serve --dev --redis URL` in a child process."""

    redis_url: str = ""

    def command(self) -> list[str]:
        return command(self.db, self.port, "--redis", self.redis_url)

    def environment(self) -> dict[str, str]:
        return {**env(), "PEANUTCLUB_LEASE_MS": str(LEASE_MS)}

    def pause(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGCONT)


def start_nodes(tmp: Path, redis_url: str, count: int) -> list[Node]:
    nodes = []
    for i in range(count):
        node = Node(tmp / f"unused-{i}.db", free_port(), tmp / f"node-{i}.log", redis_url=redis_url)
        nodes.append(node.start())
    return nodes


@dataclass(eq=False)
class Keeper(Player):
    """A client that also keeps every frame it is sent, and counts its welcomes."""

    frames: list[dict[str, Any]] = field(default_factory=list)
    welcomes: int = 0

    def _record(self, message: dict[str, Any]) -> None:
        self.frames.append(message)
        self.welcomes += message["type"] == "welcome"
        super()._record(message)


def secrets_leaked(player: Keeper) -> list[dict[str, Any]]:
    """Frames this client was sent that show another seat's private view."""
    leaked = []
    for frame in player.frames:
        state = frame.get("state")
        if not isinstance(state, dict):
            continue
        you = state.get("you")
        if you is not None and (player.seat is None or you.get("seat") != player.seat):
            leaked.append(frame)
    return leaked


def log_entries(client: redis.Redis, code: str) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in client.lrange(f"pc:log:{code}", 0, -1)]  # type: ignore[union-attr]
