"""Bare-metal compute host discovery: ``GET /api/v1/compute`` (public)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Dict, List, Optional, Union

from ._http import HttpClient
from ._model import from_dict

#: The API's largest page (docs/contract.md 8).
MAX_LIMIT = 200

Number = Union[int, float]


@dataclass
class Cpu:
    cores: int
    architecture: str


@dataclass
class Gpu:
    count: int


@dataclass
class Pricing:
    """Prices are decimal strings: ``hourly`` with four decimals, ``monthly`` with two."""

    hourly: str
    monthly: str
    currency: str

    @property
    def hourly_decimal(self) -> Decimal:
        return Decimal(self.hourly)

    @property
    def monthly_decimal(self) -> Decimal:
        return Decimal(self.monthly)


@dataclass
class ComputeHost:
    """A bare-metal host (docs/contract.md 2.4); ``status`` is ``active`` or ``reserved``."""

    id: str
    status: str
    region: str
    datacenter: str
    os: str
    hostname: str
    cpu: Cpu
    memory_gb: int
    storage_gb: int
    gpu: Gpu
    pricing: Pricing

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "ComputeHost":
        return from_dict(
            cls,
            data,
            cpu=from_dict(Cpu, data["cpu"]),
            gpu=from_dict(Gpu, data["gpu"]),
            pricing=from_dict(Pricing, data["pricing"]),
        )


@dataclass
class Pagination:
    """docs/contract.md 2.5; ``page`` is 1-based."""

    total: int
    page: int
    limit: int
    total_pages: int
    has_more: bool


@dataclass
class ComputeHostPage:
    """One page of discovery results."""

    hosts: List[ComputeHost]
    pagination: Pagination

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "ComputeHostPage":
        return cls(
            hosts=[ComputeHost.from_dict(item) for item in data["hosts"]],
            pagination=from_dict(Pagination, data["pagination"]),
        )


def query(
    min_cpu: Optional[Number] = None,
    min_memory_gb: Optional[Number] = None,
    min_storage_gb: Optional[Number] = None,
    region: Optional[str] = None,
    datacenter: Optional[str] = None,
    status: Optional[str] = None,
    gpu: Optional[bool] = None,
) -> Dict[str, str]:
    """The query string of the API's filters; ``None`` leaves a filter out (server default)."""
    params: Dict[str, str] = {}
    for name, value in (
        ("min_cpu", min_cpu),
        ("min_memory_gb", min_memory_gb),
        ("min_storage_gb", min_storage_gb),
    ):
        if value is not None:
            params[name] = str(value)
    for name, text in (("region", region), ("datacenter", datacenter), ("status", status)):
        if text is not None:
            params[name] = text
    if gpu is not None:
        params["gpu"] = "true" if gpu else "false"
    return params


def _find_page(http: HttpClient, params: Dict[str, str], page: int, limit: int) -> ComputeHostPage:
    """One page of ``GET /api/v1/compute``."""
    data = http.request("GET", "/api/v1/compute", params=dict(params, page=str(page), limit=str(limit)))
    return ComputeHostPage.from_dict(data)


def _find_all(
    http: HttpClient, params: Dict[str, str], max_price: Optional[Union[Number, str, Decimal]] = None
) -> List[ComputeHost]:
    """Every matching host, walking all pages; ``max_price`` filters on ``pricing.hourly`` here.

    Hosts are compared by id, so one that moves between pages while they are read is listed once.
    """
    limit_price = None if max_price is None else Decimal(str(max_price))
    hosts: List[ComputeHost] = []
    seen = set()
    page = 1
    while True:
        result = _find_page(http, params, page, MAX_LIMIT)
        for host in result.hosts:
            if host.id in seen:
                continue
            seen.add(host.id)
            if limit_price is None or host.pricing.hourly_decimal <= limit_price:
                hosts.append(host)
        if not result.pagination.has_more:
            return hosts
        page += 1


class ComputeHostsClient:
    """Discovery of bare-metal compute hosts with pricing, ``/api/v1/compute`` (public):
    ``client.compute_hosts``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def find(
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
        params = query(min_cpu, min_memory_gb, min_storage_gb, region, datacenter, status, gpu)
        return _find_all(self._http, params, max_price=max_price)

    def find_page(
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
        params = query(min_cpu, min_memory_gb, min_storage_gb, region, datacenter, status, gpu)
        return _find_page(self._http, params, page, limit)
