"""VPC networks: ``/api/v1/networking``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional

from ._http import HttpClient, segment
from ._labels import LabelSelector, labels_body, selector_params
from ._model import UNSET, from_dict


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
    labels: Dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Vpc":
        return from_dict(cls, data)


def create(
    http: HttpClient,
    name: str,
    region: Optional[str] = None,
    description: Optional[str] = None,
    labels: Optional[Mapping[str, str]] = None,
) -> Vpc:
    """``POST /api/v1/networking``; see :meth:`nodeplane.Client.vpc_create`."""
    body: Dict[str, Any] = {"name": name}
    if region is not None:
        body["region"] = region
    if description is not None:
        body["description"] = description
    if labels is not None:
        body["labels"] = labels_body(labels)
    return Vpc.from_dict(http.request("POST", "/api/v1/networking", json=body))


def list_all(http: HttpClient, label_selector: Optional[LabelSelector] = None) -> List[Vpc]:
    """``GET /api/v1/networking``; see :meth:`nodeplane.Client.vpc_list`."""
    items = http.request("GET", "/api/v1/networking", params=selector_params(label_selector))
    return [Vpc.from_dict(item) for item in items]


def update(
    http: HttpClient, vpc_id: str, labels: Optional[Mapping[str, str]] = None, description: Any = UNSET
) -> Vpc:
    """``PATCH /api/v1/networking/{id}``; see :meth:`nodeplane.Client.vpc_update`."""
    body: Dict[str, Any] = {}
    if labels is not None:
        body["labels"] = labels_body(labels)
    if description is not UNSET:
        body["description"] = description
    return Vpc.from_dict(http.request("PATCH", "/api/v1/networking/{}".format(segment(vpc_id)), json=body))


def get(http: HttpClient, vpc_id: str) -> Vpc:
    """``GET /api/v1/networking/{id}``; see :meth:`nodeplane.Client.vpc_get`."""
    return Vpc.from_dict(http.request("GET", "/api/v1/networking/{}".format(segment(vpc_id))))


def delete(http: HttpClient, vpc_id: str) -> None:
    """``DELETE /api/v1/networking/{id}``; see :meth:`nodeplane.Client.vpc_delete`."""
    http.request("DELETE", "/api/v1/networking/{}".format(segment(vpc_id)))
