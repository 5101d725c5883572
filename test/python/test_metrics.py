"""Metrics: get_metrics, on the simulated driver (which measures nothing)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from conftest import delete_quietly
from nodeplane import Client, NodeMetrics, NotFoundError, ValidationError


def test_get_metrics_answers_every_series_asked_for_empty_on_simulated(client: Client) -> None:
    created = client.create_node()
    try:
        client.wait_until_running(created.id, timeout=30)
        end = datetime.utcnow()
        metrics = client.get_metrics(created.id, ["cpu", "memory", "disk", "network"], end - timedelta(hours=1), end)
        assert isinstance(metrics, NodeMetrics)
        assert metrics.step == 10
        assert metrics.start.endswith("Z") and metrics.end.endswith("Z")
        assert metrics.time_series == {
            "cpu": [],
            "memory.used_bytes": [],
            "disk.used_bytes": [],
            "network.in_bps": [],
            "network.out_bps": [],
        }
        one = client.get_metrics(created.id, "network", end - timedelta(days=2), end, step=900)
        assert (one.step, sorted(one.time_series)) == (900, ["network.in_bps", "network.out_bps"])
    finally:
        delete_quietly(client, created.id)


def test_get_metrics_names_a_bad_field_and_hides_other_accounts_nodes(make_client, keys, client: Client) -> None:
    created = client.create_node()
    try:
        end = datetime.utcnow()
        with pytest.raises(ValidationError) as refused:
            client.get_metrics(created.id, ["cpu", "temperature"], end - timedelta(hours=1), end)
        assert [e.field for e in refused.value.errors] == ["type"]
        with pytest.raises(ValidationError) as backwards:
            client.get_metrics(created.id, "cpu", end, end - timedelta(hours=1))
        assert [e.field for e in backwards.value.errors] == ["end"]
        with pytest.raises(NotFoundError):
            make_client(api_key=keys.other).get_metrics(created.id, "cpu", end - timedelta(hours=1), end)
        # A read key may look.
        make_client(api_key=keys.read).get_metrics(created.id, "cpu", end - timedelta(hours=1), end)
    finally:
        delete_quietly(client, created.id)
