"""Python client of the nodeplane compute-node cloud API.

>>> from nodeplane import Client
>>> with Client(api_key="np_...", base_url="http://127.0.0.1:8080") as client:
...     node = client.nodes.create()
...     node = client.nodes.wait_until_running(node.id)

Each family has its sub-client (``client.nodes``, ``client.vpcs``, ...); the contract's flat
methods (``client.create_node()``, ``client.vpc_list()``, ...) are the same calls.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .client import Client  # noqa: E402
from .compute_hosts import ComputeHost, ComputeHostPage, ComputeHostsClient, Cpu, Gpu, Pagination, Pricing  # noqa: E402
from .errors import (  # noqa: E402
    APIError,
    AuthenticationError,
    ConflictError,
    ConnectionError,
    FieldError,
    NodeNotReadyError,
    NodeplaneError,
    NotFoundError,
    PermissionDeniedError,
    QuotaExceededError,
    RateLimitError,
    ServerError,
    ValidationError,
)
from .console import NodeConsole  # noqa: E402
from .events import Event, EventActor  # noqa: E402
from .firewalls import Firewall, FirewallRule, FirewallsClient  # noqa: E402
from .limits import Limit  # noqa: E402
from .metrics import NodeMetrics  # noqa: E402
from .nodes import Node, NodeCredentials, NodesClient, NodeSize  # noqa: E402
from .power import RebuiltNode  # noqa: E402
from .public_ips import IpAttachment, PublicIpsClient  # noqa: E402
from .ssh_keys import SshKey, SshKeysClient  # noqa: E402
from .usage import ArchivedMonth, NodeUsage, Usage  # noqa: E402
from .user_data import NodeUserData, NodeUserDataResult  # noqa: E402
from .vpcs import Vpc, VpcsClient  # noqa: E402
from .webhooks import Webhook, WebhookDelivery, WebhooksClient, verify_signature  # noqa: E402

# ConnectionError is left out so that "from nodeplane import *" cannot shadow the builtin.
__all__ = [
    "APIError",
    "ArchivedMonth",
    "AuthenticationError",
    "Client",
    "ComputeHost",
    "ComputeHostPage",
    "ComputeHostsClient",
    "ConflictError",
    "Cpu",
    "Event",
    "EventActor",
    "FieldError",
    "Firewall",
    "FirewallRule",
    "FirewallsClient",
    "Gpu",
    "IpAttachment",
    "Limit",
    "Node",
    "NodeConsole",
    "NodeCredentials",
    "NodeSize",
    "NodeMetrics",
    "NodeNotReadyError",
    "NodeUsage",
    "NodeUserData",
    "NodeUserDataResult",
    "NodeplaneError",
    "NodesClient",
    "NotFoundError",
    "Pagination",
    "PermissionDeniedError",
    "Pricing",
    "PublicIpsClient",
    "QuotaExceededError",
    "RateLimitError",
    "RebuiltNode",
    "ServerError",
    "SshKey",
    "SshKeysClient",
    "Usage",
    "ValidationError",
    "Vpc",
    "VpcsClient",
    "Webhook",
    "WebhookDelivery",
    "WebhooksClient",
    "__version__",
    "verify_signature",
]
