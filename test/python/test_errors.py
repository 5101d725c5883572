"""Errors: each class provoked by the real server, with problem+json fields and request id."""

from __future__ import annotations

import pytest

from conftest import TINY_REGION
from nodeplane import (
    APIError,
    AuthenticationError,
    Client,
    ConflictError,
    FieldError,
    NodeplaneError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ValidationError,
)


def test_a_wrong_key_is_401_with_problem_fields(make_client) -> None:
    with pytest.raises(AuthenticationError) as info:
        make_client(api_key="np_not-a-real-key").list_nodes()
    error = info.value
    assert isinstance(error, APIError) and isinstance(error, NodeplaneError)
    assert (error.status, error.code, error.title) == (401, "invalid_api_key", "Unauthorized")
    assert error.detail and error.request_id
    assert error.body["request_id"] == error.request_id
    assert "401 invalid_api_key" in str(error) and error.request_id in str(error)


def test_a_missing_key_is_401(make_client, monkeypatch) -> None:
    monkeypatch.delenv("NODEPLANE_API_KEY", raising=False)
    with pytest.raises(AuthenticationError) as info:
        make_client(api_key=None).create_node()
    assert info.value.code == "missing_api_key"


def test_a_revoked_key_is_401(make_client, keys) -> None:
    with pytest.raises(AuthenticationError) as info:
        make_client(api_key=keys.revoked).vpc_list()
    assert info.value.code == "revoked_api_key"


def test_a_read_key_may_read_but_not_create(make_client, keys) -> None:
    reader = make_client(api_key=keys.read)
    assert isinstance(reader.list_nodes(), list)
    with pytest.raises(PermissionDeniedError) as info:
        reader.create_node()
    assert (info.value.status, info.value.code) == (403, "insufficient_scope")
    with pytest.raises(PermissionDeniedError):
        reader.vpc_create("pytest-read-only")


def test_an_unknown_node_is_404(client: Client) -> None:
    with pytest.raises(NotFoundError) as info:
        client.get_node_details("node_doesnotexist")
    assert (info.value.status, info.value.code) == (404, "node_not_found")
    with pytest.raises(NotFoundError):
        client.delete_node("node_doesnotexist")


def test_another_accounts_node_is_404(client: Client, make_client, keys, node) -> None:
    other = make_client(api_key=keys.other)
    with pytest.raises(NotFoundError):
        other.get_node_details(node.id)
    assert node.id not in [n.id for n in other.list_nodes()]


def test_invalid_input_is_400_with_field_errors(client: Client) -> None:
    with pytest.raises(ValidationError) as info:
        client.create_node(region="nowhere-1")
    error = info.value
    assert (error.status, error.code) == (400, "unknown_region")
    assert error.errors == [FieldError(field="region", message=error.errors[0].message)]


def test_a_reserved_host_is_409(client: Client) -> None:
    reserved = client.find_compute(region=TINY_REGION, status="reserved")[0]
    with pytest.raises(ConflictError) as info:
        client.create_node(host_id=reserved.id)
    assert (info.value.status, info.value.code) == (409, "host_unavailable")


def test_no_free_host_is_503_with_retry_after_and_is_not_retried(client: Client, server) -> None:
    first = client.create_node(region=TINY_REGION)
    try:
        before = server.requests_logged("POST", "/nodes")
        with pytest.raises(ServerError) as info:
            client.create_node(region=TINY_REGION)
        assert (info.value.status, info.value.code) == (503, "capacity_unavailable")
        assert info.value.retry_after == 60
        assert server.requests_logged("POST", "/nodes") == before + 1
    finally:
        client.delete_node(first.id)


def test_a_failed_provisioning_is_500_and_create_node_is_not_retried(failing_server) -> None:
    with Client(api_key=failing_server.key, base_url=failing_server.url, backoff_factor=0.01) as client:
        with pytest.raises(ServerError) as info:
            client.create_node()
    assert (info.value.status, info.value.code) == (500, "provisioning_failed")
    assert failing_server.requests_logged("POST", "/nodes") == 1
    with Client(api_key=failing_server.key, base_url=failing_server.url) as client:
        assert client.list_nodes() == []


def test_too_many_discovery_requests_are_429_with_retry_after(failing_server) -> None:
    # This server allows two discovery requests a minute per caller.
    with Client(api_key=None, base_url=failing_server.url, max_retries=0) as client:
        client.find_compute_page(limit=1)
        client.find_compute_page(limit=1)
        with pytest.raises(RateLimitError) as info:
            client.find_compute_page(limit=1)
    assert (info.value.status, info.value.code) == (429, "rate_limited")
    assert info.value.retry_after and 0 < info.value.retry_after <= 60


def test_a_non_json_error_body_falls_back_to_status_and_reason(fault, keys) -> None:
    fault.add(502, text="<html><body>upstream down</body></html>", headers={"X-Request-Id": "proxy-1"})
    with Client(api_key=keys.read_write, base_url=fault.url, max_retries=0) as client:
        with pytest.raises(ServerError) as info:
            client.list_nodes()
    error = info.value
    assert (error.status, error.code, error.title, error.request_id) == (502, None, "Bad Gateway", "proxy-1")
    assert "upstream down" in (error.detail or "")
    assert str(error).startswith("502 Bad Gateway")


def test_an_unrouted_path_is_404_problem_json(make_client, monkeypatch) -> None:
    client = make_client(base_url=make_client().base_url + "/nowhere")
    with pytest.raises(NotFoundError) as info:
        client.find_compute()
    assert info.value.code == "route_not_found"
