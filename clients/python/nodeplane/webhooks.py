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
    #: The signing secret: set only on the result of :meth:`WebhooksClient.create`.
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


class WebhooksClient:
    """The account's webhooks, ``/api/v1/webhooks``: ``client.webhooks``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def create(
        self, url: str, event_types: Optional[Sequence[str]] = None, description: Optional[str] = None
    ) -> Webhook:
        """Creates a webhook: the server POSTs the account's events to ``url``, signed.

        :param event_types: e.g. ``["node.running"]``; every type when omitted
        :return: the webhook with its ``secret``, shown only here: store it to verify deliveries
            with :func:`nodeplane.verify_signature`
        :raises ValidationError: the URL is not http(s), or not public (unless the server allows it)
        """
        body: Dict[str, Any] = {"url": url, "event_types": list(event_types or [])}
        if description is not None:
            body["description"] = description
        return Webhook.from_dict(self._http.request("POST", _path(), json=body))

    def list(self) -> List[Webhook]:
        """Returns every webhook of the account (without secrets)."""
        return [Webhook.from_dict(item) for item in self._http.request("GET", _path())]

    def get(self, webhook_id: str) -> Webhook:
        """Returns one webhook. :raises NotFoundError: no such webhook on the account"""
        return Webhook.from_dict(self._http.request("GET", _path(webhook_id)))

    def update(
        self,
        webhook_id: str,
        url: Optional[str] = None,
        event_types: Optional[Sequence[str]] = None,
        description: Optional[str] = None,
        enabled: Optional[bool] = None,
    ) -> Webhook:
        """Changes what is given; ``enabled=True`` resumes a paused or disabled webhook."""
        changes = {
            "url": url,
            "event_types": list(event_types) if event_types is not None else None,
            "description": description,
            "enabled": enabled,
        }
        body = {key: value for key, value in changes.items() if value is not None}
        return Webhook.from_dict(self._http.request("PATCH", _path(webhook_id), json=body))

    def delete(self, webhook_id: str) -> None:
        """Deletes a webhook; deliveries to it stop. :raises NotFoundError: no such webhook"""
        self._http.request("DELETE", _path(webhook_id))

    def deliveries(self, webhook_id: str) -> List[WebhookDelivery]:
        """The webhook's delivery log, newest first, with each attempt's response code."""
        return [WebhookDelivery.from_dict(item) for item in self._http.request("GET", _path(webhook_id, "/deliveries"))]

    def test(self, webhook_id: str) -> WebhookDelivery:
        """Sends a test event to the webhook now and returns its delivery."""
        return WebhookDelivery.from_dict(self._http.request("POST", _path(webhook_id, "/test")))
