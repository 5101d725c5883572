"""The examples that use the Python client, run end to end against a real server."""

from __future__ import annotations

import os
import subprocess
import sys

from _server import REPO
from nodeplane import Client

SCRIPT = str(REPO / "examples" / "python-client" / "main.py")


def _run(servers, key: str, *args: str) -> str:
    env = dict(os.environ, NODEPLANE_ENDPOINT=servers.main.url, NODEPLANE_API_KEY=key)
    done = subprocess.run(
        [sys.executable, SCRIPT] + list(args), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        universal_newlines=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_python_client_example_builds_its_stack_idempotently_and_destroys_it(servers) -> None:
    # An account of its own, so the example's nodes meet no other test's.
    servers.main.cli("users", "create", "--email", "example@example.com")
    _, key = servers.main.create_key("example", email="example@example.com")
    with Client(api_key=key, base_url=servers.main.url) as client:
        out = _run(servers, key)
        vpc = next(v for v in client.vpc_list() if v.name == "python-example")
        nodes = [n for n in client.list_nodes() if n.vpc_id == vpc.id]
        assert sorted(n.name for n in nodes) == ["python-web-1", "python-web-2", "python-web-3"]
        assert all(n.status == "running" and n.ip_address for n in nodes)
        assert "IPv6 2001:db8:" in out

        _run(servers, key)  # a second run finds what exists instead of creating more
        assert len([n for n in client.list_nodes() if n.vpc_id == vpc.id]) == 3

        _run(servers, key, "--destroy")
        assert [v for v in client.vpc_list() if v.name == "python-example"] == []
        assert [n for n in client.list_nodes() if n.name and n.name.startswith("python-web-")] == []
