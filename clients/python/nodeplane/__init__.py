"""Python client of the nodeplane compute-node cloud API.

>>> from nodeplane import Client
>>> with Client(api_key="np_...", base_url="http://127.0.0.1:8080") as client:
...     node = client.create_node()
...     node = client.wait_until_running(node.id)
"""

from __future__ import annotations

__version__ = "0.1.0"

from .client import Client  # noqa: E402
from .compute_hosts import ComputeHost, ComputeHostPage, Cpu, Gpu, Pagination, Pricing  # noqa: E402
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
    RateLimitError,
    ServerError,
    ValidationError,
)
from .console import NodeConsole  # noqa: E402
from .events import Event, EventActor  # noqa: E402
from .firewalls import Firewall, FirewallRule  # noqa: E402
from .metrics import NodeMetrics  # noqa: E402
from .nodes import Node, NodeCredentials, NodeSize  # noqa: E402
from .power import RebuiltNode  # noqa: E402
from .public_ips import IpAttachment  # noqa: E402
from .ssh_keys import SshKey  # noqa: E402
from .usage import ArchivedMonth, NodeUsage, Usage  # noqa: E402
from .user_data import NodeUserData, NodeUserDataResult  # noqa: E402
from .vpcs import Vpc  # noqa: E402
from .webhooks import Webhook, WebhookDelivery, verify_signature  # noqa: E402

# ConnectionError is left out so that "from nodeplane import *" cannot shadow the builtin.
__all__ = [
    "APIError",
    "ArchivedMonth",
    "AuthenticationError",
    "Client",
    "ComputeHost",
    "ComputeHostPage",
    "ConflictError",
    "Cpu",
    "Event",
    "EventActor",
    "FieldError",
    "Firewall",
    "FirewallRule",
    "Gpu",
    "IpAttachment",
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
    "NotFoundError",
    "Pagination",
    "PermissionDeniedError",
    "Pricing",
    "RateLimitError",
    "RebuiltNode",
    "ServerError",
    "SshKey",
    "Usage",
    "ValidationError",
    "Vpc",
    "Webhook",
    "WebhookDelivery",
    "__version__",
    "verify_signature",
]
