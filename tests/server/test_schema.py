"""The committed JSON Schema is generated from the protocol's models; it must not go stale."""

from __future__ import annotations

from pathlib import Path

from peanutclub.server.protocol import schema_text

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


def test_committed_schema_matches_the_models() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "docs/protocol.schema.json is stale: run `peanutclub schema -o docs/protocol.schema.json`"
    )
