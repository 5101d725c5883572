"""Compute host discovery: find_compute and find_compute_page."""

from __future__ import annotations

from decimal import Decimal

import pytest

from conftest import TINY_REGION
from nodeplane import AuthenticationError, Client, ComputeHost, Pagination, ValidationError

CATALOG_SIZE = 502  # the bundled default catalog plus the two hosts of TINY_REGION


def _price(host: ComputeHost) -> Decimal:
    return Decimal(host.pricing.hourly)


def test_find_compute_walks_every_page(client: Client, fault) -> None:
    proxied = Client(base_url=fault.url, api_key=None)
    with proxied:
        hosts = proxied.find_compute()
    assert len(hosts) == CATALOG_SIZE == len({h.id for h in hosts})
    pages = fault.requests_to("GET", "/api/v1/compute")
    assert len(pages) == 3
    assert all("limit=200" in seen.path for seen in pages)
    assert [h.id for h in hosts] == [h.id for h in client.find_compute()]


def test_find_compute_returns_typed_hosts_cheapest_first(client: Client) -> None:
    hosts = client.find_compute(region="eu-central-1")
    host = hosts[0]
    assert isinstance(host, ComputeHost)
    assert host.status in ("active", "reserved")
    assert host.cpu.cores >= 1 and host.cpu.architecture
    assert host.memory_gb >= 1 and host.storage_gb >= 10 and host.gpu.count >= 0
    assert len(host.pricing.hourly.split(".")[1]) == 4
    assert len(host.pricing.monthly.split(".")[1]) == 2
    assert host.pricing.currency == "USD"
    assert [_price(h) for h in hosts] == sorted(_price(h) for h in hosts)


def test_find_compute_filters_by_capacity(client: Client) -> None:
    hosts = client.find_compute(min_cpu=16, min_memory_gb=64, min_storage_gb=1000)
    assert hosts
    assert all(h.cpu.cores >= 16 and h.memory_gb >= 64 and h.storage_gb >= 1000 for h in hosts)
    assert len(hosts) < CATALOG_SIZE


def test_find_compute_max_price_filters_on_the_hourly_price(client: Client) -> None:
    everything = client.find_compute()
    limit = sorted(_price(h) for h in everything)[len(everything) // 4]
    cheap = client.find_compute(max_price=str(limit))
    assert cheap and all(_price(h) <= limit for h in cheap)
    assert {h.id for h in cheap} == {h.id for h in everything if _price(h) <= limit}
    assert client.find_compute(max_price=float(limit)) == cheap
    assert client.find_compute(max_price=0) == []


def test_find_compute_filters_by_region_datacenter_and_status(client: Client) -> None:
    assert {h.region for h in client.find_compute(region="eu-west-1")} == {"eu-west-1"}
    tiny = client.find_compute(region=TINY_REGION)
    assert len(tiny) == 2
    assert [h.id for h in client.find_compute(region="TNY1")] == [h.id for h in tiny]
    assert {h.datacenter for h in client.find_compute(datacenter="TNY1")} == {"TNY1"}
    assert [h.status for h in client.find_compute(region=TINY_REGION, status="reserved")] == ["reserved"]
    active = client.find_compute(status="active")
    assert active and {h.status for h in active} == {"active"}


def test_find_compute_filters_by_gpu(client: Client) -> None:
    with_gpu = client.find_compute(gpu=True)
    without = client.find_compute(gpu=False)
    assert with_gpu and all(h.gpu.count > 0 for h in with_gpu)
    assert without and all(h.gpu.count == 0 for h in without)
    assert len(with_gpu) + len(without) == CATALOG_SIZE


def test_find_compute_needs_no_key_but_rejects_a_wrong_one(make_client, monkeypatch) -> None:
    monkeypatch.delenv("NODEPLANE_API_KEY", raising=False)
    assert len(make_client(api_key=None).find_compute(region=TINY_REGION)) == 2
    with pytest.raises(AuthenticationError):
        make_client(api_key="np_wrong").find_compute()


def test_find_compute_with_an_unknown_status_is_400(client: Client) -> None:
    with pytest.raises(ValidationError) as info:
        client.find_compute(status="sleeping")
    assert [e.field for e in info.value.errors] == ["status"]


def test_find_compute_page_returns_one_page_and_its_pagination(client: Client) -> None:
    result = client.find_compute_page(page=2, limit=10)
    assert isinstance(result.pagination, Pagination)
    assert len(result.hosts) == 10
    p = result.pagination
    assert (p.total, p.page, p.limit, p.total_pages, p.has_more) == (CATALOG_SIZE, 2, 10, 51, True)


def test_find_compute_page_limit_above_200_is_400(client: Client) -> None:
    with pytest.raises(ValidationError) as info:
        client.find_compute_page(limit=201)
    assert [e.field for e in info.value.errors] == ["limit"]
