"""A node's console: ``POST /api/v1/nodes/{id}/console``, as Hetzner Cloud's ``request_console``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ._http import HttpClient, segment
from ._model import from_dict


@dataclass
class NodeConsole:
    """A one-time console URL of a node and its password (left out of ``repr``).

    Connect a WebSocket to ``url`` within 60 seconds (it works once) and send ``password`` as
    the first text frame; then binary frames carry raw terminal bytes both ways, and a text
    frame ``{"resize": [cols, rows]}`` resizes the terminal.
    """

    #: ``wss://...`` when the API is reached over https, else ``ws://...``.
    url: str
    password: str = field(repr=False)


def request(http: HttpClient, node_id: str) -> NodeConsole:
    """``POST /api/v1/nodes/{id}/console``; see :meth:`NodesClient.request_console`."""
    path = "/api/v1/nodes/{}/console".format(segment(node_id))
    return from_dict(NodeConsole, http.request("POST", path))
