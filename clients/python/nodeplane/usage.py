"""Per-second billing: ``/api/v1/usage``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional, Union

from ._http import HttpClient
from ._model import from_dict

Timestamp = Union[datetime, str]


@dataclass
class NodeUsage:
    """The bill of one node over the period. Money is a decimal string (four decimals)."""

    node_id: str
    status: str
    created_at: str
    hourly_price: str
    seconds: int
    cost: str
    name: Optional[str] = None
    deleted_at: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeUsage":
        return from_dict(cls, data)


@dataclass
class ArchivedMonth:
    """What the nodes pruned past their retention ran in one UTC month (``YYYY-MM``)."""

    month: str
    currency: str
    nodes: int
    seconds: int
    cost: str

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "ArchivedMonth":
        return from_dict(cls, data)


@dataclass
class Usage:
    """Usage and cost of the account over ``[from, to]``; ``from`` is ``from_`` in Python."""

    from_: str
    to: str
    currency: str
    total_cost: str
    nodes: List[NodeUsage] = field(default_factory=list)
    #: Pruned nodes' months the period covers whole, counted in ``total_cost``.
    archived_months: List[ArchivedMonth] = field(default_factory=list)
    #: Pruned nodes' months the period cuts, not counted: ask for whole months to include them.
    archived_months_excluded: List[ArchivedMonth] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Usage":
        nodes = [NodeUsage.from_dict(item) for item in data.get("nodes", [])]
        return from_dict(
            cls,
            data,
            from_=data["from"],
            nodes=nodes,
            archived_months=_months(data, "archived_months"),
            archived_months_excluded=_months(data, "archived_months_excluded"),
        )


def _months(data: Dict[str, Any], key: str) -> List[ArchivedMonth]:
    return [ArchivedMonth.from_dict(item) for item in data.get(key, [])]


def iso_utc(value: Timestamp) -> str:
    """An ISO 8601 UTC string with a ``Z``, the only form the API accepts; naive means UTC."""
    if isinstance(value, str):
        return value
    if value.tzinfo is not None:
        value = value.astimezone(timezone.utc).replace(tzinfo=None)
    return value.strftime("%Y-%m-%dT%H:%M:%S.") + "{:03d}Z".format(value.microsecond // 1000)


def get(http: HttpClient, from_: Optional[Timestamp] = None, to: Optional[Timestamp] = None) -> Usage:
    """``GET /api/v1/usage``; see :meth:`nodeplane.Client.usage`."""
    params = {}
    if from_ is not None:
        params["from"] = iso_utc(from_)
    if to is not None:
        params["to"] = iso_utc(to)
    return Usage.from_dict(http.request("GET", "/api/v1/usage", params=params or None))
