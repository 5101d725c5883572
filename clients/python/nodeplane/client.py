"""The client: one sub-client per resource family, and the contract's flat methods (section 4.5)
as aliases of theirs."""

from __future__ import annotations

import os
from types import TracebackType
from typing import TYPE_CHECKING, Any, Dict, Iterator, Optional, Sequence, Tuple, Type

import requests

from . import events as events_api, limits as limits_api, usage as usage_api
from ._http import HttpClient
from .compute_hosts import ComputeHostsClient
from .events import Event
from .firewalls import FirewallsClient
from .limits import Limit
from .nodes import NodesClient
from .public_ips import PublicIpsClient
from .ssh_keys import SshKeysClient
from .usage import Timestamp, Usage
from .vpcs import VpcsClient
from .webhooks import WebhooksClient

DEFAULT_BASE_URL = "http://127.0.0.1:8080"

#: Each flat method of :class:`Client` and the sub-client method it is: ``client.create_node(...)``
#: is ``client.nodes.create(...)``. The contract names the first ten; docs/python.md lists them all.
FLAT_METHODS: Dict[str, Tuple[str, str]] = {
    "create_node": ("nodes", "create"),
    "get_node_details": ("nodes", "get"),
    "delete_node": ("nodes", "delete"),
    "attach_ip": ("public_ips", "attach"),
    "detach_ip": ("public_ips", "detach"),
    "vpc_create": ("vpcs", "create"),
    "vpc_list": ("vpcs", "list"),
    "vpc_get": ("vpcs", "get"),
    "vpc_delete": ("vpcs", "delete"),
    "find_compute": ("compute_hosts", "find"),
    "find_compute_page": ("compute_hosts", "find_page"),
    "list_nodes": ("nodes", "list"),
    "node_update": ("nodes", "update"),
    "node_set_ssh_keys": ("nodes", "set_ssh_keys"),
    "node_credentials": ("nodes", "credentials"),
    "node_user_data": ("nodes", "user_data"),
    "node_user_data_result": ("nodes", "user_data_result"),
    "get_metrics": ("nodes", "metrics"),
    "request_console": ("nodes", "request_console"),
    "wait_until_running": ("nodes", "wait_until_running"),
    "wait_until_deleted": ("nodes", "wait_until_deleted"),
    "wait_until_user_data": ("nodes", "wait_until_user_data"),
    "reboot_node": ("nodes", "reboot"),
    "shutdown_node": ("nodes", "shutdown"),
    "power_off_node": ("nodes", "power_off"),
    "power_on_node": ("nodes", "power_on"),
    "reset_node": ("nodes", "reset"),
    "rebuild_node": ("nodes", "rebuild"),
    "list_ips": ("public_ips", "list"),
    "vpc_update": ("vpcs", "update"),
    "ssh_key_create": ("ssh_keys", "create"),
    "ssh_key_list": ("ssh_keys", "list"),
    "ssh_key_get": ("ssh_keys", "get"),
    "ssh_key_update": ("ssh_keys", "update"),
    "ssh_key_delete": ("ssh_keys", "delete"),
    "create_firewall": ("firewalls", "create"),
    "list_firewalls": ("firewalls", "list"),
    "get_firewall": ("firewalls", "get"),
    "update_firewall": ("firewalls", "update"),
    "delete_firewall": ("firewalls", "delete"),
    "webhook_create": ("webhooks", "create"),
    "webhook_list": ("webhooks", "list"),
    "webhook_get": ("webhooks", "get"),
    "webhook_update": ("webhooks", "update"),
    "webhook_delete": ("webhooks", "delete"),
    "webhook_deliveries": ("webhooks", "deliveries"),
    "webhook_test": ("webhooks", "test"),
}


class _FlatMethod:
    """A flat name of the client, read as the sub-client's bound method (with its signature and
    docstring, for ``help()`` and ``inspect``)."""

    def __init__(self, family: str, method: str) -> None:
        self.family, self.method = family, method
        self.__doc__ = "Same as ``client.{}.{}(...)``.".format(family, method)

    def __get__(self, client: Optional["Client"], owner: Optional[type] = None) -> Any:
        if client is None:
            return self
        return getattr(getattr(client, self.family), self.method)


class Client:
    """A client of one nodeplane API, with a sub-client per resource family: ``client.nodes``,
    ``client.public_ips``, ``client.vpcs``, ``client.ssh_keys``, ``client.firewalls``,
    ``client.compute_hosts`` and ``client.webhooks`` (``client.nodes.create(...)``). The
    contract's flat methods (``create_node()``, ``vpc_list()``, ...) are the same calls; the
    table :data:`FLAT_METHODS` pairs them.

    :param api_key: API key, sent as ``Authorization: Bearer <key>`` on every request;
        default: ``NODEPLANE_API_KEY``. Without a key only :meth:`ComputeHostsClient.find` works.
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
        self.nodes = NodesClient(self._http)
        self.public_ips = PublicIpsClient(self._http)
        self.vpcs = VpcsClient(self._http)
        self.ssh_keys = SshKeysClient(self._http)
        self.firewalls = FirewallsClient(self._http)
        self.compute_hosts = ComputeHostsClient(self._http)
        self.webhooks = WebhooksClient(self._http)

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

    # Billing

    def usage(self, from_: Optional[Timestamp] = None, to: Optional[Timestamp] = None) -> Usage:
        """Returns the per-second usage and cost of the account's nodes over a period.

        :param from_: period start (datetime, naive means UTC, or an ISO 8601 string);
            default: the start of the current UTC month
        :param to: period end; default: now
        """
        return usage_api.get(self._http, from_=from_, to=to)

    # Limits

    def get_limits(self) -> Dict[str, Limit]:
        """Returns the account's limits by name (``nodes``, ``cpu_cores``, ``memory_gb``,
        ``volumes_gb``, ``images_gb``, ``floating_ips``, ``firewalls``, ``vpcs``), each with
        what the account uses of it. A creation past one raises
        :class:`~nodeplane.QuotaExceededError`.
        """
        return limits_api.get(self._http)

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

    if TYPE_CHECKING:
        # The flat methods are set on the class below; a type checker reads them as Any (each
        # signature is on its sub-client's method).
        def __getattr__(self, name: str) -> Any: ...


for _name, (_family, _method) in FLAT_METHODS.items():
    setattr(Client, _name, _FlatMethod(_family, _method))
