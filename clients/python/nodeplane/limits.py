"""The account's limits: ``/api/v1/limits``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict

from ._http import HttpClient
from ._model import from_dict


@dataclass
class Limit:
    """One limit of the account and what its live things use of it."""

    limit: int
    used: int

    @property
    def remaining(self) -> int:
        """How much more the account may create (0 when at or past the limit)."""
        return max(0, self.limit - self.used)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Limit":
        return from_dict(cls, data)


def get(http: HttpClient) -> Dict[str, Limit]:
    """``GET /api/v1/limits``; see :meth:`nodeplane.Client.get_limits`."""
    body = http.request("GET", "/api/v1/limits")
    return {name: Limit.from_dict(value) for name, value in body["limits"].items()}
