"""HTTP plumbing: session, bearer header, timeouts, retries, and problem+json to exceptions."""

from __future__ import annotations

import email.utils
import logging
import random
import time
import uuid
from typing import Any, Dict, List, Mapping, Optional, Set
from urllib.parse import quote

import requests

from . import __version__
from .errors import APIError, ConnectionError, FieldError, NodeplaneError, error_class

log = logging.getLogger("nodeplane")

#: Methods that are safe to send twice: retried on connection errors and RETRY_STATUSES.
#: A PUT replaces a whole state (a node's SSH keys), so sending it twice is the same as once.
IDEMPOTENT_METHODS = frozenset(["GET", "HEAD", "DELETE", "PUT"])
RETRY_STATUSES = frozenset([429, 500, 502, 503, 504])
#: Refusals that changed nothing and say when to ask again: retried for every method, POSTs
#: included, since sending the request again cannot do it twice.
RETRY_REFUSALS = frozenset([(409, "node_repairing")])
_CONNECTION_ERRORS = (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError)
#: Upper bound of one wait, whether computed or asked for by ``Retry-After``.
MAX_BACKOFF_SECONDS = 60.0


def segment(value: str) -> str:
    """Quotes an id as one path segment, so a ``/`` or ``..`` in it cannot change the route."""
    return quote(str(value), safe="")


class HttpClient:
    """Sends requests to the API and turns error responses into :class:`APIError`."""

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str],
        timeout: float,
        max_retries: int,
        backoff_factor: float,
        retry_posts_with_idempotency_key: bool,
        session: Optional[requests.Session] = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_factor = backoff_factor
        self.retry_posts_with_idempotency_key = retry_posts_with_idempotency_key
        self.closed = False
        #: False once the server refused ``wait_for`` (a release before it): waits poll then.
        self.supports_wait = True
        #: ``wait_for`` values the server refused though it knows the parameter (a release with
        #: ``running`` but not ``user_data``): waits for these poll.
        self.refused_waits: Set[str] = set()
        self._session = session or requests.Session()
        self._session.headers["User-Agent"] = "nodeplane-python/{}".format(__version__)
        self._session.headers["Accept"] = "application/json, application/problem+json"
        if api_key:
            self._session.headers["Authorization"] = "Bearer {}".format(api_key)

    def close(self) -> None:
        self.closed = True
        self._session.close()

    def request(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]] = None,
        json: Any = None,
        empty_json_body: bool = False,
        extra_timeout: float = 0.0,
    ) -> Any:
        """Sends one API call, retrying where that is safe; returns the decoded body or None.

        :param empty_json_body: send ``Content-Type: application/json`` with no body (the
            contract's own ``POST /nodes``)
        :param extra_timeout: seconds the server may hold the request on purpose (a long-poll),
            added to the client's timeout
        """
        return _read(self._exchange(method, path, params, json, empty_json_body, extra_timeout))

    def get_all_pages(self, path: str, params: Optional[Mapping[str, Any]] = None) -> List[Any]:
        """Every item of a list that pages with ``Link: <...>; rel="next"`` headers, page after
        page until none follows (``GET /api/v1/firewalls`` with ``limit``)."""
        items: List[Any] = []
        next_path: Optional[str] = path
        while next_path is not None:
            response = self._exchange("GET", next_path, params)
            items.extend(_read(response))
            # The link carries the whole query (filters, limit and the cursor) of the next page.
            next_path = response.links.get("next", {}).get("url")
            params = None
        return items

    def _exchange(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]] = None,
        json: Any = None,
        empty_json_body: bool = False,
        extra_timeout: float = 0.0,
    ) -> requests.Response:
        """Sends one API call, retrying where that is safe; returns the last answer, unread."""
        if self.closed:
            raise NodeplaneError("the client is closed")
        headers: Dict[str, str] = {}
        data: Optional[bytes] = None
        if empty_json_body:
            headers["Content-Type"] = "application/json"
            data = b""
        retryable = method in IDEMPOTENT_METHODS
        if method == "POST":
            # One key per call, the same on every attempt, so the server can deduplicate.
            headers["Idempotency-Key"] = str(uuid.uuid4())
            retryable = self.retry_posts_with_idempotency_key
        attempts = self.max_retries + 1
        options = dict(params=params, json=json, data=data, headers=headers, timeout=self.timeout + extra_timeout)
        for attempt in range(attempts):
            final = attempt == attempts - 1
            # A call that is not safe to send twice gets no second try after a lost answer.
            response = self._send(method, path, options, final or not retryable)
            if response is None:
                delay = self._backoff(attempt)
                log.warning("%s %s got no answer; retry %d in %.2fs", method, path, attempt + 1, delay)
            elif final or not _should_retry(response, retryable):
                return response
            else:
                retry_after = _retry_after(response)
                delay = self._backoff(attempt) if retry_after is None else retry_after
                log.warning(
                    "%s %s answered %d; retry %d in %.2fs",
                    method,
                    path,
                    response.status_code,
                    attempt + 1,
                    delay,
                )
                response.close()
            time.sleep(min(delay, MAX_BACKOFF_SECONDS))
        raise AssertionError("unreachable: the final attempt returns or raises")

    def open_stream(
        self, path: str, params: Optional[Mapping[str, Any]], last_event_id: Optional[str]
    ) -> requests.Response:
        """Opens a ``text/event-stream`` GET; the caller reads it and closes it.

        :raises ConnectionError: the server cannot be reached
        :raises APIError: the server refused the request
        """
        if self.closed:
            raise NodeplaneError("the client is closed")
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        options = dict(params=params, headers=headers, timeout=self.timeout, stream=True)
        response = self._send("GET", path, options, final=True)
        assert response is not None  # final attempts raise instead of returning None
        if response.status_code >= 400:
            try:
                raise _api_error(response)
            finally:
                response.close()
        return response

    def _send(
        self, method: str, path: str, options: Dict[str, Any], final: bool
    ) -> Optional[requests.Response]:
        """One attempt; None after a connection failure that may be retried."""
        url = self.base_url + path
        try:
            return self._session.request(method, url, **options)
        except _CONNECTION_ERRORS as exc:
            if final:
                raise ConnectionError("{} {} failed: {}".format(method, url, exc)) from exc
            log.debug("%s %s failed: %s", method, path, exc)
            return None
        except requests.RequestException as exc:
            raise NodeplaneError("{} {} failed: {}".format(method, url, exc)) from exc

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with jitter: between half and all of factor * 2**attempt."""
        ceiling = min(self.backoff_factor * 2.0**attempt, MAX_BACKOFF_SECONDS)
        return ceiling / 2 + random.uniform(0, ceiling / 2)


def _should_retry(response: requests.Response, retryable: bool) -> bool:
    """Whether to send the call again after this answer; only refusals if it is not ``retryable``."""
    if response.status_code == 409 and (409, _code(response)) in RETRY_REFUSALS:
        return True
    if not retryable:
        return False
    if response.status_code in RETRY_STATUSES:
        return True
    # The server is still running the first attempt of this POST (same Idempotency-Key).
    return (
        response.status_code == 409
        and response.request.method == "POST"
        and _code(response) == "idempotency_key_in_use"
    )


def _code(response: requests.Response) -> Optional[str]:
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None


def _retry_after(response: requests.Response) -> Optional[float]:
    """``Retry-After`` in seconds, given as a number or as an HTTP date."""
    value = response.headers.get("Retry-After")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _read(response: requests.Response) -> Any:
    if response.status_code >= 400:
        raise _api_error(response)
    if response.status_code == 204 or not response.content:
        return None
    try:
        return response.json()
    except ValueError:
        raise NodeplaneError(
            "{} {}: expected JSON, got {!r}".format(
                response.status_code, response.reason, response.text[:200]
            )
        )


def _api_error(response: requests.Response) -> APIError:
    request_id = response.headers.get("X-Request-Id")
    try:
        body = response.json()
    except ValueError:
        body = None
    code = body.get("code") if isinstance(body, dict) else None
    cls = error_class(response.status_code, code if isinstance(code, str) else None)
    retry_after = _retry_after(response)
    if not isinstance(body, dict):
        # Not problem+json (a proxy's HTML page, say): keep the status and reason.
        text = response.text.strip()[:200] or None
        return cls(
            response.status_code,
            title=response.reason,
            detail=text,
            request_id=request_id,
            retry_after=retry_after,
        )
    errors = [
        FieldError(field=str(item.get("field", "")), message=str(item.get("message", "")))
        for item in body.get("errors") or []
        if isinstance(item, dict)
    ]
    return cls(
        response.status_code,
        code=body.get("code"),
        title=body.get("title") or response.reason,
        detail=body.get("detail"),
        request_id=request_id or body.get("request_id"),
        errors=errors,
        body=body,
        retry_after=retry_after,
    )
