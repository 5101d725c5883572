"""Compute nodes: ``/nodes``, ``/api/v1/nodes/{id}/credentials`` and ``/api/v1/nodes/{id}/ssh-keys``."""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._http import HttpClient, segment as _segment
from ._labels import LabelSelector, labels_body, selector_params
from ._model import UNSET, from_dict
from .errors import NodeNotReadyError, NotFoundError, ValidationError
from .ssh_keys import SshKey

log = logging.getLogger("nodeplane")

#: The contract's upper bound of provisioning: a node still provisioning after it has failed.
PROVISIONING_LIMIT_SECONDS = 120


@dataclass
class NodeSize:
    """What a node bought: the cores, memory (GiB), disk (GB) and GPUs of its compute host."""

    cpu_cores: int
    memory_gb: int
    storage_gb: int
    gpu_count: int = 0

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeSize":
        return from_dict(cls, data)


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
    #: True while the node can be reached: running, on, and its machine up (False while
    #: provisioning, off, or its Incus member is offline).
    reachable: bool = True
    #: What the node bought (its host's size); None from a server older than sizes.
    size: Optional[NodeSize] = None
    labels: Dict[str, str] = field(default_factory=dict)
    #: Ids of the SSH keys in root's ``authorized_keys``, in the order given.
    ssh_keys: List[str] = field(default_factory=list)
    #: Whether root may log in with its password over SSH; by default only nodes made without keys.
    password_login: bool = True
    #: When the node first accepted SSH connections (ISO 8601 UTC), None before.
    reachable_at: Optional[str] = None
    #: None without user data, else ``pending``, ``running``, ``succeeded``, ``failed`` or ``skipped``.
    user_data_status: Optional[str] = None
    #: ``on``, ``off`` (powered off: disk, addresses and billing kept), ``rebooting`` or ``rebuilding``.
    power_state: str = "on"

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Node":
        size = data.get("size")
        return from_dict(cls, data, size=NodeSize.from_dict(size) if size else None)


@dataclass
class NodeCredentials:
    """How to log in to a node as root; the password is left out of ``repr``.

    ``password`` is None while password login is off (``password_login`` False): the node
    takes only its SSH keys then.
    """

    node_id: str
    username: str
    password: Optional[str] = field(default=None, repr=False)
    ssh_command: Optional[str] = None
    #: Whether root may log in with ``password``; a server older than this field always had it.
    password_login: bool = True

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeCredentials":
        return from_dict(cls, data)


#: An SSH key given by id or as the :class:`SshKey` that :meth:`~nodeplane.Client.ssh_key_create` returned.
SshKeyRef = Union[str, SshKey]


def key_ids(keys: Sequence[SshKeyRef]) -> List[str]:
    """The ids of ``keys``; a single string would be iterated per character, so it is refused."""
    if isinstance(keys, (str, SshKey)):
        raise TypeError("ssh_keys must be a list of SSH key ids or SshKey objects")
    return [key.id if isinstance(key, SshKey) else key for key in keys]


def create(
    http: HttpClient,
    name: Optional[str] = None,
    region: Optional[str] = None,
    vpc_id: Optional[str] = None,
    host_id: Optional[str] = None,
    ssh_keys: Optional[Sequence[SshKeyRef]] = None,
    password_login: Optional[bool] = None,
    labels: Optional[Mapping[str, str]] = None,
    user_data: Optional[str] = None,
) -> Node:
    """``POST /nodes``; see :meth:`nodeplane.Client.create_node`."""
    fields = {
        "name": name,
        "region": region,
        "vpc_id": vpc_id,
        "host_id": host_id,
        "ssh_keys": key_ids(ssh_keys) if ssh_keys is not None else None,
        "password_login": password_login,
        "labels": labels_body(labels) if labels is not None else None,
        "user_data": user_data,
    }
    body = {key: value for key, value in fields.items() if value is not None}
    if body:
        return Node.from_dict(http.request("POST", "/nodes", json=body))
    # The contract's own call: POST /nodes with Content-Type: application/json and no body.
    return Node.from_dict(http.request("POST", "/nodes", empty_json_body=True))


def get(http: HttpClient, node_id: str) -> Node:
    """``GET /nodes/{id}``; see :meth:`nodeplane.Client.get_node_details`."""
    return Node.from_dict(http.request("GET", "/nodes/{}".format(_segment(node_id))))


def list_all(http: HttpClient, label_selector: Optional[LabelSelector] = None) -> List[Node]:
    """``GET /nodes``; see :meth:`nodeplane.Client.list_nodes`."""
    items = http.request("GET", "/nodes", params=selector_params(label_selector))
    return [Node.from_dict(item) for item in items]


def update(http: HttpClient, node_id: str, name: Any = UNSET, labels: Optional[Mapping[str, str]] = None) -> Node:
    """``PATCH /nodes/{id}``; see :meth:`nodeplane.Client.node_update`."""
    body: Dict[str, Any] = {}
    if name is not UNSET:
        body["name"] = name
    if labels is not None:
        body["labels"] = labels_body(labels)
    return Node.from_dict(http.request("PATCH", "/nodes/{}".format(_segment(node_id)), json=body))


def set_ssh_keys(
    http: HttpClient, node_id: str, keys: Sequence[SshKeyRef], password_login: Optional[bool] = None
) -> Node:
    """``PUT /api/v1/nodes/{id}/ssh-keys``; see :meth:`nodeplane.Client.node_set_ssh_keys`."""
    body: Dict[str, Any] = {"ssh_keys": key_ids(keys)}
    if password_login is not None:
        body["password_login"] = password_login
    path = "/api/v1/nodes/{}/ssh-keys".format(_segment(node_id))
    return Node.from_dict(http.request("PUT", path, json=body))


def delete(http: HttpClient, node_id: str) -> None:
    """``DELETE /nodes/{id}``; see :meth:`nodeplane.Client.delete_node`."""
    http.request("DELETE", "/nodes/{}".format(_segment(node_id)))


def credentials(http: HttpClient, node_id: str) -> NodeCredentials:
    """``GET /api/v1/nodes/{id}/credentials``; see :meth:`nodeplane.Client.node_credentials`."""
    path = "/api/v1/nodes/{}/credentials".format(_segment(node_id))
    return NodeCredentials.from_dict(http.request("GET", path))


#: The server's longest ``timeout`` of a long-poll.
MAX_WAIT_SECONDS = 60


#: The ``wait_for`` values of the first release with waits; a 400 for one of them means the
#: server has no waits at all.
_FIRST_WAITS = ("running", "deleted")


def _get_waiting(http: HttpClient, node_id: str, target: str, remaining: float) -> Node:
    """``GET /nodes/{id}?wait_for=target``: the server answers when the node gets there, or
    at the timeout. A server without the parameter (or without this value of it) answers 400;
    then a plain GET, and every later wait of this client for the same target polls.
    """
    path = "/nodes/{}".format(_segment(node_id))
    if http.supports_wait and target not in http.refused_waits:
        wait = int(min(MAX_WAIT_SECONDS, max(1, math.ceil(remaining))))
        try:
            params = {"wait_for": target, "timeout": wait}
            return Node.from_dict(http.request("GET", path, params=params, extra_timeout=wait))
        except ValidationError as exc:
            if not any(error.field in ("wait_for", "timeout") for error in exc.errors):
                raise
            log.debug("the server does not support wait_for=%s (%s); polling instead", target, exc.request_id)
            if target in _FIRST_WAITS:
                http.supports_wait = False
            else:
                http.refused_waits.add(target)
    return Node.from_dict(http.request("GET", path))


def _polls(http: HttpClient, target: str) -> bool:
    return not http.supports_wait or target in http.refused_waits


def _refuse_stuck(node_id: str, node: Node) -> None:
    if node.stuck:
        raise NodeNotReadyError(
            "node {} has been provisioning for more than {} seconds and is treated as failed (stuck); "
            "delete it and create a new one".format(node_id, PROVISIONING_LIMIT_SECONDS),
            node,
        )


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
        _refuse_stuck(node_id, node)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise NodeNotReadyError(
                "node {} is still provisioning after {:g} seconds; a node provisioning for more than {} seconds "
                "is treated as failed: delete it and create a new one".format(
                    node_id, timeout, PROVISIONING_LIMIT_SECONDS
                ),
                node,
            )
        if _polls(http, "running"):
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
        if _polls(http, "deleted"):
            time.sleep(min(poll_interval, remaining))


#: ``user_data_status`` values after which the status no longer changes.
USER_DATA_DONE = ("succeeded", "failed", "skipped")


def _user_data_done(node: Node) -> bool:
    # Without user data (or on a server before it), running is as done as the node gets.
    if node.user_data_status is None:
        return node.status == "running"
    return node.user_data_status in USER_DATA_DONE


def wait_until_user_data(http: HttpClient, node_id: str, timeout: float, poll_interval: float) -> Node:
    """Waits on ``GET /nodes/{id}?wait_for=user_data``; see :meth:`nodeplane.Client.wait_until_user_data`."""
    deadline = time.monotonic() + timeout
    while True:
        node = _get_waiting(http, node_id, "user_data", deadline - time.monotonic())
        if _user_data_done(node):
            return node
        if node.status not in ("provisioning", "running"):
            raise NodeNotReadyError(
                "node {} is {}; its user data will not finish".format(node_id, node.status), node
            )
        _refuse_stuck(node_id, node)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise NodeNotReadyError(
                "the user data of node {} is still {} after {:g} seconds (node {})".format(
                    node_id, node.user_data_status or "not started", timeout, node.status
                ),
                node,
            )
        if _polls(http, "user_data"):
            time.sleep(min(poll_interval, remaining))
