"""Public IPs: attach_ip, list_ips and detach_ip."""

from __future__ import annotations

import ipaddress

import pytest

from nodeplane import Client, ConflictError, IpAttachment, Node, NotFoundError, ValidationError


def _free_ipv4(client: Client, node: Node) -> str:
    """An unused address of the default IPv4 pool, found by attaching and detaching one."""
    probe = client.attach_ip(node.id, version=4)
    client.detach_ip(node.id, ip=probe.address)
    return probe.address


def test_attach_ip_without_version_attaches_ipv4(client: Client, node: Node) -> None:
    result = client.attach_ip(node.id)
    assert isinstance(result, IpAttachment)
    assert result.status == "attached"
    assert result.ipVersion == result.ip_version == 4
    assert result.nodeId == result.node_id == node.id
    address, prefix = result.ip.split("/")
    assert ipaddress.ip_address(address).version == 4 and prefix == "32"


def test_attach_ip_version_6_attaches_ipv6(client: Client, node: Node) -> None:
    result = client.attach_ip(node.id, version=6)
    assert result.ipVersion == 6
    assert ipaddress.ip_address(result.address).version == 6
    assert ipaddress.ip_address(result.address) in ipaddress.ip_network("2001:db8::/32")
    # ip_address stays the first IPv4 address.
    assert client.get_node_details(node.id).ip_address == node.ip_address


def test_attach_ip_version_4_is_explicit_ipv4(client: Client, node: Node) -> None:
    assert client.attach_ip(node.id, version=4).ipVersion == 4


def test_attach_ip_with_a_specific_address(client: Client, node: Node) -> None:
    address = _free_ipv4(client, node)
    result = client.attach_ip(node.id, address=address)
    assert result.address == address


def test_attach_ip_with_an_address_in_use_is_409(client: Client, node: Node) -> None:
    with pytest.raises(ConflictError) as info:
        client.attach_ip(node.id, address=node.ip_address)
    assert info.value.code == "ip_in_use"


def test_attach_ip_outside_the_pools_is_400_naming_the_field(client: Client, node: Node) -> None:
    with pytest.raises(ValidationError) as info:
        client.attach_ip(node.id, address="8.8.8.8")
    assert info.value.status == 400
    assert info.value.code == "ip_not_in_pool"
    assert [e.field for e in info.value.errors] == ["ip"]


def test_attach_ip_to_a_provisioning_node_is_409(slow_client: Client) -> None:
    node = slow_client.create_node()
    try:
        with pytest.raises(ConflictError) as info:
            slow_client.attach_ip(node.id)
        assert info.value.code == "node_not_running"
    finally:
        slow_client.delete_node(node.id)


def test_attach_ip_rejects_a_bad_version_before_sending(client: Client) -> None:
    with pytest.raises(ValueError):
        client.attach_ip("node_x", version=5)
    with pytest.raises(ValueError):
        client.attach_ip("node_x", version=4, address="203.0.113.9")


def test_detach_ip_with_an_address(client: Client, node: Node) -> None:
    extra = client.attach_ip(node.id, version=6)
    result = client.detach_ip(node.id, ip=extra.ip)
    assert (result.status, result.ip, result.ipVersion, result.nodeId) == ("detached", extra.ip, 6, node.id)


def test_detach_ip_without_an_address_detaches_one(client: Client, node: Node) -> None:
    result = client.detach_ip(node.id)
    assert result.status == "detached"
    assert result.address == node.ip_address
    assert client.get_node_details(node.id).ip_address is None


def test_detach_ip_with_nothing_attached_is_404(client: Client, node: Node) -> None:
    client.detach_ip(node.id)
    with pytest.raises(NotFoundError) as info:
        client.detach_ip(node.id)
    assert info.value.code == "ip_not_attached"


def test_attach_and_detach_on_an_unknown_node_are_404(client: Client) -> None:
    with pytest.raises(NotFoundError):
        client.attach_ip("node_doesnotexist")
    with pytest.raises(NotFoundError):
        client.detach_ip("node_doesnotexist")


def test_list_ips_lists_oldest_first_and_follows_detach(client: Client, node: Node) -> None:
    v6 = client.attach_ip(node.id, version=6)
    listed = client.list_ips(node.id)
    assert [entry.ip for entry in listed] == ["{}/32".format(node.ip_address), v6.ip]
    assert all(isinstance(entry, IpAttachment) and entry.node_id == node.id for entry in listed)
    assert all(entry.attached_at and entry.attached_at.startswith("20") for entry in listed)
    client.detach_ip(node.id, ip=v6.ip)
    assert [entry.ip for entry in client.list_ips(node.id)] == ["{}/32".format(node.ip_address)]


def test_list_ips_of_an_unknown_node_raises_not_found(client: Client) -> None:
    with pytest.raises(NotFoundError):
        client.list_ips("node_doesnotexist")
