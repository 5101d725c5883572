"""The console: request_console, refused on the simulated driver, used on podman (as root)."""

from __future__ import annotations

import os
import re
import shutil
import time
from typing import Iterator

import pytest

from _server import ServerProcess
from _websocket import BINARY, CLOSE, TEXT, WebSocket
from conftest import delete_quietly
from nodeplane import Client, ConflictError, Node, NodeConsole, NotFoundError, PermissionDeniedError


def test_request_console_is_refused_by_a_driver_without_consoles(client: Client, node: Node) -> None:
    with pytest.raises(ConflictError) as refused:
        client.request_console(node.id)
    assert refused.value.code == "console_unsupported"
    assert "simulated" in str(refused.value)


def test_request_console_needs_a_read_write_key_and_hides_other_accounts_nodes(make_client, keys, node: Node) -> None:
    with pytest.raises(PermissionDeniedError):
        make_client(api_key=keys.read).request_console(node.id)
    with pytest.raises(NotFoundError):
        make_client(api_key=keys.other).request_console(node.id)
    with pytest.raises(NotFoundError):
        make_client().request_console("node_doesnotexist00000000")


podman_missing = os.geteuid() != 0 or shutil.which("podman") is None


@pytest.fixture(scope="module")
def podman_client() -> Iterator[Client]:
    """A server on the podman driver (as root, with the node image installed)."""
    server = ServerProcess(env={"NODEPLANE_DRIVER": "podman"}).start()
    _, key = server.create_key("console")
    try:
        with Client(api_key=key, base_url=server.url) as client:
            yield client
    finally:
        server.stop()


def _read_until(ws: WebSocket, pattern: str, timeout: float = 20) -> str:
    seen = ""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        opcode, payload = ws.receive()
        assert opcode != CLOSE, "the console closed: {!r}".format(payload)
        if opcode == BINARY:
            seen += payload.decode("utf-8", "replace")
        match = re.search(pattern, seen)
        if match:
            return match.group(0)
    raise AssertionError("no {} in the console: {!r}".format(pattern, seen[-400:]))


@pytest.mark.skipif(podman_missing, reason="the podman driver needs root and podman")
def test_request_console_returns_a_url_and_password_that_open_a_root_shell(podman_client: Client) -> None:
    created = podman_client.create_node(name="console")
    try:
        podman_client.wait_until_running(created.id, timeout=60)
        console = podman_client.request_console(created.id)
        assert isinstance(console, NodeConsole)
        assert re.match(r"^ws://127\.0\.0\.1:\d+/api/v1/nodes/{}/console/socket\?ticket=".format(created.id), console.url)
        assert len(console.password) >= 32
        assert console.password not in repr(console)
        ws = WebSocket(console.url)
        try:
            assert ws.status == 101
            ws.send(TEXT, console.password.encode())
            ws.send(BINARY, b"echo console-$RANDOM-$(id -u)\r")
            assert re.match(r"^console-\d+-0$", _read_until(ws, r"console-\d+-\d+"))
        finally:
            ws.close()
        # Used once: the same URL is refused at the handshake.
        again = WebSocket(console.url)
        assert again.status == 403
        again.close()
    finally:
        delete_quietly(podman_client, created.id)
        podman_client.wait_until_deleted(created.id, timeout=60)
