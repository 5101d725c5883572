"""User data: user_data on create, node_user_data, node_user_data_result, wait_until_user_data."""

from __future__ import annotations

import pytest

from conftest import delete_quietly
from nodeplane import Client, NodeNotReadyError, NodeUserData, NodeUserDataResult, NotFoundError, PermissionDeniedError, ValidationError

SCRIPT = "#!/bin/sh\necho hello > /root/hello.txt\n# secret: s3cr3t-token\n"


def test_user_data_is_kept_as_sent_and_out_of_repr(client: Client) -> None:
    created = client.create_node(user_data=SCRIPT)
    try:
        assert created.user_data_status is not None
        stored = client.node_user_data(created.id)
        assert isinstance(stored, NodeUserData)
        assert (stored.node_id, stored.user_data) == (created.id, SCRIPT)
        assert "s3cr3t" not in repr(stored)
    finally:
        delete_quietly(client, created.id)


def test_wait_until_user_data_returns_the_finished_node_and_its_result(client: Client) -> None:
    created = client.create_node(user_data="#cloud-config\nruncmd:\n  - echo hi\n")
    try:
        node = client.wait_until_user_data(created.id, timeout=30, poll_interval=0.1)
        # The simulated driver never runs tenant code on the control plane host.
        assert (node.status, node.user_data_status) == ("running", "skipped")
        result = client.node_user_data_result(created.id)
        assert isinstance(result, NodeUserDataResult)
        assert (result.node_id, result.status, result.exit_code) == (created.id, "skipped", None)
        assert isinstance(result.output, str)
    finally:
        delete_quietly(client, created.id)


def test_a_node_without_user_data_waits_as_for_running_and_has_no_result(client: Client) -> None:
    created = client.create_node()
    try:
        node = client.wait_until_user_data(created.id, timeout=30, poll_interval=0.1)
        assert (node.status, node.user_data_status) == ("running", None)
        for read in (client.node_user_data, client.node_user_data_result):
            with pytest.raises(NotFoundError) as info:
                read(created.id)
            assert info.value.code == "user_data_not_found"
    finally:
        delete_quietly(client, created.id)


@pytest.mark.parametrize(
    "user_data,says",
    [
        ("#cloud-config\npackages:\n  - nginx\n", "packages"),
        ("echo no shebang\n", None),
        ("#!/bin/sh\n" + "x" * (32 * 1024), None),
    ],
)
def test_refused_user_data_names_the_field_and_creates_nothing(client: Client, user_data: str, says) -> None:
    before = {n.id for n in client.list_nodes()}
    with pytest.raises(ValidationError) as info:
        client.create_node(user_data=user_data)
    assert [e.field for e in info.value.errors] == ["user_data"]
    if says:
        assert says in info.value.errors[0].message
    # Nothing new (earlier tests' deleted nodes may finish teardown meanwhile).
    assert {n.id for n in client.list_nodes()} <= before


def test_user_data_is_not_for_read_keys_or_other_accounts(make_client, keys) -> None:
    owner = make_client()
    created = owner.create_node(user_data=SCRIPT)
    try:
        with pytest.raises(PermissionDeniedError):
            make_client(api_key=keys.read).node_user_data(created.id)
        with pytest.raises(NotFoundError):
            make_client(api_key=keys.other).node_user_data(created.id)
        with pytest.raises(NotFoundError):
            make_client(api_key=keys.other).node_user_data_result(created.id)
    finally:
        delete_quietly(owner, created.id)


OLD_SERVER_REFUSAL = {
    "title": "Bad Request",
    "status": 400,
    "code": "invalid_request",
    "detail": "wait_for: Invalid option",
    "errors": [{"field": "wait_for", "message": 'Invalid option: expected one of "running"|"deleted"'}],
}


def test_wait_until_user_data_polls_a_server_without_it_and_keeps_the_other_waits(fault, keys, client) -> None:
    created = client.create_node()
    try:
        fault.add(400, json_body=OLD_SERVER_REFUSAL)
        with Client(api_key=keys.read_write, base_url=fault.url) as through_old:
            node = through_old.wait_until_user_data(created.id, timeout=30, poll_interval=0.1)
            assert node.status == "running"
            seen = fault.requests_to("GET", "/nodes/" + created.id)
            assert "wait_for=user_data" in seen[0].path
            assert all("wait_for" not in request.path for request in seen[1:])
            # wait_for=running was not refused: it is still used.
            through_old.wait_until_running(created.id, timeout=5)
            assert "wait_for=running" in fault.requests_to("GET", "/nodes/" + created.id)[-1].path
    finally:
        delete_quietly(client, created.id)


def test_wait_until_user_data_times_out_while_provisioning(slow_client: Client) -> None:
    created = slow_client.create_node(user_data=SCRIPT)
    try:
        with pytest.raises(NodeNotReadyError) as info:
            slow_client.wait_until_user_data(created.id, timeout=0.5, poll_interval=0.1)
        assert created.id in str(info.value) and "after 0.5 seconds" in str(info.value)
        assert info.value.node.status == "provisioning"
    finally:
        delete_quietly(slow_client, created.id)
