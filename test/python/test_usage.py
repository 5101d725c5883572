"""Billing: usage()."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from decimal import Decimal

from nodeplane import Client, Node, Usage


def test_usage_lists_the_node_and_its_cost(client: Client, node: Node) -> None:
    usage = client.usage()
    assert isinstance(usage, Usage)
    assert usage.currency == "USD"
    mine = [n for n in usage.nodes if n.node_id == node.id]
    assert len(mine) == 1
    assert mine[0].status == "running" and mine[0].seconds >= 0
    assert Decimal(mine[0].cost) >= 0
    assert Decimal(usage.total_cost) == sum(Decimal(n.cost) for n in usage.nodes)
    assert usage.archived_months == [] and usage.archived_months_excluded == []


def test_usage_accepts_datetimes_and_strings(client: Client, node: Node) -> None:
    start = datetime.now(timezone.utc) - timedelta(hours=1)
    usage = client.usage(from_=start, to=datetime.utcnow() + timedelta(minutes=1))
    assert usage.from_.startswith(start.strftime("%Y-%m-%dT%H:%M"))
    assert node.id in [n.node_id for n in usage.nodes]
    past = client.usage(from_="2020-01-01T00:00:00Z", to="2020-01-02T00:00:00Z")
    assert past.nodes == [] and Decimal(past.total_cost) == 0
