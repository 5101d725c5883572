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


class VpcsClient:
    """The account's VPC networks, ``/api/v1/networking``: ``client.vpcs``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def create(
        self,
        name: str,
        region: Optional[str] = None,
        description: Optional[str] = None,
        labels: Optional[Mapping[str, str]] = None,
    ) -> Vpc:
        """Creates a VPC network.

        :param name: unique name on the account
        :param region: target region; default: the server's default region
        :param labels: e.g. ``{"env": "prod"}``
        :raises ConflictError: the name is taken
        """
        body: Dict[str, Any] = {"name": name}
        if region is not None:
            body["region"] = region
        if description is not None:
            body["description"] = description
        if labels is not None:
            body["labels"] = labels_body(labels)
        return Vpc.from_dict(self._http.request("POST", "/api/v1/networking", json=body))

    def list(self, label_selector: Optional[LabelSelector] = None) -> List[Vpc]:
        """Returns every VPC of the account.

        :param label_selector: only VPCs whose labels match (see :meth:`NodesClient.list`)
        """
        items = self._http.request("GET", "/api/v1/networking", params=selector_params(label_selector))
        return [Vpc.from_dict(item) for item in items]

    def get(self, vpc_id: str) -> Vpc:
        """Returns one VPC.

        :raises NotFoundError: no such VPC on the account
        """
        return Vpc.from_dict(self._http.request("GET", "/api/v1/networking/{}".format(segment(vpc_id))))

    def update(self, vpc_id: str, labels: Optional[Mapping[str, str]] = None, description: Any = UNSET) -> Vpc:
        """Replaces a VPC's labels or changes its description (``PATCH /api/v1/networking/{id}``).

        :param labels: the whole new set (``{}`` removes them all); left out, they stay
        :param description: the new description; None removes it; left out, it stays
        """
        body: Dict[str, Any] = {}
        if labels is not None:
            body["labels"] = labels_body(labels)
        if description is not UNSET:
            body["description"] = description
        return Vpc.from_dict(self._http.request("PATCH", "/api/v1/networking/{}".format(segment(vpc_id)), json=body))

    def delete(self, vpc_id: str) -> None:
        """Deletes a VPC.

        :raises ConflictError: nodes remain in it (``vpc_has_nodes``; their ids are in
            ``error.body["node_ids"]``)
        """
        self._http.request("DELETE", "/api/v1/networking/{}".format(segment(vpc_id)))
