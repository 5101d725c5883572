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
    #: ISO 8601 time of attachment; only :meth:`PublicIpsClient.list` fills it.
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


class PublicIpsClient:
    """Public addresses attached to nodes, ``/api/v1/nodes/{id}/network/ip``: ``client.public_ips``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def attach(self, node_id: str, version: Optional[int] = None, address: Optional[str] = None) -> IpAttachment:
        """Attaches a public address to a running node.

        :param version: 4 or 6; IPv4 when omitted
        :param address: a specific address from the server's public pools instead
        :return: the attachment, ``ip`` shaped ``<address>/<prefix>``
        :raises ConflictError: the node is not running (``node_not_running``), the address
            is in use (``ip_in_use``), or the node stayed ``node_repairing`` through the
            client's retries
        :raises ValidationError: the address is outside the public pools
        """
        path = "/api/v1/nodes/{}/network/ip".format(segment(node_id))
        return IpAttachment.from_dict(self._http.request("POST", path, json=attach_body(version, address)))

    def list(self, node_id: str) -> List[IpAttachment]:
        """Returns the public addresses attached to a node, oldest first.

        A node still provisioning has none yet. An address detached elsewhere (another
        client, the dashboard) is gone from the list at once.

        :return: one :class:`IpAttachment` per address, with ``attached_at`` set
        :raises NotFoundError: no such node on the account, or it was deleted
        """
        path = "/api/v1/nodes/{}/network/ip".format(segment(node_id))
        return [IpAttachment.from_dict(entry) for entry in self._http.request("GET", path)]

    def detach(self, node_id: str, ip: Optional[str] = None) -> IpAttachment:
        """Detaches a public address from a node.

        :param ip: the address to detach (with or without prefix); without it, the most
            recently attached one
        :return: the detached address, with ``status`` ``detached``
        :raises NotFoundError: no such node, or nothing (or not ``ip``) attached
        """
        path = "/api/v1/nodes/{}/network/ip".format(segment(node_id))
        params = {"ip": ip} if ip is not None else None
        return IpAttachment.from_dict(self._http.request("DELETE", path, params=params))
