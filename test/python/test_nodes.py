"""Nodes: create_node, get_node_details, list_nodes, delete_node, wait_until_running, credentials."""

from __future__ import annotations

import re
import time

import pytest

from conftest import delete_quietly, delete_vpc_when_empty
from nodeplane import Client, Node, NodeNotReadyError, NodeSize, NotFoundError


def test_create_node_returns_provisioning_node_with_null_ip(client: Client) -> None:
    node = client.create_node()
    try:
        assert isinstance(node, Node)
        assert re.match(r"^node_\w+$", node.id)
        assert node.status == "provisioning"
        assert node.ip_address is None
        assert node.created_at.endswith("Z")
        assert node.stuck is False
    finally:
        client.delete_node(node.id)


def test_create_node_accepts_name_region_vpc_and_host(client: Client) -> None:
    vpc = client.vpc_create("pytest-nodes-vpc", region="eu-west-1")
    host = client.find_compute(region="eu-west-1", status="active")[-1]
    node = client.create_node(name="web-1", region="eu-west-1", vpc_id=vpc.id, host_id=host.id)
    try:
        assert (node.name, node.region, node.vpc_id, node.host_id) == ("web-1", "eu-west-1", vpc.id, host.id)
        assert node.size == NodeSize(host.cpu.cores, host.memory_gb, host.storage_gb, host.gpu.count)
        assert client.get_node_details(node.id).size == node.size
        assert node.private_ip and node.private_ip.startswith(vpc.cidr.split(".")[0] + ".")
        reserved = {h.id for h in client.find_compute(region="eu-west-1", status="reserved")}
        assert host.id in reserved
    finally:
        client.delete_node(node.id)
    delete_vpc_when_empty(client, vpc.id)


def test_wait_until_running_fills_ip_address(client: Client) -> None:
    created = client.create_node()
    try:
        node = client.wait_until_running(created.id, timeout=30, poll_interval=0.1)
        assert node.status == "running"
        assert node.ip_address and re.match(r"^\d+\.\d+\.\d+\.\d+$", node.ip_address)
    finally:
        client.delete_node(created.id)


def test_get_node_details_returns_the_four_spec_fields(client: Client, node: Node) -> None:
    details = client.get_node_details(node.id)
    assert details.id == node.id
    assert details.status == "running"
    assert details.ip_address == node.ip_address
    assert details.created_at == node.created_at


def test_list_nodes_includes_the_node(client: Client, node: Node) -> None:
    listed = {n.id: n for n in client.list_nodes()}
    assert listed[node.id].status == "running"
    assert all(isinstance(n, Node) for n in listed.values())


def _gone(client: Client, node_id: str, timeout: float = 10) -> NotFoundError:
    """Waits out teardown: a deleted node shows ``deleting`` until the driver has removed it."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            assert client.get_node_details(node_id).status == "deleting"
        except NotFoundError as gone:
            return gone
        assert time.monotonic() < deadline, "node {} still exists after {} s".format(node_id, timeout)
        time.sleep(0.05)


def test_delete_node_then_every_call_is_404(client: Client) -> None:
    node = client.create_node()
    assert client.delete_node(node.id) is None
    # A second delete is refused at once; reads answer 404 once teardown has finished.
    with pytest.raises(NotFoundError):
        client.delete_node(node.id)
    assert _gone(client, node.id).code == "node_not_found"


def test_delete_node_of_a_provisioning_node_is_the_advised_recovery(slow_client: Client) -> None:
    node = slow_client.create_node()
    assert slow_client.get_node_details(node.id).status == "provisioning"
    slow_client.delete_node(node.id)
    # Teardown runs in the background (instant here, but after the 204): wait for it.
    slow_client.wait_until_deleted(node.id, timeout=10)
    with pytest.raises(NotFoundError):
        slow_client.get_node_details(node.id)


def test_wait_until_running_times_out_with_the_spec_advice(slow_client: Client) -> None:
    node = slow_client.create_node()
    try:
        with pytest.raises(NodeNotReadyError) as info:
            slow_client.wait_until_running(node.id, timeout=0.5, poll_interval=0.1)
        message = str(info.value)
        assert node.id in message and "still provisioning" in message
        assert "delete it and create a new one" in message
        assert info.value.node.status == "provisioning"
    finally:
        delete_quietly(slow_client, node.id)


def test_wait_until_running_of_a_deleted_node_is_404(client: Client) -> None:
    node = client.create_node()
    client.delete_node(node.id)
    _gone(client, node.id)
    with pytest.raises(NotFoundError):
        client.wait_until_running(node.id, timeout=1)


def test_node_credentials_give_root_login_and_ssh_command(client: Client, node: Node) -> None:
    credentials = client.node_credentials(node.id)
    assert credentials.node_id == node.id
    assert credentials.username == "root"
    assert credentials.password is not None and len(credentials.password) >= 12
    assert credentials.password_login is True
    assert credentials.password not in repr(credentials)
    assert credentials.ssh_command == "ssh root@{}".format(node.ip_address)


def test_node_ids_are_quoted_as_one_path_segment(client: Client) -> None:
    with pytest.raises(NotFoundError) as info:
        client.get_node_details("../api/v1/usage")
    assert info.value.code == "node_not_found"


def test_wait_until_running_stops_at_once_on_a_stuck_node(fault, keys) -> None:
    # The real server marks a node stuck only after 2 minutes, so the proxy answers for it.
    stuck = {
        "id": "node_stuck",
        "status": "provisioning",
        "ip_address": None,
        "created_at": "2026-01-01T00:00:00.000Z",
        "stuck": True,
        "future_field": 1,
    }
    fault.add(200, json_body=stuck)
    with Client(api_key=keys.read_write, base_url=fault.url) as client:
        with pytest.raises(NodeNotReadyError) as info:
            client.wait_until_running("node_stuck", timeout=30)
    assert "stuck" in str(info.value) and "delete it and create a new one" in str(info.value)
    assert info.value.node.stuck is True
    assert len(fault.requests_to("GET", "/nodes/node_stuck")) == 1
