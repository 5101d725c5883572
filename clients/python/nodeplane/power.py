"""Power actions and rebuilds: ``POST /api/v1/nodes/{id}/actions/{action}`` and waiting for their end."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

from ._http import HttpClient, segment as _segment
from ._model import from_dict
from .errors import NodeNotReadyError
from .nodes import Node, _get_waiting, _polls


@dataclass
class RebuiltNode(Node):
    """A node as its rebuild answered, with its new root password (left out of ``repr``)."""

    #: The new root password, also in :meth:`NodesClient.credentials` from now on.
    root_password: str = field(default="", repr=False)

#: The ``power_state`` each action ends in, and the ``wait_for`` value that waits for it.
_ENDS = {
    "reboot": ("on", "power_on"),
    "reset": ("on", "power_on"),
    "poweron": ("on", "power_on"),
    "shutdown": ("off", "power_off"),
    "poweroff": ("off", "power_off"),
}


def act(http: HttpClient, node_id: str, action: str, wait: bool, timeout: float, poll_interval: float) -> Node:
    """Asks for ``action`` (202: the node as it is then); with ``wait``, waits for its end."""
    path = "/api/v1/nodes/{}/actions/{}".format(_segment(node_id), action)
    node = Node.from_dict(http.request("POST", path))
    if not wait:
        return node
    state, target = _ENDS[action]
    return wait_for_power(http, node_id, state, target, timeout, poll_interval)


def wait_for_power(
    http: HttpClient, node_id: str, state: str, target: str, timeout: float, poll_interval: float
) -> Node:
    """Waits on ``GET /nodes/{id}?wait_for=power_on|power_off`` until ``power_state`` is ``state``."""
    deadline = time.monotonic() + timeout
    while True:
        node = _get_waiting(http, node_id, target, deadline - time.monotonic())
        if node.status == "running" and node.power_state == state:
            return node
        if node.status != "running":
            raise NodeNotReadyError("node {} is {}; its power will not change".format(node_id, node.status), node)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise NodeNotReadyError(
                "node {} is still {} after {:g} seconds, not {} (the node.action_failed event says "
                "why when the action failed)".format(node_id, node.power_state, timeout, state),
                node,
            )
        if _polls(http, target):
            time.sleep(min(poll_interval, remaining))


def rebuild(
    http: HttpClient, node_id: str, user_data: Optional[str], wait: bool, timeout: float, poll_interval: float
) -> RebuiltNode:
    """Asks for a rebuild (202: the node and its new password); with ``wait``, waits until it is ``on``."""
    path = "/api/v1/nodes/{}/actions/rebuild".format(_segment(node_id))
    body: Dict[str, Any] = {} if user_data is None else {"user_data": user_data}
    node = RebuiltNode.from_dict(http.request("POST", path, json=body))
    if not wait:
        return node
    done = wait_for_power(http, node_id, "on", "power_on", timeout, poll_interval)
    return from_dict(RebuiltNode, dataclasses.asdict(done), root_password=node.root_password)
