"""VPC networks: ``/api/v1/networking``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ._http import HttpClient, segment
from ._model import from_dict


@dataclass
class Vpc:
    """An isolated private network. The contract shows only ``id``; the rest is nodeplane's record."""

    id: str
    name: Optional[str] = None
    region: Optional[str] = None
    description: Optional[str] = None
    cidr: Optional[str] = None
    created_at: Optional[str] = None
    node_ids: List[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Vpc":
        return from_dict(cls, data)


def create(
    http: HttpClient, name: str, region: Optional[str] = None, description: Optional[str] = None
) -> Vpc:
    """``POST /api/v1/networking``; see :meth:`nodeplane.Client.vpc_create`."""
    body: Dict[str, Any] = {"name": name}
    if region is not None:
        body["region"] = region
    if description is not None:
        body["description"] = description
    return Vpc.from_dict(http.request("POST", "/api/v1/networking", json=body))


def list_all(http: HttpClient) -> List[Vpc]:
    """``GET /api/v1/networking``; see :meth:`nodeplane.Client.vpc_list`."""
    return [Vpc.from_dict(item) for item in http.request("GET", "/api/v1/networking")]


def get(http: HttpClient, vpc_id: str) -> Vpc:
    """``GET /api/v1/networking/{id}``; see :meth:`nodeplane.Client.vpc_get`."""
    return Vpc.from_dict(http.request("GET", "/api/v1/networking/{}".format(segment(vpc_id))))


def delete(http: HttpClient, vpc_id: str) -> None:
    """``DELETE /api/v1/networking/{id}``; see :meth:`nodeplane.Client.vpc_delete`."""
    http.request("DELETE", "/api/v1/networking/{}".format(segment(vpc_id)))
