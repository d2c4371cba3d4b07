"""Room codes and secrets.

A room code is read aloud across a living room and typed on a phone: four letters from an alphabet
without vowels (no accidental words) and without letters that look like digits or each other
(no B/8, I/1, O/0, Q, S/5, Z/2, U/V). Secrets (host and seat tokens) are unguessable url-safe
strings.
"""

from __future__ import annotations

import secrets

ALPHABET = "CDFGHJKLMNPRTWXY"
CODE_LENGTH = 4


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalise_code(code: str) -> str:
    """Codes are typed in any case; they are stored in upper case."""
    return code.strip().upper()


def new_token() -> str:
    return secrets.token_urlsafe(24)
