"""HTTP fuzzing of the OpenAPI surface with schemathesis: every documented route, with generated
path parameters, query strings, headers and bodies, in development mode and with production
bounds. Whatever comes in, no answer is a server error (5xx); every answer carries the security
headers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from starlette.requests import Request
from starlette.responses import JSONResponse

from peanutclub.server import ServerSettings, create_app
from peanutclub.server.store import MemoryStore

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation import GenerationMode  # noqa: E402

SECURITY_HEADERS = (
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
)


def app_for(dev: bool) -> Any:
    """The app as `peanutclub serve` builds it, rooms in memory; production mode does not serve
    its OpenAPI document, so the development one is added for the fuzzer."""
    app = create_app(ServerSettings(dev=dev, store="memory"), store=MemoryStore())
    if not dev:
        spec = create_app(ServerSettings(dev=True), store=MemoryStore()).openapi()

        async def openapi(_: Request) -> JSONResponse:
            return JSONResponse(spec)

        app.add_route("/api/openapi.json", openapi)
    return app


DEV = schemathesis.openapi.from_asgi("/api/openapi.json", app_for(dev=True))
PROD = schemathesis.openapi.from_asgi("/api/openapi.json", app_for(dev=False))
for _schema in (DEV, PROD):  # valid and invalid inputs both
    _schema.config.generation.update(modes=list(GenerationMode))
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


def check(case: Any) -> None:
    response = case.call_and_validate(checks=[not_a_server_error])
    for header in SECURITY_HEADERS:
        assert header in response.headers, (case.path, header)


@DEV.parametrize()
@FUZZ
def test_no_server_error_in_development_mode(case: Any) -> None:
    check(case)


@PROD.parametrize()
@FUZZ
def test_no_server_error_with_production_bounds(case: Any) -> None:
    check(case)
