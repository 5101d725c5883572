"""Client: configuration, the bearer header, context manager and close()."""

from __future__ import annotations

import pytest

from nodeplane import Client, NodeplaneError


def test_reads_the_key_and_endpoint_from_the_environment(server, keys, monkeypatch) -> None:
    monkeypatch.setenv("NODEPLANE_API_KEY", keys.read_write)
    monkeypatch.setenv("NODEPLANE_ENDPOINT", server.url + "/")
    with Client() as client:
        assert client.base_url == server.url
        assert isinstance(client.list_nodes(), list)


def test_arguments_win_over_the_environment(server, keys, monkeypatch) -> None:
    monkeypatch.setenv("NODEPLANE_API_KEY", "np_wrong")
    monkeypatch.setenv("NODEPLANE_ENDPOINT", "http://127.0.0.1:9")
    with Client(api_key=keys.read_write, base_url=server.url) as client:
        assert isinstance(client.vpc_list(), list)


def test_defaults_to_the_local_server_address(monkeypatch) -> None:
    monkeypatch.delenv("NODEPLANE_ENDPOINT", raising=False)
    with Client(api_key="np_x") as client:
        assert client.base_url == "http://127.0.0.1:8080"
        assert "np_x" not in repr(client)


def test_sends_the_bearer_key_on_every_request(fault, keys, client) -> None:
    with Client(api_key=keys.read_write, base_url=fault.url) as proxied:
        node = proxied.create_node()
        proxied.get_node_details(node.id)
        proxied.find_compute_page(limit=1)
        proxied.delete_node(node.id)
    assert [s.method for s in fault.seen] == ["POST", "GET", "GET", "DELETE"]
    assert {s.headers["Authorization"] for s in fault.seen} == {"Bearer " + keys.read_write}
    assert all(s.headers["User-Agent"].startswith("nodeplane-python/") for s in fault.seen)


def test_create_node_sends_the_spec_request_json_content_type_and_no_body(fault, keys) -> None:
    with Client(api_key=keys.read_write, base_url=fault.url) as proxied:
        node = proxied.create_node()
        proxied.delete_node(node.id)
    (post,) = fault.requests_to("POST", "/nodes")
    assert post.headers["Content-Type"] == "application/json"
    assert post.body == b""


def test_context_manager_closes_the_client(server, keys) -> None:
    with Client(api_key=keys.read_write, base_url=server.url) as client:
        client.list_nodes()
        assert not client.closed
    assert client.closed
    with pytest.raises(NodeplaneError, match="closed"):
        client.list_nodes()


def test_close_is_idempotent(server, keys) -> None:
    client = Client(api_key=keys.read_write, base_url=server.url)
    client.close()
    client.close()
    assert client.closed


def test_negative_max_retries_is_rejected() -> None:
    with pytest.raises(ValueError):
        Client(api_key="np_x", base_url="http://127.0.0.1:9", max_retries=-1)


def test_each_family_has_a_sub_client_and_the_flat_methods_are_its_calls(client) -> None:
    node = client.nodes.create(name="sub-client")
    try:
        # Made through the sub-client, seen through the contract's flat name, and the reverse.
        assert client.get_node_details(node.id).name == "sub-client"
        assert node.id in [n.id for n in client.nodes.list()]
        vpc = client.vpc_create(name="sub-client-net")
        assert client.vpcs.get(vpc.id).name == "sub-client-net"
        client.vpcs.delete(vpc.id)
        assert vpc.id not in [v.id for v in client.vpc_list()]
        assert client.compute_hosts.find_page(limit=1).hosts
    finally:
        client.nodes.delete(node.id)
    client.wait_until_deleted(node.id)


def test_every_flat_method_is_its_sub_client_method_with_its_signature_and_docs() -> None:
    import inspect

    from nodeplane.client import FLAT_METHODS

    with Client(api_key="np_x") as client:
        for name, (family, method) in FLAT_METHODS.items():
            flat, target = getattr(client, name), getattr(getattr(client, family), method)
            assert flat == target, name
            assert inspect.signature(flat) == inspect.signature(target), name
            assert target.__doc__, "{}.{} has no docstring".format(family, method)
    # The contract's ten methods (section 4.5) are all there.
    contract = ["create_node", "get_node_details", "delete_node", "attach_ip", "detach_ip"]
    contract += ["vpc_create", "vpc_list", "vpc_get", "vpc_delete", "find_compute"]
    assert set(contract) <= set(FLAT_METHODS)
