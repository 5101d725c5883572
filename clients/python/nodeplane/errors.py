"""The exceptions the client raises: one base class, one class per HTTP error family."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Type


class NodeplaneError(Exception):
    """Base class of every error raised by this library."""


class ConnectionError(NodeplaneError):  # noqa: A001 (the name the API promises)
    """The server could not be reached, or it did not answer within the timeout.

    Shadows the builtin of the same name inside this module only; import it as
    ``nodeplane.ConnectionError``.
    """


class NodeNotReadyError(NodeplaneError):
    """A node did not reach ``running`` in time, or the API reports it ``stuck``.

    The contract treats a node provisioning for more than 2 minutes as failed: delete it and
    create a new one.
    """

    def __init__(self, message: str, node: Any) -> None:
        super().__init__(message)
        #: The last :class:`~nodeplane.nodes.Node` seen while waiting.
        self.node = node


@dataclass(frozen=True)
class FieldError:
    """One invalid field of a 400 response."""

    field: str
    message: str


class APIError(NodeplaneError):
    """The API answered with an error status (an RFC 9457 problem+json body).

    :param status: HTTP status code
    :param code: stable snake_case error code, e.g. ``node_not_found`` (``None`` if the body
        was not problem+json)
    :param title: short summary, e.g. ``Not Found`` (the HTTP reason as a fallback)
    :param detail: human-readable explanation
    :param request_id: the ``X-Request-Id`` of the response, to quote to support
    :param errors: the invalid fields of a 400 response
    :param body: the whole decoded body, including extension members such as ``node_ids``
    :param retry_after: seconds from the ``Retry-After`` header, if any
    """

    def __init__(
        self,
        status: int,
        code: Optional[str] = None,
        title: Optional[str] = None,
        detail: Optional[str] = None,
        request_id: Optional[str] = None,
        errors: Optional[List[FieldError]] = None,
        body: Optional[Dict[str, Any]] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.request_id = request_id
        self.errors = errors or []
        self.body = body or {}
        self.retry_after = retry_after
        super().__init__(self._message())

    def _message(self) -> str:
        text = "{} {}".format(self.status, self.code or self.title or "error")
        if self.detail:
            text += ": {}".format(self.detail)
        for error in self.errors:
            item = "{}: {}".format(error.field, error.message)
            if item not in (self.detail or ""):
                text += "; " + item
        if self.request_id:
            text += " (request_id {})".format(self.request_id)
        return text


class ValidationError(APIError):
    """400: malformed request or invalid parameters; see :attr:`errors`."""


class AuthenticationError(APIError):
    """401: API key missing, invalid or revoked."""


class PermissionDeniedError(APIError):
    """403: the key lacks permission, e.g. a ``read`` key on a mutating call."""


class QuotaExceededError(PermissionDeniedError):
    """403 ``quota_exceeded``: the creation would pass one of the account's limits; nothing was
    created. :attr:`limit` names it (``nodes``, ``cpu_cores``, ``vpcs``...); see
    :meth:`nodeplane.Client.get_limits`."""

    @property
    def limit(self) -> Optional[str]:
        """The name of the limit, e.g. ``nodes``."""
        value = self.body.get("limit")
        return value if isinstance(value, str) else None

    @property
    def max(self) -> Optional[int]:
        """The limit's value."""
        value = self.body.get("max")
        return value if isinstance(value, int) else None

    @property
    def used(self) -> Optional[int]:
        """What the account used of it when the creation was refused."""
        value = self.body.get("used")
        return value if isinstance(value, int) else None


class NotFoundError(APIError):
    """404: no such resource on the account (or it was deleted)."""


class ConflictError(APIError):
    """409: the request conflicts with the current state (name taken, node not running...)."""


class RateLimitError(APIError):
    """429: too many requests; :attr:`retry_after` says how long to wait."""


class ServerError(APIError):
    """5xx: the server failed or lacks capacity (503 ``capacity_unavailable``); retry later."""


_BY_STATUS: Dict[int, Type[APIError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


_BY_CODE: Dict[str, Type[APIError]] = {
    "quota_exceeded": QuotaExceededError,
}


def error_class(status: int, code: Optional[str] = None) -> Type[APIError]:
    """The exception class for an HTTP error status and, where one is more precise, its code."""
    by_code = _BY_CODE.get(code or "")
    if by_code is not None and issubclass(by_code, error_class(status)):
        return by_code
    if status >= 500:
        return ServerError
    return _BY_STATUS.get(status, APIError)
