"""The client: the contract's flat methods (section 4.5) plus a few extensions."""

from __future__ import annotations

import os
from decimal import Decimal
from types import TracebackType
from typing import Any, Iterator, List, Mapping, Optional, Sequence, Type, Union

import requests

from . import compute_hosts, console, events as events_api, firewalls, metrics, nodes, power, public_ips, ssh_keys, usage as usage_api, user_data, vpcs, webhooks
from ._http import HttpClient
from ._labels import LabelSelector
from ._model import UNSET
from .compute_hosts import ComputeHost, ComputeHostPage
from .console import NodeConsole
from .events import Event
from .firewalls import Firewall, RuleLike
from .metrics import NodeMetrics
from .nodes import Node, NodeCredentials, SshKeyRef
from .power import RebuiltNode
from .public_ips import IpAttachment
from .ssh_keys import SshKey
from .usage import Timestamp, Usage
from .user_data import NodeUserData, NodeUserDataResult
from .vpcs import Vpc
from .webhooks import Webhook, WebhookDelivery

DEFAULT_BASE_URL = "http://127.0.0.1:8080"


class Client:
    """A client of one nodeplane API.

    :param api_key: API key, sent as ``Authorization: Bearer <key>`` on every request;
        default: ``NODEPLANE_API_KEY``. Without a key only :meth:`find_compute` works.
    :param base_url: address of the API; default: ``NODEPLANE_ENDPOINT``, else
        ``http://127.0.0.1:8080`` (the server's default)
    :param timeout: seconds to wait for the server on each attempt
    :param max_retries: retries of an idempotent request (GET, PUT, DELETE) after a connection
        error or a 429, 500, 502, 503 or 504; 0 turns retries off
    :param backoff_factor: the first retry waits about this many seconds, each next one twice
        as long (with jitter); a ``Retry-After`` header wins
    :param retry_posts_with_idempotency_key: also retry POSTs. Every POST carries a fresh
        ``Idempotency-Key`` (the same on each attempt), and the server replays its first
        answer to a repeated key, so a retried ``create_node`` does not create a second
        node. Off by default: against a server without that support, a retry could create
        two billed nodes.
    :param session: a ``requests.Session`` to use (for proxies or TLS settings)
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff_factor: float = 0.5,
        retry_posts_with_idempotency_key: bool = False,
        session: Optional[requests.Session] = None,
    ) -> None:
        if api_key is None:
            api_key = os.environ.get("NODEPLANE_API_KEY") or None
        if base_url is None:
            base_url = os.environ.get("NODEPLANE_ENDPOINT") or DEFAULT_BASE_URL
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self.base_url = base_url.rstrip("/")
        self._http = HttpClient(
            self.base_url,
            api_key,
            timeout=timeout,
            max_retries=max_retries,
            backoff_factor=backoff_factor,
            retry_posts_with_idempotency_key=retry_posts_with_idempotency_key,
            session=session,
        )

    def __repr__(self) -> str:
        return "Client(base_url={!r})".format(self.base_url)

    def __enter__(self) -> "Client":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def close(self) -> None:
        """Closes the HTTP session; later calls raise :class:`~nodeplane.NodeplaneError`."""
        self._http.close()

    @property
    def closed(self) -> bool:
        return self._http.closed

    # Nodes

    def create_node(
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
        :param host_id: compute host to run on (an ``active`` one from :meth:`find_compute`)
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
        return nodes.create(
            self._http,
            name=name,
            region=region,
            vpc_id=vpc_id,
            host_id=host_id,
            ssh_keys=ssh_keys,
            password_login=password_login,
            labels=labels,
            user_data=user_data,
        )

    def get_node_details(self, node_id: str) -> Node:
        """Returns one node (``GET /nodes/{id}``).

        :param node_id: the id from :meth:`create_node`
        :raises NotFoundError: no such node on the account, or it was deleted
        """
        return nodes.get(self._http, node_id)

    def list_nodes(self, label_selector: Optional[LabelSelector] = None) -> List[Node]:
        """Returns every node of the account in any status (``GET /nodes``); not in the contract's table.

        :param label_selector: only nodes whose labels match, e.g. ``"env=prod,tier in (web,api),!legacy"``;
            a mapping such as ``{"env": "prod"}`` means every pair must match
        :raises ValidationError: a malformed selector (field ``label_selector``)
        """
        return nodes.list_all(self._http, label_selector=label_selector)

    def node_update(self, node_id: str, name: Any = UNSET, labels: Optional[Mapping[str, str]] = None) -> Node:
        """Renames a node or replaces its labels in place (``PATCH /nodes/{id}``); nothing is recreated.

        :param name: the record's new name; None removes it; left out, it stays. The host name
            inside a running node does not change.
        :param labels: the node's whole new set of labels (``{}`` removes them all); left out, they stay
        :raises ValidationError: a bad name or label (``name``, ``labels.<key>``)
        """
        return nodes.update(self._http, node_id, name=name, labels=labels)

    def node_set_ssh_keys(
        self, node_id: str, keys: Sequence[SshKeyRef], password_login: Optional[bool] = None
    ) -> Node:
        """Replaces the SSH keys that may log in to a node as root, live, without recreating it
        (``PUT /api/v1/nodes/{id}/ssh-keys``; needs a ``read_write`` key).

        A running node's ``authorized_keys`` (and sshd's password setting) have changed when this
        returns; a provisioning node gets them when it comes up. Safe to retry.

        :param keys: the account's SSH keys (ids or :class:`SshKey`), in order; ``[]`` removes all
        :param password_login: True or False to change password login; None leaves it as it is
        :raises ValidationError: an unknown or another account's key (``ssh_keys``), or password
            login off without a key (``password_login``)
        """
        return nodes.set_ssh_keys(self._http, node_id, keys, password_login=password_login)

    def node_user_data(self, node_id: str) -> NodeUserData:
        """Returns the user data a node was created with, as sent (needs a ``read_write`` key).

        :raises NotFoundError: the node has no user data (``user_data_not_found``), or no such node
        """
        return user_data.get(self._http, node_id)

    def node_user_data_result(self, node_id: str) -> NodeUserDataResult:
        """Returns how a node's user data ran: status, exit code and the last 64 KiB of its output.

        :raises NotFoundError: the node has no user data (``user_data_not_found``), or no such node
        """
        return user_data.result(self._http, node_id)

    def get_metrics(
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
        return metrics.get(self._http, node_id, types, start, end, step)

    def delete_node(self, node_id: str) -> None:
        """Deletes a node (``DELETE /nodes/{id}``): billing stops, its data is destroyed.

        :raises NotFoundError: no such node, or it is already deleted
        """
        nodes.delete(self._http, node_id)

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
        return nodes.wait_until_running(self._http, node_id, timeout, poll_interval)

    def wait_until_deleted(self, node_id: str, timeout: float = 120, poll_interval: float = 1.0) -> None:
        """Waits until a deleted node is gone (answers 404): teardown has finished.

        Like :meth:`wait_until_running`, one held request at a time, else polling.

        :param timeout: seconds to wait
        :param poll_interval: seconds between polls, when polling
        :raises NodeNotReadyError: the node still exists after ``timeout`` (its last state is
            on the exception's ``node``)
        """
        nodes.wait_until_deleted(self._http, node_id, timeout, poll_interval)

    def wait_until_user_data(self, node_id: str, timeout: float = 720, poll_interval: float = 1.0) -> Node:
        """Waits until a node's user data has finished and returns the node.

        It returns once ``user_data_status`` is ``succeeded``, ``failed`` or ``skipped`` (a node
        without user data: once it is ``running``); check ``node.user_data_status`` and read
        :meth:`node_user_data_result` for the exit code and output. One held request at a time
        (``wait_for=user_data``), else polling, as :meth:`wait_until_running`.

        :param timeout: seconds to wait: by default provisioning (up to 120) plus the server's default
            time limit of user data (600, NODEPLANE_USER_DATA_TIMEOUT_SECONDS), after which it is killed
        :param poll_interval: seconds between polls, when polling
        :raises NodeNotReadyError: still not finished after ``timeout``, or the node is stuck or
            being deleted
        :raises NotFoundError: the node was deleted meanwhile
        """
        return nodes.wait_until_user_data(self._http, node_id, timeout, poll_interval)

    # Power actions

    def reboot_node(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
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
        return power.act(self._http, node_id, "reboot", wait, timeout, poll_interval)

    def shutdown_node(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Shuts a node down cleanly, through its init; with ``wait``, returns once it is ``off``.

        An off node keeps its disk, addresses and billing; :meth:`power_on_node` starts it
        again. A node already off is left as it is. Parameters and errors as :meth:`reboot_node`.
        """
        return power.act(self._http, node_id, "shutdown", wait, timeout, poll_interval)

    def power_off_node(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Powers a node off at once, as pulling the plug; with ``wait``, returns once it is ``off``.

        Unsaved data inside the node may be lost: :meth:`shutdown_node` is the clean way.
        Parameters and errors as :meth:`reboot_node`.
        """
        return power.act(self._http, node_id, "poweroff", wait, timeout, poll_interval)

    def power_on_node(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Powers a node on; with ``wait``, returns once it accepts connections (``on``).

        A node already on is left as it is. Parameters and errors as :meth:`reboot_node`.
        """
        return power.act(self._http, node_id, "poweron", wait, timeout, poll_interval)

    def reset_node(self, node_id: str, wait: bool = True, timeout: float = 120, poll_interval: float = 1.0) -> Node:
        """Resets a node: off at once, then on; with ``wait``, returns once it is back (``on``).

        Parameters and errors as :meth:`reboot_node`.
        """
        return power.act(self._http, node_id, "reset", wait, timeout, poll_interval)

    def rebuild_node(
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
        :meth:`node_credentials`). Its user data, ``user_data`` when given, else its own, runs
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
        return power.rebuild(self._http, node_id, user_data, wait, timeout, poll_interval)

    def node_credentials(self, node_id: str) -> NodeCredentials:
        """Returns the root login of a node (needs a ``read_write`` key).

        ``ssh_command`` is None until the node is running with a public address; ``password``
        is None while the node's password login is off (``password_login`` False).
        """
        return nodes.credentials(self._http, node_id)

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
        return console.request(self._http, node_id)

    # Public IPs

    def attach_ip(
        self, node_id: str, version: Optional[int] = None, address: Optional[str] = None
    ) -> IpAttachment:
        """Attaches a public address to a running node.

        :param version: 4 or 6; IPv4 when omitted
        :param address: a specific address from the server's public pools instead
        :return: the attachment, ``ip`` shaped ``<address>/<prefix>``
        :raises ConflictError: the node is not running (``node_not_running``), the address
            is in use (``ip_in_use``), or the node stayed ``node_repairing`` through the
            client's retries
        :raises ValidationError: the address is outside the public pools
        """
        return public_ips.attach(self._http, node_id, version=version, address=address)

    def list_ips(self, node_id: str) -> List[IpAttachment]:
        """Returns the public addresses attached to a node, oldest first.

        A node still provisioning has none yet. An address detached elsewhere (another
        client, the dashboard) is gone from the list at once.

        :return: one :class:`IpAttachment` per address, with ``attached_at`` set
        :raises NotFoundError: no such node on the account, or it was deleted
        """
        return public_ips.list_(self._http, node_id)

    def detach_ip(self, node_id: str, ip: Optional[str] = None) -> IpAttachment:
        """Detaches a public address from a node.

        :param ip: the address to detach (with or without prefix); without it, the most
            recently attached one
        :return: the detached address, with ``status`` ``detached``
        :raises NotFoundError: no such node, or nothing (or not ``ip``) attached
        """
        return public_ips.detach(self._http, node_id, ip=ip)

    # VPCs

    def vpc_create(
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
        return vpcs.create(self._http, name, region=region, description=description, labels=labels)

    def vpc_list(self, label_selector: Optional[LabelSelector] = None) -> List[Vpc]:
        """Returns every VPC of the account.

        :param label_selector: only VPCs whose labels match (see :meth:`list_nodes`)
        """
        return vpcs.list_all(self._http, label_selector=label_selector)

    def vpc_update(self, vpc_id: str, labels: Optional[Mapping[str, str]] = None, description: Any = UNSET) -> Vpc:
        """Replaces a VPC's labels or changes its description (``PATCH /api/v1/networking/{id}``).

        :param labels: the whole new set (``{}`` removes them all); left out, they stay
        :param description: the new description; None removes it; left out, it stays
        """
        return vpcs.update(self._http, vpc_id, labels=labels, description=description)

    def vpc_get(self, vpc_id: str) -> Vpc:
        """Returns one VPC.

        :raises NotFoundError: no such VPC on the account
        """
        return vpcs.get(self._http, vpc_id)

    def vpc_delete(self, vpc_id: str) -> None:
        """Deletes a VPC.

        :raises ConflictError: nodes remain in it (``vpc_has_nodes``; their ids are in
            ``error.body["node_ids"]``)
        """
        vpcs.delete(self._http, vpc_id)

    # SSH keys

    def ssh_key_create(self, name: str, public_key: str, labels: Optional[Mapping[str, str]] = None) -> SshKey:
        """Adds a public SSH key to the account.

        :param name: unique name on the account
        :param public_key: one OpenSSH public key line, e.g. the text of ``~/.ssh/id_ed25519.pub``
            (ed25519, ECDSA, or RSA of at least 2048 bits); surrounding white space is trimmed
        :raises ValidationError: the key is refused (DSA, short RSA, a private key, not a key);
            the reason is in ``error.errors``
        :raises ConflictError: the name is taken (``ssh_key_name_taken``), or the same key is on
            the account already (``ssh_key_exists``; its id is in ``error.body["ssh_key_id"]``)
        """
        return ssh_keys.create(self._http, name, public_key, labels=labels)

    def ssh_key_list(self, label_selector: Optional[LabelSelector] = None) -> List[SshKey]:
        """Returns every SSH key of the account, oldest first.

        :param label_selector: only keys whose labels match (see :meth:`list_nodes`)
        """
        return ssh_keys.list_all(self._http, label_selector=label_selector)

    def ssh_key_update(
        self, ssh_key_id: str, name: Optional[str] = None, labels: Optional[Mapping[str, str]] = None
    ) -> SshKey:
        """Renames an SSH key or replaces its labels (``PATCH /api/v1/ssh-keys/{id}``).

        :param labels: the whole new set (``{}`` removes them all); left out, they stay
        :raises ConflictError: the name is taken (``ssh_key_name_taken``)
        """
        return ssh_keys.update(self._http, ssh_key_id, name=name, labels=labels)

    def ssh_key_get(self, ssh_key_id: str) -> SshKey:
        """Returns one SSH key.

        :raises NotFoundError: no such SSH key on the account
        """
        return ssh_keys.get(self._http, ssh_key_id)

    def ssh_key_delete(self, ssh_key_id: str) -> None:
        """Deletes an SSH key.

        :raises NotFoundError: no such SSH key on the account
        :raises ConflictError: nodes still use it (``ssh_key_in_use``; their ids are in
            ``error.body["node_ids"]``): take it off them with :meth:`node_set_ssh_keys` first
        """
        ssh_keys.delete(self._http, ssh_key_id)

    # Firewalls

    def create_firewall(
        self,
        name: str,
        rules: Optional[Sequence[RuleLike]] = None,
        apply_to: Optional[Sequence[Mapping[str, str]]] = None,
        labels: Optional[Mapping[str, str]] = None,
    ) -> Firewall:
        """Creates a firewall. Once a firewall applies to a node, only what some rule allows gets in.

        :param name: unique name on the account
        :param rules: at most 50 :class:`FirewallRule` (or dicts as the API takes them)
        :param apply_to: ``{"type": "node", "node_id": ...}`` and
            ``{"type": "label_selector", "selector": "env=prod"}`` entries
        :param labels: the firewall's own labels, e.g. ``{"team": "web"}``
        :raises ValidationError: an invalid field, named as ``rules.0.port`` or
            ``apply_to.0.node_id`` (a node not on the account: ``node_not_found``)
        :raises ConflictError: the name is taken (``firewall_name_taken``), or a node would have
            more than 5 firewalls (``firewall_limit_reached``; ids in ``error.body["node_ids"]``)
        """
        return firewalls.create(self._http, name, rules=rules, apply_to=apply_to, labels=labels)

    def list_firewalls(
        self,
        label_selector: Optional[LabelSelector] = None,
        name: Optional[str] = None,
        node_id: Optional[str] = None,
    ) -> List[Firewall]:
        """Returns the account's firewalls, oldest first.

        :param label_selector: only firewalls whose own labels match (see :meth:`list_nodes`)
        :param name: only the firewall of this name
        :param node_id: only the firewalls that apply to this node
        """
        return firewalls.list_all(self._http, label_selector=label_selector, name=name, node_id=node_id)

    def get_firewall(self, firewall_id: str) -> Firewall:
        """Returns one firewall.

        :raises NotFoundError: no such firewall on the account
        """
        return firewalls.get(self._http, firewall_id)

    def update_firewall(
        self,
        firewall_id: str,
        name: Optional[str] = None,
        rules: Optional[Sequence[RuleLike]] = None,
        apply_to: Optional[Sequence[Mapping[str, str]]] = None,
        labels: Optional[Mapping[str, str]] = None,
    ) -> Firewall:
        """Changes a firewall (``PATCH /api/v1/firewalls/{id}``): each argument given replaces
        the old value whole (``[]`` or ``{}`` empties it); left out, it stays.

        :raises ValidationError: as :meth:`create_firewall`
        :raises ConflictError: as :meth:`create_firewall`
        """
        return firewalls.update(self._http, firewall_id, name=name, rules=rules, apply_to=apply_to, labels=labels)

    def delete_firewall(self, firewall_id: str) -> None:
        """Deletes a firewall.

        :raises NotFoundError: no such firewall on the account
        :raises ConflictError: it applies to nodes (``firewall_in_use``; their ids are in
            ``error.body["node_ids"]``): empty its ``apply_to`` first
        """
        firewalls.delete(self._http, firewall_id)

    # Compute host discovery

    def find_compute(
        self,
        min_cpu: Optional[float] = None,
        min_memory_gb: Optional[float] = None,
        min_storage_gb: Optional[float] = None,
        max_price: Optional[Union[float, str, Decimal]] = None,
        region: Optional[str] = None,
        status: Optional[str] = None,
        datacenter: Optional[str] = None,
        gpu: Optional[bool] = None,
    ) -> List[ComputeHost]:
        """Returns every compute host that matches, cheapest first, reading all pages.

        Filters left as None use the server's defaults (``min_cpu`` 1, ``min_memory_gb`` 1,
        ``min_storage_gb`` 10, ``status`` ``all``).

        :param max_price: highest ``pricing.hourly``, compared as a decimal. The API has no
            such parameter, so this filter runs in the client, after every page is read.
        :param region: region or datacenter code
        :param status: ``active``, ``reserved`` or ``all``
        :param gpu: True for hosts with a GPU, False for CPU-only ones
        """
        params = compute_hosts.query(min_cpu, min_memory_gb, min_storage_gb, region, datacenter, status, gpu)
        return compute_hosts.find_all(self._http, params, max_price=max_price)

    def find_compute_page(
        self,
        page: int = 1,
        limit: int = 50,
        min_cpu: Optional[float] = None,
        min_memory_gb: Optional[float] = None,
        min_storage_gb: Optional[float] = None,
        region: Optional[str] = None,
        status: Optional[str] = None,
        datacenter: Optional[str] = None,
        gpu: Optional[bool] = None,
    ) -> ComputeHostPage:
        """Returns one page of discovery results with its :class:`Pagination`.

        :param page: 1-based page number
        :param limit: hosts per page, at most 200
        """
        params = compute_hosts.query(min_cpu, min_memory_gb, min_storage_gb, region, datacenter, status, gpu)
        return compute_hosts.find_page(self._http, params, page, limit)

    # Webhooks

    def webhook_create(
        self, url: str, event_types: Optional[Sequence[str]] = None, description: Optional[str] = None
    ) -> Webhook:
        """Creates a webhook: the server POSTs the account's events to ``url``, signed.

        :param event_types: e.g. ``["node.running"]``; every type when omitted
        :return: the webhook with its ``secret``, shown only here: store it to verify deliveries
            with :func:`nodeplane.verify_signature`
        :raises ValidationError: the URL is not http(s), or not public (unless the server allows it)
        """
        return webhooks.create(self._http, url, event_types=event_types, description=description)

    def webhook_list(self) -> List[Webhook]:
        """Returns every webhook of the account (without secrets)."""
        return webhooks.list_all(self._http)

    def webhook_get(self, webhook_id: str) -> Webhook:
        """Returns one webhook. :raises NotFoundError: no such webhook on the account"""
        return webhooks.get(self._http, webhook_id)

    def webhook_update(
        self,
        webhook_id: str,
        url: Optional[str] = None,
        event_types: Optional[Sequence[str]] = None,
        description: Optional[str] = None,
        enabled: Optional[bool] = None,
    ) -> Webhook:
        """Changes what is given; ``enabled=True`` resumes a paused or disabled webhook."""
        types = list(event_types) if event_types is not None else None
        return webhooks.update(self._http, webhook_id, url=url, event_types=types, description=description, enabled=enabled)

    def webhook_delete(self, webhook_id: str) -> None:
        """Deletes a webhook; deliveries to it stop. :raises NotFoundError: no such webhook"""
        webhooks.delete(self._http, webhook_id)

    def webhook_deliveries(self, webhook_id: str) -> List[WebhookDelivery]:
        """The webhook's delivery log, newest first, with each attempt's response code."""
        return webhooks.deliveries(self._http, webhook_id)

    def webhook_test(self, webhook_id: str) -> WebhookDelivery:
        """Sends a test event to the webhook now and returns its delivery."""
        return webhooks.send_test(self._http, webhook_id)

    # Billing

    def usage(self, from_: Optional[Timestamp] = None, to: Optional[Timestamp] = None) -> Usage:
        """Returns the per-second usage and cost of the account's nodes over a period.

        :param from_: period start (datetime, naive means UTC, or an ISO 8601 string);
            default: the start of the current UTC month
        :param to: period end; default: now
        """
        return usage_api.get(self._http, from_=from_, to=to)

    # Events

    def events(
        self,
        type: Optional[Sequence[str]] = None,  # noqa: A002 (the API's parameter name)
        resource_id: Optional[str] = None,
        order: str = "newest",
        page_size: int = 50,
    ) -> Iterator[Event]:
        """Iterates over the account's events (``GET /api/v1/events``), fetching pages as needed.

        Newest first it ends at the first event on record; oldest first it ends once it has
        caught up with the present.

        :param type: only these types, e.g. ``["node.running", "node.deleted"]``
        :param resource_id: only events about this node, VPC, key or user
        :param order: ``newest`` or ``oldest``
        :param page_size: events per request (1 to 200)
        """
        return events_api.iterate(self._http, type, resource_id, order, page_size)

    def stream_events(
        self,
        type: Optional[Sequence[str]] = None,  # noqa: A002 (the API's parameter name)
        resource_id: Optional[str] = None,
        last_event_id: Optional[int] = None,
    ) -> Iterator[Event]:
        """Yields the account's events live as they happen (Server-Sent Events), without end.

        A dropped connection is reopened with ``Last-Event-ID``, so no event is missed; break
        out of the loop to stop.

        :param last_event_id: start after this event id (e.g. the last one you processed);
            by default with the first event after this call
        :raises ConnectionError: the server stays unreachable through the client's retries
        """
        return events_api.stream(self._http, type, resource_id, last_event_id)
