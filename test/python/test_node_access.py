"""SSH access of nodes: ssh_keys and password_login on create, node_set_ssh_keys, keys in use."""

from __future__ import annotations

from typing import Callable

import pytest

from conftest import delete_quietly
from nodeplane import Client, ConflictError, Node, NotFoundError, PermissionDeniedError, SshKey, ValidationError


def test_create_node_with_keys_and_password_login_off(client: Client, make_ssh_key: Callable[..., SshKey]) -> None:
    first, second = make_ssh_key("pytest-access-1"), make_ssh_key("pytest-access-2")
    # Ids and SshKey objects mix; the order given is kept.
    created = client.create_node(ssh_keys=[second, first.id], password_login=False)
    try:
        assert created.ssh_keys == [second.id, first.id]
        assert created.password_login is False
        node = client.wait_until_running(created.id, timeout=30, poll_interval=0.1)
        assert node.ssh_keys == [second.id, first.id]
        assert node.reachable_at is not None and node.reachable_at >= node.created_at
    finally:
        delete_quietly(client, created.id)


def test_a_node_without_keys_has_none_and_password_login(client: Client, node: Node) -> None:
    assert (node.ssh_keys, node.password_login) == ([], True)


def test_keys_at_create_turn_password_login_off_and_credentials_hold_no_password(
    client: Client, make_ssh_key: Callable[..., SshKey]
) -> None:
    created = client.create_node(ssh_keys=[make_ssh_key("pytest-key-only")])
    try:
        assert created.password_login is False
        credentials = client.node_credentials(created.id)
        assert (credentials.password, credentials.password_login) == (None, False)
    finally:
        delete_quietly(client, created.id)


def test_password_login_off_needs_a_key(client: Client) -> None:
    before = {n.id for n in client.list_nodes()}
    with pytest.raises(ValidationError) as info:
        client.create_node(password_login=False)
    assert [e.field for e in info.value.errors] == ["password_login"]
    # Nothing new (earlier tests' deleted nodes may finish teardown meanwhile).
    assert {n.id for n in client.list_nodes()} <= before


def test_unknown_duplicate_and_another_accounts_keys_are_refused(
    client: Client, make_client, keys, make_ssh_key: Callable[..., SshKey]
) -> None:
    mine = make_ssh_key("pytest-mine")
    theirs = make_ssh_key("pytest-theirs", owner=make_client(api_key=keys.other))
    for ssh_keys in (["sshkey_doesnotexist"], [theirs.id], [mine.id, mine.id]):
        with pytest.raises(ValidationError) as info:
            client.create_node(ssh_keys=ssh_keys)
        assert [e.field for e in info.value.errors] == ["ssh_keys"], ssh_keys


def test_a_single_id_string_is_refused_by_the_client(client: Client) -> None:
    with pytest.raises(TypeError):
        client.create_node(ssh_keys="sshkey_abc")  # type: ignore[arg-type]


def test_node_set_ssh_keys_replaces_them_in_place(client: Client, node: Node, make_ssh_key: Callable[..., SshKey]) -> None:
    old, new = make_ssh_key("pytest-old"), make_ssh_key("pytest-new")
    client.node_set_ssh_keys(node.id, [old])
    changed = client.node_set_ssh_keys(node.id, [new.id], password_login=False)
    assert (changed.id, changed.created_at, changed.status) == (node.id, node.created_at, "running")
    assert (changed.ssh_keys, changed.password_login) == ([new.id], False)
    # password_login left out stays as it is.
    assert client.node_set_ssh_keys(node.id, [old, new]).password_login is False
    assert client.get_node_details(node.id).ssh_keys == [old.id, new.id]
    # Without keys, password login has to come back on.
    with pytest.raises(ValidationError) as info:
        client.node_set_ssh_keys(node.id, [])
    assert [e.field for e in info.value.errors] == ["password_login"]
    cleared = client.node_set_ssh_keys(node.id, [], password_login=True)
    assert (cleared.ssh_keys, cleared.password_login) == ([], True)
    types = [e.type for e in client.events(resource_id=node.id, type=["node.ssh_keys_changed"])]
    assert len(types) == 4


def test_node_set_ssh_keys_refuses_other_accounts_and_read_keys(
    make_client, keys, node: Node, make_ssh_key: Callable[..., SshKey]
) -> None:
    mine = make_ssh_key("pytest-guarded")
    other = make_client(api_key=keys.other)
    with pytest.raises(NotFoundError):
        other.node_set_ssh_keys(node.id, [])
    with pytest.raises(PermissionDeniedError):
        make_client(api_key=keys.read).node_set_ssh_keys(node.id, [mine])
    theirs = make_ssh_key("pytest-foreign", owner=other)
    with pytest.raises(ValidationError):
        make_client().node_set_ssh_keys(node.id, [theirs])
    assert make_client().get_node_details(node.id).ssh_keys == []


def test_a_key_in_use_cannot_be_deleted(client: Client, node: Node, make_ssh_key: Callable[..., SshKey]) -> None:
    key = make_ssh_key("pytest-in-use")
    client.node_set_ssh_keys(node.id, [key])
    with pytest.raises(ConflictError) as info:
        client.ssh_key_delete(key.id)
    assert info.value.code == "ssh_key_in_use"
    assert info.value.body["node_ids"] == [node.id]
    client.node_set_ssh_keys(node.id, [])
    client.ssh_key_delete(key.id)


def test_node_set_ssh_keys_is_retried_after_a_503(fault, keys, node: Node, make_ssh_key: Callable[..., SshKey]) -> None:
    key = make_ssh_key("pytest-retried")
    fault.add(503, json_body={"title": "Service Unavailable", "status": 503, "code": "overloaded"})
    with Client(api_key=keys.read_write, base_url=fault.url, backoff_factor=0.01) as through:
        changed = through.node_set_ssh_keys(node.id, [key])
    assert changed.ssh_keys == [key.id]
    assert len(fault.requests_to("PUT", "/api/v1/nodes/{}/ssh-keys".format(node.id))) == 2
    # Off again, so the fixture can delete the key once the node is gone.
    with Client(api_key=keys.read_write, base_url=fault.url) as again:
        again.node_set_ssh_keys(node.id, [])
