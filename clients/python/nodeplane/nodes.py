"""Compute nodes: ``/nodes`` and ``/api/v1/nodes/{id}/credentials``."""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ._http import HttpClient, segment as _segment
from ._model import from_dict
from .errors import NodeNotReadyError, NotFoundError, ValidationError

log = logging.getLogger("nodeplane")

#: The contract's upper bound of provisioning: a node still provisioning after it has failed.
PROVISIONING_LIMIT_SECONDS = 120


@dataclass
class Node:
    """A compute node (docs/contract.md 2.1); the fields after ``created_at`` are extensions.

    The create response of the contract carries only ``id``, ``status`` and ``created_at``, so
    every other field has a default.
    """

    id: str
    status: str
    created_at: str
    ip_address: Optional[str] = None
    name: Optional[str] = None
    region: Optional[str] = None
    vpc_id: Optional[str] = None
    host_id: Optional[str] = None
    private_ip: Optional[str] = None
    stuck: bool = False

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Node":
        return from_dict(cls, data)


@dataclass
class NodeCredentials:
    """How to log in to a node as root; the password is left out of ``repr``."""

    node_id: str
    username: str
    password: str = field(repr=False)
    ssh_command: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeCredentials":
        return from_dict(cls, data)


def create(
    http: HttpClient,
    name: Optional[str] = None,
    region: Optional[str] = None,
    vpc_id: Optional[str] = None,
    host_id: Optional[str] = None,
) -> Node:
    """``POST /nodes``; see :meth:`nodeplane.Client.create_node`."""
    fields = {"name": name, "region": region, "vpc_id": vpc_id, "host_id": host_id}
    body = {key: value for key, value in fields.items() if value is not None}
    if body:
        return Node.from_dict(http.request("POST", "/nodes", json=body))
    # The contract's own call: POST /nodes with Content-Type: application/json and no body.
    return Node.from_dict(http.request("POST", "/nodes", empty_json_body=True))


def get(http: HttpClient, node_id: str) -> Node:
    """``GET /nodes/{id}``; see :meth:`nodeplane.Client.get_node_details`."""
    return Node.from_dict(http.request("GET", "/nodes/{}".format(_segment(node_id))))


def list_all(http: HttpClient) -> List[Node]:
    """``GET /nodes``; see :meth:`nodeplane.Client.list_nodes`."""
    return [Node.from_dict(item) for item in http.request("GET", "/nodes")]


def delete(http: HttpClient, node_id: str) -> None:
    """``DELETE /nodes/{id}``; see :meth:`nodeplane.Client.delete_node`."""
    http.request("DELETE", "/nodes/{}".format(_segment(node_id)))


def credentials(http: HttpClient, node_id: str) -> NodeCredentials:
    """``GET /api/v1/nodes/{id}/credentials``; see :meth:`nodeplane.Client.node_credentials`."""
    path = "/api/v1/nodes/{}/credentials".format(_segment(node_id))
    return NodeCredentials.from_dict(http.request("GET", path))


#: The server's longest ``timeout`` of a long-poll.
MAX_WAIT_SECONDS = 60


def _get_waiting(http: HttpClient, node_id: str, target: str, remaining: float) -> Node:
    """``GET /nodes/{id}?wait_for=target``: the server answers when the node gets there, or
    at the timeout. A server without the parameter answers 400; then a plain GET, and every
    later wait of this client polls.
    """
    path = "/nodes/{}".format(_segment(node_id))
    if http.supports_wait:
        wait = int(min(MAX_WAIT_SECONDS, max(1, math.ceil(remaining))))
        try:
            params = {"wait_for": target, "timeout": wait}
            return Node.from_dict(http.request("GET", path, params=params, extra_timeout=wait))
        except ValidationError as exc:
            if not any(error.field in ("wait_for", "timeout") for error in exc.errors):
                raise
            log.debug("the server does not support wait_for (%s); polling instead", exc.request_id)
            http.supports_wait = False
    return Node.from_dict(http.request("GET", path))


def wait_until_running(http: HttpClient, node_id: str, timeout: float, poll_interval: float) -> Node:
    """Waits on ``GET /nodes/{id}?wait_for=running``; see :meth:`nodeplane.Client.wait_until_running`."""
    deadline = time.monotonic() + timeout
    while True:
        node = _get_waiting(http, node_id, "running", deadline - time.monotonic())
        if node.status == "running":
            return node
        if node.status != "provisioning":
            raise NodeNotReadyError(
                "node {} is {}; it will not become running".format(node_id, node.status), node
            )
        if node.stuck:
            raise NodeNotReadyError(
                "node {} has been provisioning for more than {} seconds and is treated as failed (stuck); "
                "delete it and create a new one".format(node_id, PROVISIONING_LIMIT_SECONDS),
                node,
            )
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise NodeNotReadyError(
                "node {} is still provisioning after {:g} seconds; a node provisioning for more than {} seconds "
                "is treated as failed: delete it and create a new one".format(
                    node_id, timeout, PROVISIONING_LIMIT_SECONDS
                ),
                node,
            )
        if not http.supports_wait:
            time.sleep(min(poll_interval, remaining))


def wait_until_deleted(http: HttpClient, node_id: str, timeout: float, poll_interval: float) -> None:
    """Waits on ``GET /nodes/{id}?wait_for=deleted``; see :meth:`nodeplane.Client.wait_until_deleted`."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            node = _get_waiting(http, node_id, "deleted", deadline - time.monotonic())
        except NotFoundError:
            return
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise NodeNotReadyError(
                "node {} is still {} after {:g} seconds".format(node_id, node.status, timeout), node
            )
        if not http.supports_wait:
            time.sleep(min(poll_interval, remaining))
