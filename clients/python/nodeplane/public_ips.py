"""Public IP addresses of a node: ``/api/v1/nodes/{id}/network/ip``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from ._http import HttpClient, segment
from ._model import from_dict


@dataclass
class IpAttachment:
    """The result of attaching (docs/contract.md 2.2) or detaching a public address.

    The field names are the wire's, camelCase included; ``ip_version`` and ``node_id`` are
    snake_case aliases.
    """

    status: str
    ip: str
    ipVersion: int
    nodeId: str
    #: ISO 8601 time of attachment; only :meth:`nodeplane.Client.list_ips` fills it.
    attachedAt: Optional[str] = None

    @property
    def ip_version(self) -> int:
        return self.ipVersion

    @property
    def node_id(self) -> str:
        return self.nodeId

    @property
    def attached_at(self) -> Optional[str]:
        return self.attachedAt

    @property
    def address(self) -> str:
        """The address without its prefix length."""
        return self.ip.split("/")[0]

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "IpAttachment":
        return from_dict(cls, data)


def attach_body(version: Optional[int], address: Optional[str]) -> Dict[str, str]:
    """The request body: ``auto`` (IPv4), ``auto-ipv6``, or a specific address."""
    if address is not None:
        if version is not None:
            raise ValueError("pass either version or address, not both")
        return {"ip": address}
    if version is None or version == 4:
        return {"ip": "auto"}
    if version == 6:
        return {"ip": "auto-ipv6"}
    raise ValueError("version must be 4 or 6, not {!r}".format(version))


def attach(
    http: HttpClient, node_id: str, version: Optional[int] = None, address: Optional[str] = None
) -> IpAttachment:
    """``POST /api/v1/nodes/{id}/network/ip``; see :meth:`nodeplane.Client.attach_ip`."""
    path = "/api/v1/nodes/{}/network/ip".format(segment(node_id))
    return IpAttachment.from_dict(http.request("POST", path, json=attach_body(version, address)))


def detach(http: HttpClient, node_id: str, ip: Optional[str] = None) -> IpAttachment:
    """``DELETE /api/v1/nodes/{id}/network/ip``; see :meth:`nodeplane.Client.detach_ip`."""
    path = "/api/v1/nodes/{}/network/ip".format(segment(node_id))
    params = {"ip": ip} if ip is not None else None
    return IpAttachment.from_dict(http.request("DELETE", path, params=params))


def list_(http: HttpClient, node_id: str) -> List[IpAttachment]:
    """``GET /api/v1/nodes/{id}/network/ip``; see :meth:`nodeplane.Client.list_ips`."""
    path = "/api/v1/nodes/{}/network/ip".format(segment(node_id))
    return [IpAttachment.from_dict(entry) for entry in http.request("GET", path)]
