"""The committed JSON Schema is generated from the protocol's models; it must not go stale."""

from __future__ import annotations

from pathlib import Path

from peanutclub.games.peanut_club import PeanutClub
from peanutclub.schema import game_schema

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


def test_committed_schema_matches_the_models() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == game_schema(PeanutClub), (
        "docs/protocol.schema.json is stale: run `peanutclub schema -o docs/protocol.schema.json`"
    )
