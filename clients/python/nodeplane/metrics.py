"""A node's metrics: ``/api/v1/nodes/{id}/metrics``, in Hetzner Cloud's shape."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._http import HttpClient, segment
from .usage import Timestamp, iso_utc

#: One point: Unix seconds (the start of its step) and the value.
Point = Tuple[int, float]


@dataclass
class NodeMetrics:
    """A node's series over ``[start, end]``, one point per ``step`` seconds that has data.

    ``time_series`` maps each series asked for (``cpu`` in percent of one core,
    ``memory.used_bytes``, ``disk.used_bytes``, ``network.in_bps``, ``network.out_bps``)
    to its points, oldest first. Empty on engines that measure nothing (``simulated``).
    """

    start: str
    end: str
    step: int
    time_series: Dict[str, List[Point]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "NodeMetrics":
        metrics = data["metrics"]
        series = {
            name: [(int(at), value) for at, value in entry.get("values", [])]
            for name, entry in metrics.get("time_series", {}).items()
        }
        return cls(start=metrics["start"], end=metrics["end"], step=metrics["step"], time_series=series)


def get(
    http: HttpClient,
    node_id: str,
    types: Union[str, Sequence[str]],
    start: Timestamp,
    end: Timestamp,
    step: Optional[int] = None,
) -> NodeMetrics:
    """``GET /api/v1/nodes/{id}/metrics``; see :meth:`NodesClient.metrics`."""
    params = {
        "type": types if isinstance(types, str) else ",".join(types),
        "start": iso_utc(start),
        "end": iso_utc(end),
    }  # type: Dict[str, Any]
    if step is not None:
        params["step"] = step
    path = "/api/v1/nodes/{}/metrics".format(segment(node_id))
    return NodeMetrics.from_dict(http.request("GET", path, params=params))
