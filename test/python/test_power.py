"""Power actions: reboot_node, shutdown_node, power_off_node, power_on_node, reset_node; rebuild_node."""

from __future__ import annotations

import pytest

from conftest import Keys, delete_quietly
from nodeplane import Client, ConflictError, Node, NotFoundError, PermissionDeniedError, RebuiltNode, ValidationError


def test_power_off_and_on_wait_for_the_end_and_keep_the_address(client: Client, node: Node) -> None:
    off = client.power_off_node(node.id, timeout=30)
    assert (off.status, off.power_state, off.ip_address) == ("running", "off", node.ip_address)
    on = client.power_on_node(node.id, timeout=30)
    assert on.power_state == "on"
    # Already on: nothing to do, answered at once.
    assert client.power_on_node(node.id, timeout=30).power_state == "on"


def test_reboot_and_reset_come_back_on_and_one_action_runs_at_a_time(client: Client, node: Node) -> None:
    accepted = client.reboot_node(node.id, wait=False)
    assert accepted.power_state == "rebooting"
    # The simulated reboot takes a second: another action meanwhile is refused.
    with pytest.raises(ConflictError) as info:
        client.reset_node(node.id)
    assert info.value.code == "action_in_progress"
    # The same action again is accepted and waits for the one under way.
    assert client.reboot_node(node.id, timeout=30).power_state == "on"
    assert client.reset_node(node.id, timeout=30).power_state == "on"


def test_shutdown_then_a_reboot_of_the_off_node_is_refused(client: Client, node: Node) -> None:
    assert client.shutdown_node(node.id, timeout=30).power_state == "off"
    with pytest.raises(ConflictError) as info:
        client.reboot_node(node.id)
    assert info.value.code == "node_powered_off"
    assert client.power_on_node(node.id, timeout=30).power_state == "on"


def test_an_action_on_a_provisioning_node_is_a_conflict(slow_client: Client) -> None:
    created = slow_client.create_node()
    try:
        with pytest.raises(ConflictError) as info:
            slow_client.power_off_node(created.id)
        assert info.value.code == "node_not_running"
    finally:
        delete_quietly(slow_client, created.id)


def test_a_read_key_is_refused_and_a_stranger_sees_no_node(make_client, keys: Keys, node: Node) -> None:
    with pytest.raises(PermissionDeniedError):
        make_client(api_key=keys.read).power_off_node(node.id)
    with pytest.raises(NotFoundError) as info:
        make_client(api_key=keys.other).reboot_node(node.id)
    assert info.value.code == "node_not_found"


def test_rebuild_answers_the_new_password_and_runs_the_new_user_data(client: Client, node: Node) -> None:
    before = client.node_credentials(node.id).password
    accepted = client.rebuild_node(node.id, user_data="#!/bin/sh\necho again\n", wait=False)
    assert isinstance(accepted, RebuiltNode)
    assert (accepted.id, accepted.power_state, accepted.user_data_status) == (node.id, "rebuilding", "pending")
    assert accepted.root_password and accepted.root_password != before
    assert accepted.root_password not in repr(accepted)
    assert client.node_credentials(node.id).password == accepted.root_password
    # Another action meanwhile is refused.
    with pytest.raises(ConflictError) as info:
        client.rebuild_node(node.id)
    assert info.value.code == "action_in_progress"
    # The simulated driver runs no tenant code: the new user data is kept, and skipped once
    # the node is rebuilt (in the same step as it turns on).
    done = client.wait_until_user_data(node.id, timeout=30)
    assert (done.user_data_status, done.power_state) == ("skipped", "on")
    assert client.node_user_data(node.id).user_data == "#!/bin/sh\necho again\n"


def test_rebuild_waits_until_on_and_refuses_invalid_user_data(client: Client, node: Node) -> None:
    with pytest.raises(ValidationError) as info:
        client.rebuild_node(node.id, user_data="no shebang")
    assert "user_data" in str(info.value)
    rebuilt = client.rebuild_node(node.id, timeout=30)
    assert (rebuilt.id, rebuilt.power_state, rebuilt.ip_address) == (node.id, "on", node.ip_address)
    assert rebuilt.root_password == client.node_credentials(node.id).password
