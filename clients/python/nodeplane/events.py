"""The account's activity log: ``GET /api/v1/events``, as pages and as a live stream."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, Optional, Sequence

import requests

from ._http import HttpClient
from ._model import from_dict
from .errors import ConnectionError

log = logging.getLogger("nodeplane")

_DROPPED = (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError)


@dataclass
class EventActor:
    """Who caused an event: ``api_key``, ``user`` (dashboard), ``system`` (worker, CLI) or ``anonymous``."""

    type: str
    id: Optional[str] = None
    request_id: Optional[str] = None
    source_address: Optional[str] = None


@dataclass
class Event:
    """One event: ``id`` counts up per account; ``type`` is like ``node.running``."""

    id: int
    type: str
    time: str
    resource_id: str
    data: Dict[str, Any] = field(default_factory=dict)
    actor: Optional[EventActor] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Event":
        actor = data.get("actor")
        return from_dict(cls, data, actor=from_dict(EventActor, actor) if actor else None)


def _filters(types: Optional[Sequence[str]], resource_id: Optional[str]) -> Dict[str, str]:
    params = {}
    if types:
        params["type"] = ",".join(types)
    if resource_id:
        params["resource_id"] = resource_id
    return params


def iterate(
    http: HttpClient,
    types: Optional[Sequence[str]],
    resource_id: Optional[str],
    order: str,
    page_size: int,
) -> Iterator[Event]:
    """Every matching event, page after page; see :meth:`nodeplane.Client.events`."""
    params: Dict[str, Any] = dict(_filters(types, resource_id), order=order, limit=page_size)
    while True:
        page = http.request("GET", "/api/v1/events", params=params)
        for item in page["events"]:
            yield Event.from_dict(item)
        # Oldest first the cursor never runs out; an empty page means caught up.
        if not page["events"] or page["next_cursor"] is None:
            return
        params["cursor"] = page["next_cursor"]


def _read(response: requests.Response) -> Iterator[Event]:
    """The events of a ``text/event-stream`` body; comments (heartbeats) are skipped."""
    data = []
    for line in response.iter_lines(decode_unicode=True):
        if line:
            if line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
            continue
        if data:
            yield Event.from_dict(json.loads("\n".join(data)))
        data = []


def stream(
    http: HttpClient,
    types: Optional[Sequence[str]],
    resource_id: Optional[str],
    last_event_id: Optional[int],
) -> Iterator[Event]:
    """Live events, reconnecting after drops; see :meth:`nodeplane.Client.stream_events`.

    Without ``last_event_id`` the stream starts after the account's newest event at the time
    of this call, read here and now: a generator connects only when first iterated, and what
    happens in between must not be lost.
    """
    if last_event_id is None:
        newest = http.request("GET", "/api/v1/events", params={"limit": 1})["events"]
        last_event_id = newest[0]["id"] if newest else 0
    return _follow(http, _filters(types, resource_id), str(last_event_id))


def _follow(http: HttpClient, params: Dict[str, str], resume: str) -> Iterator[Event]:
    failures = 0
    while True:
        try:
            response = http.open_stream("/api/v1/events", params, resume)
        except ConnectionError:
            failures += 1
            if failures > http.max_retries:
                raise
            time.sleep(http._backoff(failures - 1))
            continue
        failures = 0
        try:
            for event in _read(response):
                resume = str(event.id)
                yield event
        except _DROPPED as exc:
            log.debug("event stream dropped (%s); resuming after %s", exc, resume)
        finally:
            response.close()
        # The connection ended (a server restart, a proxy): the next one resumes after the
        # last event received, so nothing is missed.
