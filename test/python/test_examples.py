"""The examples that use the Python client, run end to end against a real server."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import generate_key
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


def test_python_client_example_builds_its_stack_idempotently_and_destroys_it(servers, tmp_path) -> None:
    # An account of its own, so the example's nodes meet no other test's.
    servers.main.cli("users", "create", "--email", "example@example.com")
    _, key = servers.main.create_key("example", email="example@example.com")
    with Client(api_key=key, base_url=servers.main.url) as client:
        out = _run(servers, key)
        vpc = next(v for v in client.vpc_list() if v.name == "python-example")
        nodes = [n for n in client.list_nodes() if n.vpc_id == vpc.id]
        assert sorted(n.name for n in nodes) == ["python-web-1", "python-web-2", "python-web-3"]
        assert all(n.status == "running" and n.ip_address for n in nodes)
        assert all(n.labels == {"app": "python-example", "tier": "web"} for n in nodes)
        assert "IPv6 2001:db8:" in out

        # A second run with a key changes the nodes in place: same ids, the key, no password.
        public_key = generate_key(tmp_path, "ed25519")[0]
        (tmp_path / "id.pub").write_text(public_key)
        out = _run(servers, key, "--ssh-public-key", str(tmp_path / "id.pub"))
        assert "SSH keys updated in place" in out
        again = {n.id: n for n in client.list_nodes(label_selector="app=python-example")}
        assert sorted(again) == sorted(n.id for n in nodes)
        ssh_key = next(k for k in client.ssh_key_list() if k.name == "python-example")
        assert all(n.ssh_keys == [ssh_key.id] and n.password_login is False for n in again.values())

        _run(servers, key, "--ssh-public-key", str(tmp_path / "id.pub"))  # nothing to change now
        assert len([n for n in client.list_nodes() if n.vpc_id == vpc.id]) == 3

        _run(servers, key, "--destroy")
        assert [v for v in client.vpc_list() if v.name == "python-example"] == []
        assert [n for n in client.list_nodes() if n.name and n.name.startswith("python-web-")] == []
        assert [k for k in client.ssh_key_list() if k.name == "python-example"] == []
