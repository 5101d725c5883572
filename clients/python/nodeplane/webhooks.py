"""Verifying webhook deliveries: the ``Nodeplane-Signature`` header."""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Optional, Union

#: Deliveries older than this many seconds are refused, so a captured one cannot be replayed.
DEFAULT_TOLERANCE_SECONDS = 300


def verify_signature(
    secret: str,
    body: Union[bytes, str],
    header: str,
    tolerance: float = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> bool:
    """True when ``header`` (``t=<unix>,v1=<hex>``) signs ``body`` with ``secret`` and is recent.

    Pass the body exactly as received (bytes), before any JSON parsing.

    :param secret: the ``whsec_...`` secret shown when the webhook was created
    :param tolerance: the oldest signature accepted, in seconds
    :param now: the current Unix time (for tests)
    """
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(parts["t"])
        given = parts["v1"]
    except (KeyError, ValueError):
        return False
    if abs((time.time() if now is None else now) - timestamp) > tolerance:
        return False
    raw = body.encode() if isinstance(body, str) else body
    expected = hmac.new(secret.encode(), str(timestamp).encode() + b"." + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, given)
