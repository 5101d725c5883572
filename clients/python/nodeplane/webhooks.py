"""Webhooks: ``/api/v1/webhooks``, and verifying deliveries (the ``Nodeplane-Signature`` header)."""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Union

from ._http import HttpClient, segment
from ._model import from_dict


@dataclass
class Webhook:
    """An endpoint the server POSTs the account's events to, signed with its secret."""

    id: str
    url: str
    description: Optional[str] = None
    event_types: List[str] = field(default_factory=list)
    enabled: bool = True
    #: Why the server disabled it (persistent delivery failure); ``None`` otherwise.
    disabled_reason: Optional[str] = None
    created_at: Optional[str] = None
    #: The signing secret: set only on the result of :meth:`nodeplane.Client.webhook_create`.
    secret: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Webhook":
        return from_dict(cls, data)


@dataclass
class WebhookDelivery:
    """One event's delivery to a webhook, with every attempt's answer."""

    id: str
    event_type: str
    status: str
    attempts: int
    event_id: Optional[int] = None
    next_attempt_at: Optional[str] = None
    created_at: Optional[str] = None
    finished_at: Optional[str] = None
    attempt_log: List[Dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "WebhookDelivery":
        return from_dict(cls, data)


def _path(webhook_id: Optional[str] = None, rest: str = "") -> str:
    return "/api/v1/webhooks" + ("/" + segment(webhook_id) if webhook_id else "") + rest


def create(
    http: HttpClient, url: str, event_types: Optional[Sequence[str]] = None, description: Optional[str] = None
) -> Webhook:
    """``POST /api/v1/webhooks``; see :meth:`nodeplane.Client.webhook_create`."""
    body: Dict[str, Any] = {"url": url, "event_types": list(event_types or [])}
    if description is not None:
        body["description"] = description
    return Webhook.from_dict(http.request("POST", _path(), json=body))


def list_all(http: HttpClient) -> List[Webhook]:
    """``GET /api/v1/webhooks``; see :meth:`nodeplane.Client.webhook_list`."""
    return [Webhook.from_dict(item) for item in http.request("GET", _path())]


def get(http: HttpClient, webhook_id: str) -> Webhook:
    """``GET /api/v1/webhooks/{id}``; see :meth:`nodeplane.Client.webhook_get`."""
    return Webhook.from_dict(http.request("GET", _path(webhook_id)))


def update(http: HttpClient, webhook_id: str, **changes: Any) -> Webhook:
    """``PATCH /api/v1/webhooks/{id}``; see :meth:`nodeplane.Client.webhook_update`."""
    body = {key: value for key, value in changes.items() if value is not None}
    return Webhook.from_dict(http.request("PATCH", _path(webhook_id), json=body))


def delete(http: HttpClient, webhook_id: str) -> None:
    """``DELETE /api/v1/webhooks/{id}``; see :meth:`nodeplane.Client.webhook_delete`."""
    http.request("DELETE", _path(webhook_id))


def deliveries(http: HttpClient, webhook_id: str) -> List[WebhookDelivery]:
    """``GET /api/v1/webhooks/{id}/deliveries``; see :meth:`nodeplane.Client.webhook_deliveries`."""
    return [WebhookDelivery.from_dict(item) for item in http.request("GET", _path(webhook_id, "/deliveries"))]


def send_test(http: HttpClient, webhook_id: str) -> WebhookDelivery:
    """``POST /api/v1/webhooks/{id}/test``; see :meth:`nodeplane.Client.webhook_test`."""
    return WebhookDelivery.from_dict(http.request("POST", _path(webhook_id, "/test")))

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
