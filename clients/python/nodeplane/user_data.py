"""A node's user data: ``/api/v1/nodes/{id}/user-data`` and its ``/result``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional

from ._http import HttpClient, segment
from ._model import from_dict


@dataclass
class NodeUserData:
    """The user data a node was created with, as sent; left out of ``repr`` (it may hold secrets)."""

    node_id: str
    user_data: str = field(repr=False)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeUserData":
        return from_dict(cls, data)


@dataclass
class NodeUserDataResult:
    """How a node's user data ran: its status, exit code and the end of its output."""

    node_id: str
    #: ``pending``, ``running``, ``succeeded``, ``failed`` or ``skipped``.
    status: str
    #: The script's exit code once it has finished; None before, when killed, and when skipped.
    exit_code: Optional[int] = None
    #: The last 64 KiB of its stdout and stderr.
    output: str = ""
    started_at: Optional[str] = None
    finished_at: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeUserDataResult":
        return from_dict(cls, data)


def _path(node_id: str, rest: str = "") -> str:
    return "/api/v1/nodes/{}/user-data{}".format(segment(node_id), rest)


def get(http: HttpClient, node_id: str) -> NodeUserData:
    """``GET /api/v1/nodes/{id}/user-data``; see :meth:`NodesClient.user_data`."""
    return NodeUserData.from_dict(http.request("GET", _path(node_id)))


def result(http: HttpClient, node_id: str) -> NodeUserDataResult:
    """``GET /api/v1/nodes/{id}/user-data/result``; see :meth:`NodesClient.user_data_result`."""
    return NodeUserDataResult.from_dict(http.request("GET", _path(node_id, "/result")))
