"""Compute nodes: ``/nodes``, ``/api/v1/nodes/{id}/credentials`` and ``/api/v1/nodes/{id}/ssh-keys``."""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._http import HttpClient, segment as _segment
from ._labels import LabelSelector, labels_body, selector_params
from . import console as _console, metrics as _metrics, user_data as _user_data
from ._model import UNSET, from_dict
from .console import NodeConsole
from .errors import NodeNotReadyError, NotFoundError, ValidationError
from .metrics import NodeMetrics
from .ssh_keys import SshKey
from .usage import Timestamp
from .user_data import NodeUserData, NodeUserDataResult

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


#: An SSH key given by id or as the :class:`SshKey` that :meth:`SshKeysClient.create` returned.
SshKeyRef = Union[str, SshKey]


def key_ids(keys: Sequence[SshKeyRef]) -> List[str]:
    """The ids of ``keys``; a single string would be iterated per character, so it is refused."""
    if isinstance(keys, (str, SshKey)):
        raise TypeError("ssh_keys must be a list of SSH key ids or SshKey objects")
    return [key.id if isinstance(key, SshKey) else key for key in keys]


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


#: ``user_data_status`` values after which the status no longer changes.
USER_DATA_DONE = ("succeeded", "failed", "skipped")


def _user_data_done(node: Node) -> bool:
    # Without user data (or on a server before it), running is as done as the node gets.
    if node.user_data_status is None:
        return node.status == "running"
    return node.user_data_status in USER_DATA_DONE


# Imported here, below Node and the waits: power builds on both.
from . import power as _power  # noqa: E402
from .power import RebuiltNode  # noqa: E402


class NodesClient:
    """The account's nodes, ``/nodes`` and ``/api/v1/nodes/{id}/...``: ``client.nodes``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def create(
        self,
        name: Optional[str] = None,
        region: Optional[str] = None,
        vpc_id: Optional[str] = None,
        host_id: Optional[str] = None,
        ssh_keys: Optional[Sequence[SshKeyRef]] = None,
        password_login: Optional[bool] = None,
        labels: Optional[Mapping[str, str]] = None,
        user_data: Optional[str] = None,
    ) -> Node:
        """Creates a node (``POST /nodes``). Billing starts when this returns.

        The node starts ``provisioning`` with ``ip_address`` None; see
        :meth:`wait_until_running`. Never retried automatically (see the class docs).

        :param name: a label for the node
        :param region: region to place it in; default: the VPC's, else the server's default
        :param vpc_id: VPC to join; default: the region's default VPC
        :param host_id: compute host to run on (an ``active`` one from :meth:`ComputeHostsClient.find`)
        :param ssh_keys: the account's SSH keys (ids or :class:`SshKey`) for root's
            ``authorized_keys``, at most 50
        :param password_login: False turns off password login over SSH (needs ``ssh_keys``);
            default: False when ``ssh_keys`` are given, else True
        :param labels: e.g. ``{"env": "prod"}``, Kubernetes rules (see docs/api.md)
        :param user_data: a shell script (``#!...``) or ``#cloud-config`` (a documented subset),
            at most 32 KiB, run once when the node first starts; see :meth:`wait_until_user_data`
        :return: the created node
        :raises ValidationError: a refused key, label or user data, named in ``error.errors``
            (``ssh_keys``, ``password_login``, ``labels.<key>``, ``user_data``)
        :raises ServerError: 503 ``capacity_unavailable`` when no host is free, 500 when the
            node could not be provisioned (retry)
        :raises ConflictError: ``host_id`` names a reserved host
        """
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
            return Node.from_dict(self._http.request("POST", "/nodes", json=body))
        # The contract's own call: POST /nodes with Content-Type: application/json and no body.
        return Node.from_dict(self._http.request("POST", "/nodes", empty_json_body=True))

    def get(self, node_id: str) -> Node:
        """Returns one node (``GET /nodes/{id}``).

        :param node_id: the id from :meth:`create`
        :raises NotFoundError: no such node on the account, or it was deleted
        """
        return Node.from_dict(self._http.request("GET", "/nodes/{}".format(_segment(node_id))))

    def list(self, label_selector: Optional[LabelSelector] = None) -> List[Node]:
        """Returns every node of the account in any status (``GET /nodes``); not in the contract's table.

        :param label_selector: only nodes whose labels match, e.g. ``"env=prod,tier in (web,api),!legacy"``;
            a mapping such as ``{"env": "prod"}`` means every pair must match
        :raises ValidationError: a malformed selector (field ``label_selector``)
        """
        items = self._http.request("GET", "/nodes", params=selector_params(label_selector))
        return [Node.from_dict(item) for item in items]

    def update(self, node_id: str, name: Any = UNSET, labels: Optional[Mapping[str, str]] = None) -> Node:
        """Renames a node or replaces its labels in place (``PATCH /nodes/{id}``); nothing is recreated.

        :param name: the record's new name; None removes it; left out, it stays. The host name
            inside a running node does not change.
        :param labels: the node's whole new set of labels (``{}`` removes them all); left out, they stay
        :raises ValidationError: a bad name or label (``name``, ``labels.<key>``)
        """
        body: Dict[str, Any] = {}
        if name is not UNSET:
            body["name"] = name
        if labels is not None:
            body["labels"] = labels_body(labels)
        return Node.from_dict(self._http.request("PATCH", "/nodes/{}".format(_segment(node_id)), json=body))

    def set_ssh_keys(self, node_id: str, keys: Sequence[SshKeyRef], password_login: Optional[bool] = None) -> Node:
        """Replaces the SSH keys that may log in to a node as root, live, without recreating it
        (``PUT /api/v1/nodes/{id}/ssh-keys``; needs a ``read_write`` key).

        A running node's ``authorized_keys`` (and sshd's password setting) have changed when this
        returns; a provisioning node gets them when it comes up. Safe to retry.

        :param keys: the account's SSH keys (ids or :class:`SshKey`), in order; ``[]`` removes all
        :param password_login: True or False to change password login; None leaves it as it is
        :raises ValidationError: an unknown or another account's key (``ssh_keys``), or password
            login off without a key (``password_login``)
        """
        body: Dict[str, Any] = {"ssh_keys": key_ids(keys)}
        if password_login is not None:
            body["password_login"] = password_login
        path = "/api/v1/nodes/{}/ssh-keys".format(_segment(node_id))
        return Node.from_dict(self._http.request("PUT", path, json=body))

    def delete(self, node_id: str) -> None:
        """Deletes a node (``DELETE /nodes/{id}``): billing stops, its data is destroyed.

        :raises NotFoundError: no such node, or it is already deleted
        """
        self._http.request("DELETE", "/nodes/{}".format(_segment(node_id)))

    def credentials(self, node_id: str) -> NodeCredentials:
        """Returns the root login of a node (needs a ``read_write`` key).

        ``ssh_command`` is None until the node is running with a public address; ``password``
        is None while the node's password login is off (``password_login`` False).
        """
        path = "/api/v1/nodes/{}/credentials".format(_segment(node_id))
        return NodeCredentials.from_dict(self._http.request("GET", path))

    def wait_until_running(self, node_id: str, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Waits until a node is ``running`` and returns it.

        The server holds each request until the node changes (``GET /nodes/{id}?wait_for=running``),
        so a wait costs a request or two; against a server without that, it polls.

        :param timeout: seconds to wait; the contract allows up to 120 for provisioning
        :param poll_interval: seconds between polls, when polling
        :raises NodeNotReadyError: the node is still provisioning after ``timeout``, is
            marked ``stuck``, or is being deleted. The contract's advice for a stuck node: delete
            it and create a new one.
        :raises NotFoundError: the node was deleted meanwhile
        """
        deadline = time.monotonic() + timeout
        while True:
            node = _get_waiting(self._http, node_id, "running", deadline - time.monotonic())
            if node.status == "running":
                return node
            if node.status != "provisioning":
                raise NodeNotReadyError("node {} is {}; it will not become running".format(node_id, node.status), node)
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
            if _polls(self._http, "running"):
                time.sleep(min(poll_interval, remaining))

    def wait_until_deleted(self, node_id: str, timeout: float = 120, poll_interval: float = 1.0) -> None:
        """Waits until a deleted node is gone (answers 404): teardown has finished.

        Like :meth:`wait_until_running`, one held request at a time, else polling.

        :param timeout: seconds to wait
        :param poll_interval: seconds between polls, when polling
        :raises NodeNotReadyError: the node still exists after ``timeout`` (its last state is
            on the exception's ``node``)
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                node = _get_waiting(self._http, node_id, "deleted", deadline - time.monotonic())
            except NotFoundError:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise NodeNotReadyError(
                    "node {} is still {} after {:g} seconds".format(node_id, node.status, timeout), node
                )
            if _polls(self._http, "deleted"):
                time.sleep(min(poll_interval, remaining))

    def wait_until_user_data(self, node_id: str, timeout: float = 720, poll_interval: float = 1.0) -> Node:
        """Waits until a node's user data has finished and returns the node.

        It returns once ``user_data_status`` is ``succeeded``, ``failed`` or ``skipped`` (a node
        without user data: once it is ``running``); check ``node.user_data_status`` and read
        :meth:`user_data_result` for the exit code and output. One held request at a time
        (``wait_for=user_data``), else polling, as :meth:`wait_until_running`.

        :param timeout: seconds to wait: by default provisioning (up to 120) plus the server's default
            time limit of user data (600, NODEPLANE_USER_DATA_TIMEOUT_SECONDS), after which it is killed
        :param poll_interval: seconds between polls, when polling
        :raises NodeNotReadyError: still not finished after ``timeout``, or the node is stuck or
            being deleted
        :raises NotFoundError: the node was deleted meanwhile
        """
        deadline = time.monotonic() + timeout
        while True:
            node = _get_waiting(self._http, node_id, "user_data", deadline - time.monotonic())
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
            if _polls(self._http, "user_data"):
                time.sleep(min(poll_interval, remaining))

    def user_data(self, node_id: str) -> NodeUserData:
        """Returns the user data a node was created with, as sent (needs a ``read_write`` key).

        :raises NotFoundError: the node has no user data (``user_data_not_found``), or no such node
        """
        return _user_data.get(self._http, node_id)

    def user_data_result(self, node_id: str) -> NodeUserDataResult:
        """Returns how a node's user data ran: status, exit code and the last 64 KiB of its output.

        :raises NotFoundError: the node has no user data (``user_data_not_found``), or no such node
        """
        return _user_data.result(self._http, node_id)

    def metrics(
        self,
        node_id: str,
        types: Union[str, Sequence[str]],
        start: Timestamp,
        end: Timestamp,
        step: Optional[int] = None,
    ) -> NodeMetrics:
        """Returns a node's metrics over ``[start, end]`` (``GET /api/v1/nodes/{id}/metrics``).

        Nodes are sampled every 10 seconds while they run; 10-second figures are kept 24 hours,
        5-minute averages 30 days.

        :param types: ``cpu``, ``memory``, ``disk`` and/or ``network``, as a list or a
            comma-separated string
        :param start: window start (datetime, naive means UTC, or an ISO 8601 string)
        :param end: window end, after ``start`` and at most 31 days from it
        :param step: seconds per point; default: at most 500 points
        :return: the series of the types asked for, each a list of ``(unix_seconds, value)``
        :raises ValidationError: a malformed field, named in ``error.errors``
        :raises NotFoundError: no such node on the account, or it is deleted
        """
        return _metrics.get(self._http, node_id, types, start, end, step)

    def reboot(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Reboots a node cleanly, through its init; it keeps its disk, addresses and billing.

        With ``wait`` (the default) it returns once the node is back (``power_state`` ``on``),
        waiting as :meth:`wait_until_running` does, with one held request at a time
        (``wait_for=power_on``); without, the node as the server accepted the action
        (``rebooting``). Needs a ``read_write`` key.

        :param wait: wait until the action is done
        :param timeout: seconds to wait
        :param poll_interval: seconds between polls, against a server that cannot hold requests
        :raises ConflictError: the node is provisioning or being deleted (``node_not_running``),
            off (``node_powered_off``), another action is under way (``action_in_progress``), or
            the server's driver cannot power nodes (``action_unsupported``)
        :raises NodeNotReadyError: not done after ``timeout``, or the node is being deleted
        """
        return _power.act(self._http, node_id, "reboot", wait, timeout, poll_interval)

    def shutdown(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Shuts a node down cleanly, through its init; with ``wait``, returns once it is ``off``.

        An off node keeps its disk, addresses and billing; :meth:`power_on` starts it
        again. A node already off is left as it is. Parameters and errors as :meth:`reboot`.
        """
        return _power.act(self._http, node_id, "shutdown", wait, timeout, poll_interval)

    def power_off(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Powers a node off at once, as pulling the plug; with ``wait``, returns once it is ``off``.

        Unsaved data inside the node may be lost: :meth:`shutdown` is the clean way.
        Parameters and errors as :meth:`reboot`.
        """
        return _power.act(self._http, node_id, "poweroff", wait, timeout, poll_interval)

    def power_on(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Powers a node on; with ``wait``, returns once it accepts connections (``on``).

        A node already on is left as it is. Parameters and errors as :meth:`reboot`.
        """
        return _power.act(self._http, node_id, "poweron", wait, timeout, poll_interval)

    def reset(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Resets a node: off at once, then on; with ``wait``, returns once it is back (``on``).

        Parameters and errors as :meth:`reboot`.
        """
        return _power.act(self._http, node_id, "reset", wait, timeout, poll_interval)

    def rebuild(
        self,
        node_id: str,
        user_data: Optional[str] = None,
        wait: bool = True,
        timeout: float = 300,
        poll_interval: float = 1.0,
    ) -> RebuiltNode:
        """Rebuilds a node in place: its disk is wiped and installed again from the node image.

        The node keeps its id, name, labels, addresses, SSH keys, VPC and billing; its root
        password changes (the new one is ``root_password`` of the answer, and in
        :meth:`credentials`). Its user data, ``user_data`` when given, else its own, runs
        once more: :meth:`wait_until_user_data` waits for that. A node that is off is rebuilt
        and ends on. With ``wait`` (the default) it returns once the node accepts connections
        again (``power_state`` ``on``); without, as the server accepted it (``rebuilding``).
        Each call rebuilds. Needs a ``read_write`` key.

        :param user_data: the node's new user data (a ``#!`` script or ``#cloud-config``)
        :param wait: wait until the rebuild is done
        :param timeout: seconds to wait
        :param poll_interval: seconds between polls, against a server that cannot hold requests
        :raises ValidationError: invalid ``user_data`` (nothing changed)
        :raises ConflictError: the node is provisioning or being deleted (``node_not_running``),
            another action is under way (``action_in_progress``), or the server's driver cannot
            rebuild nodes (``action_unsupported``)
        :raises NodeNotReadyError: not done after ``timeout``, or the node is being deleted
        """
        return _power.rebuild(self._http, node_id, user_data, wait, timeout, poll_interval)

    def request_console(self, node_id: str) -> NodeConsole:
        """Returns a one-time console URL of a running node and its password (Hetzner's ``request_console``).

        The console is a root shell in the node through its engine, with no login and no need
        for sshd or a network in the node. Connect a WebSocket to ``url`` within 60 seconds (it
        works once), send ``password`` as the first text frame, then exchange raw terminal
        bytes in binary frames; a text frame ``{"resize": [cols, rows]}`` resizes the
        terminal. Over plain ``http://`` everything travels in clear: use TLS. Each session is
        recorded as ``node.console_opened`` and ``node.console_closed`` events. Needs a
        ``read_write`` key.

        :raises NotFoundError: no such node on the account, or it is deleted
        :raises ConflictError: the node is provisioning or being deleted (``node_not_running``)
            or off (``node_powered_off``), or the server's driver opens no consoles
            (``console_unsupported``: ``simulated`` and ``netns``)
        """
        return _console.request(self._http, node_id)
