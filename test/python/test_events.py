"""Events and waiting: events(), stream_events(), wait_until_running and wait_until_deleted."""

from __future__ import annotations

import itertools
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, Iterator, List, Tuple

import pytest
import requests

from _server import ServerProcess
from conftest import delete_quietly
from nodeplane import Client, Event, NotFoundError, verify_signature


@pytest.fixture(scope="module")
def timed() -> Iterator[Tuple[ServerProcess, str]]:
    """A server of its own whose nodes take 2 s to provision (webhooks may target loopback), and a key of it."""
    env = {"NODEPLANE_PROVISION_SECONDS": "2", "NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS": "true"}
    process = ServerProcess(env=env).start()
    try:
        yield process, process.create_key("events")[1]
    finally:
        process.stop()


def test_wait_until_running_holds_one_request_instead_of_polling(timed) -> None:
    process, key = timed
    with Client(api_key=key, base_url=process.url) as client:
        created = client.create_node()
        node = client.wait_until_running(created.id, timeout=30, poll_interval=0.1)
        assert node.status == "running" and node.ip_address
        # Polling every 0.1 s through 2 s of provisioning would ask about twenty times.
        assert process.requests_logged("GET", "/nodes/" + created.id) <= 2
        client.delete_node(created.id)


def test_wait_until_deleted_returns_once_the_node_is_gone(timed) -> None:
    process, key = timed
    with Client(api_key=key, base_url=process.url) as client:
        node = client.wait_until_running(client.create_node().id, timeout=30)
        client.delete_node(node.id)
        client.wait_until_deleted(node.id, timeout=30, poll_interval=0.1)
        with pytest.raises(NotFoundError):
            client.get_node_details(node.id)


def test_waits_fall_back_to_polling_on_a_server_without_wait_for(fault, keys, client) -> None:
    old_server_answer = {
        "type": "about:blank",
        "title": "Bad Request",
        "status": 400,
        "code": "invalid_request",
        "detail": "wait_for: is not a known query parameter",
        "errors": [{"field": "wait_for", "message": "is not a known query parameter"}],
    }
    fault.add(400, json_body=old_server_answer)
    created = client.create_node()
    try:
        with Client(api_key=keys.read_write, base_url=fault.url) as through_old:
            node = through_old.wait_until_running(created.id, timeout=30, poll_interval=0.1)
            assert node.status == "running"
            seen = fault.requests_to("GET", "/nodes/" + created.id)
            assert "wait_for=running" in seen[0].path
            assert all("wait_for" not in request.path for request in seen[1:])
            through_old.delete_node(created.id)
            through_old.wait_until_deleted(created.id, timeout=30, poll_interval=0.1)
            # The client remembered: no further wait_for to this server.
            assert all("wait_for" not in request.path for request in fault.requests_to("GET", "/nodes/")[1:])
    finally:
        delete_quietly(client, created.id)


def test_events_iterates_pages_in_both_orders(client: Client) -> None:
    vpcs = [client.vpc_create("events-{}".format(i)) for i in range(3)]
    newest = [event for event in client.events(type=["vpc.created"], page_size=2) if event.resource_id in {v.id for v in vpcs}]
    oldest = list(client.events(type=["vpc.created"], order="oldest", page_size=2))
    assert [event.resource_id for event in newest] == [v.id for v in reversed(vpcs)]
    assert [event.id for event in oldest if event.resource_id in {v.id for v in vpcs}] == [e.id for e in reversed(newest)]
    first = newest[-1]
    assert isinstance(first, Event) and first.type == "vpc.created" and first.data["name"] == "events-0"
    assert first.actor is not None and first.actor.type == "api_key" and first.actor.source_address == "127.0.0.1"
    for vpc in vpcs:
        client.vpc_delete(vpc.id)


def test_stream_events_resumes_across_a_server_restart_without_missing_any(timed) -> None:
    process, key = timed
    with Client(api_key=key, base_url=process.url) as client:
        live = client.stream_events(type=["vpc.created"])
        client.vpc_create("before-restart")
        assert next(live).data["name"] == "before-restart"
        # The server shuts down (ending the stream cleanly) and comes back; meanwhile and
        # after, more happens.
        process.restart()
        client.vpc_create("after-restart-1")
        client.vpc_create("after-restart-2")
        names = [event.data["name"] for event in itertools.islice(live, 2)]
        live.close()
        assert names == ["after-restart-1", "after-restart-2"]


class _Receiver(BaseHTTPRequestHandler):
    received: List[Tuple[str, bytes]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((self.headers["Nodeplane-Signature"], body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_verify_signature_accepts_a_real_delivery_and_refuses_wrong_ones(timed) -> None:
    process, key = timed
    receiver = HTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, args=(0.05,), daemon=True).start()
    try:
        url = "http://127.0.0.1:{}/hook".format(receiver.server_address[1])
        created = requests.post(
            process.url + "/api/v1/webhooks",
            json={"url": url, "event_types": ["vpc.created"]},
            headers={"Authorization": "Bearer " + key},
        ).json()
        with Client(api_key=key, base_url=process.url) as client:
            client.vpc_create("signed-for-python")
        deadline = time.monotonic() + 20
        while not _Receiver.received and time.monotonic() < deadline:
            time.sleep(0.05)
        header, body = _Receiver.received[0]
        secret = created["secret"]
        assert verify_signature(secret, body, header)
        assert not verify_signature(secret + "x", body, header)
        assert not verify_signature(secret, body.replace(b"signed", b"forged"), header)
        assert not verify_signature(secret, body, header, now=time.time() + 301)
        assert not verify_signature(secret, body, "v1=" + header.split("v1=")[1])
    finally:
        receiver.shutdown()
        receiver.server_close()


def test_webhooks_are_managed_from_the_client_and_deliver_a_test_event(timed) -> None:
    process, key = timed
    received_before = len(_Receiver.received)
    receiver = HTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, args=(0.05,), daemon=True).start()
    try:
        url = "http://127.0.0.1:{}/managed".format(receiver.server_address[1])
        with Client(api_key=key, base_url=process.url) as client:
            created = client.webhook_create(url, event_types=["node.running"], description="from python")
            assert created.secret and created.secret.startswith("whsec_")
            assert created.event_types == ["node.running"] and created.enabled
            listed = {hook.id: hook for hook in client.webhook_list()}
            # The secret is shown once, at creation.
            assert created.id in listed and listed[created.id].secret is None
            assert client.webhook_get(created.id).description == "from python"

            paused = client.webhook_update(created.id, enabled=False, event_types=["node.running", "vpc.created"])
            assert paused.enabled is False and paused.event_types == ["node.running", "vpc.created"]
            client.webhook_update(created.id, enabled=True)

            delivery = client.webhook_test(created.id)
            assert delivery.event_id is None
            deadline = time.monotonic() + 20
            while len(_Receiver.received) == received_before and time.monotonic() < deadline:
                time.sleep(0.05)
            header, body = _Receiver.received[-1]
            assert verify_signature(created.secret, body, header)
            logged = client.webhook_deliveries(created.id)
            assert any(entry.id == delivery.id for entry in logged)

            client.webhook_delete(created.id)
            with pytest.raises(NotFoundError):
                client.webhook_get(created.id)
    finally:
        receiver.shutdown()
        receiver.server_close()
