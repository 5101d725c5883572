"""Retries: idempotent requests survive connection errors, 429 and 5xx; POSTs are never blindly retried."""

from __future__ import annotations

import logging
import socket
import threading
import time
import uuid

import pytest

from _server import ServerProcess
from nodeplane import Client, ConflictError, ConnectionError, RateLimitError, ServerError

PROBLEM_503 = {
    "type": "about:blank",
    "title": "Service Unavailable",
    "status": 503,
    "detail": "busy",
    "code": "overloaded",
}


def _proxied(fault, keys, **options) -> Client:
    options.setdefault("backoff_factor", 0.01)
    return Client(api_key=keys.read_write, base_url=fault.url, **options)


def _retry_logs(caplog) -> list:
    return [r for r in caplog.records if r.name == "nodeplane" and "retry" in r.getMessage()]


def test_get_is_retried_after_503_honouring_retry_after(fault, keys) -> None:
    fault.add(503, json_body=PROBLEM_503, headers={"Retry-After": "1"})
    fault.add(503, json_body=PROBLEM_503, headers={"Retry-After": "1"})
    with _proxied(fault, keys) as client:
        started = time.monotonic()
        page = client.find_compute_page(limit=1)
        elapsed = time.monotonic() - started
    assert len(page.hosts) == 1
    assert len(fault.requests_to("GET", "/api/v1/compute")) == 3
    assert elapsed >= 2.0


def test_get_is_retried_after_429_then_raises_rate_limit_error(fault, keys) -> None:
    for _ in range(2):
        fault.add(
            429,
            json_body={"title": "Too Many Requests", "status": 429, "code": "rate_limited"},
            headers={"Retry-After": "0"},
        )
    with _proxied(fault, keys, max_retries=1) as client:
        with pytest.raises(RateLimitError) as info:
            client.list_nodes()
    assert (info.value.status, info.value.code, info.value.retry_after) == (429, "rate_limited", 0)
    assert len(fault.requests_to("GET", "/nodes")) == 2


def test_delete_is_retried_after_500_502_and_504(fault, keys, client) -> None:
    node = client.create_node()
    for status in (500, 502, 504):
        fault.add(status)
    with _proxied(fault, keys) as proxied:
        proxied.delete_node(node.id)
    assert len(fault.requests_to("DELETE", "/nodes/" + node.id)) == 4
    assert node.id not in [n.id for n in client.list_nodes() if n.status != "deleting"]


def test_get_is_retried_after_a_dropped_connection(fault, keys, node) -> None:
    fault.add(drop=True)
    with _proxied(fault, keys) as client:
        assert client.get_node_details(node.id).id == node.id
    assert len(fault.requests_to("GET", "/nodes/")) == 2


def test_retries_stop_after_max_retries(fault, keys) -> None:
    for _ in range(5):
        fault.add(503, json_body=PROBLEM_503)
    with _proxied(fault, keys, max_retries=2) as client:
        with pytest.raises(ServerError) as info:
            client.vpc_list()
    assert info.value.code == "overloaded"
    assert len(fault.requests_to("GET", "/api/v1/networking")) == 3


def test_max_retries_zero_turns_retries_off(fault, keys) -> None:
    fault.add(503, json_body=PROBLEM_503)
    with _proxied(fault, keys, max_retries=0) as client:
        with pytest.raises(ServerError):
            client.vpc_list()
    assert len(fault.requests_to("GET", "/api/v1/networking")) == 1


def test_create_node_is_not_retried_after_503_and_sends_an_idempotency_key(fault, keys, server) -> None:
    fault.add(503, json_body=PROBLEM_503, headers={"Retry-After": "0"})
    with _proxied(fault, keys) as client:
        with pytest.raises(ServerError):
            client.create_node()
    (seen,) = fault.requests_to("POST", "/nodes")
    assert uuid.UUID(seen.headers["Idempotency-Key"]).version == 4


def test_create_node_is_not_retried_after_a_dropped_connection(fault, keys) -> None:
    fault.add(drop=True)
    with _proxied(fault, keys) as client:
        with pytest.raises(ConnectionError):
            client.create_node()
    assert len(fault.requests_to("POST", "/nodes")) == 1


def test_posts_are_retried_with_the_same_key_when_the_flag_is_on(fault, keys, client) -> None:
    fault.add(503, json_body=PROBLEM_503, headers={"Retry-After": "0"})
    with _proxied(fault, keys, retry_posts_with_idempotency_key=True) as proxied:
        node = proxied.create_node(name="retried")
    client.delete_node(node.id)
    attempts = fault.requests_to("POST", "/nodes")
    assert len(attempts) == 2
    assert attempts[0].headers["Idempotency-Key"] == attempts[1].headers["Idempotency-Key"]


def test_a_lost_create_answer_is_retried_and_replayed_as_one_node(fault, keys, client) -> None:
    # The server stores the first answer under the Idempotency-Key and replays it.
    fault.add(lose_answer=True)
    with _proxied(fault, keys, retry_posts_with_idempotency_key=True) as proxied:
        node = proxied.create_node(name="pytest-replayed")
    try:
        attempts = fault.requests_to("POST", "/nodes")
        assert len(attempts) == 2
        assert attempts[0].headers["Idempotency-Key"] == attempts[1].headers["Idempotency-Key"]
        assert [n.id for n in client.list_nodes() if n.name == "pytest-replayed"] == [node.id]
    finally:
        client.delete_node(node.id)


def test_a_lost_create_answer_is_not_retried_without_the_flag(fault, keys, client) -> None:
    fault.add(lose_answer=True)
    with _proxied(fault, keys) as proxied:
        with pytest.raises(ConnectionError):
            proxied.create_node(name="pytest-lost")
    assert len(fault.requests_to("POST", "/nodes")) == 1
    # The node exists although the caller never saw it: why POSTs are not retried blindly.
    lost = [n.id for n in client.list_nodes() if n.name == "pytest-lost"]
    assert len(lost) == 1
    client.delete_node(lost[0])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_get_is_retried_while_the_server_is_not_up_yet(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="nodeplane")
    port = _free_port()
    late = ServerProcess(port=port)
    starter = threading.Timer(0.5, late.start)
    starter.start()
    try:
        with Client(
            base_url="http://127.0.0.1:{}".format(port), max_retries=10, backoff_factor=0.2
        ) as client:
            hosts = client.find_compute_page(limit=3).hosts
        assert len(hosts) == 3
        refused = _retry_logs(caplog)
        assert refused and all("got no answer" in r.getMessage() for r in refused)
    finally:
        starter.join()
        late.stop()


def test_connection_refused_raises_connection_error_after_the_retries(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="nodeplane")
    with Client(
        base_url="http://127.0.0.1:{}".format(_free_port()), max_retries=2, backoff_factor=0.01
    ) as client:
        with pytest.raises(ConnectionError):
            client.list_nodes()
        assert len(_retry_logs(caplog)) == 2
        caplog.clear()
        with pytest.raises(ConnectionError):
            client.create_node()
        assert _retry_logs(caplog) == []


def test_a_slow_answer_times_out_as_connection_error(fault, keys) -> None:
    fault.add(200, json_body=[], delay=1.0)
    with _proxied(fault, keys, timeout=0.2, max_retries=0) as client:
        with pytest.raises(ConnectionError) as info:
            client.list_nodes()
    assert "timed out" in str(info.value).lower()


def test_a_post_still_running_under_its_key_is_retried_when_the_flag_is_on(fault, keys, client) -> None:
    in_use = {"title": "Conflict", "status": 409, "code": "idempotency_key_in_use", "detail": "still running"}
    fault.add(409, json_body=in_use, headers={"Retry-After": "0"})
    with _proxied(fault, keys, retry_posts_with_idempotency_key=True) as proxied:
        vpc = proxied.vpc_create("pytest-idempotent")
    client.vpc_delete(vpc.id)
    assert len(fault.requests_to("POST", "/api/v1/networking")) == 2


def test_a_conflict_is_not_retried_without_the_flag(fault, keys) -> None:
    fault.add(409, json_body={"status": 409, "code": "idempotency_key_in_use"}, headers={"Retry-After": "0"})
    with _proxied(fault, keys) as proxied:
        with pytest.raises(ConflictError):
            proxied.vpc_create("pytest-not-retried")
    assert len(fault.requests_to("POST", "/api/v1/networking")) == 1


REPAIRING = {
    "title": "Conflict",
    "status": 409,
    "code": "node_repairing",
    "detail": "node stopped answering and is being restarted; retry in a few seconds",
}


def test_an_attach_refused_while_the_node_is_repaired_is_retried_after_retry_after(fault, keys, client, node) -> None:
    # node_repairing changed nothing on the server, so even a POST is safe to send again.
    fault.add(409, json_body=REPAIRING, headers={"Retry-After": "0"})
    with _proxied(fault, keys) as proxied:
        ip = proxied.attach_ip(node.id)
    assert len(fault.requests_to("POST", "/api/v1/nodes/")) == 2
    assert ip.ip in [a.ip for a in client.list_ips(node.id)]


def test_node_repairing_raises_conflict_after_max_retries(fault, keys, node) -> None:
    for _ in range(3):
        fault.add(409, json_body=REPAIRING, headers={"Retry-After": "0"})
    with _proxied(fault, keys, max_retries=2) as proxied:
        with pytest.raises(ConflictError) as info:
            proxied.attach_ip(node.id)
    assert info.value.code == "node_repairing"
    assert len(fault.requests_to("POST", "/api/v1/nodes/")) == 3


def test_a_post_is_not_retried_after_another_conflict(fault, keys, node) -> None:
    fault.add(409, json_body={"status": 409, "code": "ip_in_use"}, headers={"Retry-After": "0"})
    with _proxied(fault, keys) as proxied:
        with pytest.raises(ConflictError):
            proxied.attach_ip(node.id)
    assert len(fault.requests_to("POST", "/api/v1/nodes/")) == 1
