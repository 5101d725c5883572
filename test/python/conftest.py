"""Fixtures: real nodeplane servers (``node bin/nodeplane.js serve``) with fresh data dirs, and keys."""

from __future__ import annotations

import json
import subprocess
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Dict, Iterator, List, NamedTuple, Tuple

import pytest

from _fault_server import FaultServer
from _server import REPO, ServerProcess
from nodeplane import Client, ConflictError, Node, NotFoundError, SshKey

#: A region of the test catalog with one active and one reserved host, to run out of capacity.
TINY_REGION = "test-tiny-1"


class Keys(NamedTuple):
    read_write: str
    read: str
    revoked: str
    #: A read_write key of a second account.
    other: str


def _tiny_catalog(path: str) -> str:
    with open(str(REPO / "server" / "compute-hosts" / "default-catalog.json")) as f:
        hosts = json.load(f)
    template = hosts[0]
    for number, status in enumerate(["active", "reserved"]):
        host = json.loads(json.dumps(template))
        host.update(id=str(uuid.uuid4()), status=status, region=TINY_REGION, datacenter="TNY1")
        host["hostname"] = "tny1-{}.hosts.nodeplane.example".format(number)
        hosts.append(host)
    with open(path, "w") as f:
        json.dump(hosts, f)
    return path


class Servers(NamedTuple):
    #: The default catalog plus TINY_REGION; nodes run at once.
    main: ServerProcess
    #: Nodes stay ``provisioning`` for ten minutes.
    slow: ServerProcess
    #: The provisioning engine refuses every node (POST /nodes answers 500), and discovery
    #: allows two requests a minute per caller.
    failing: ServerProcess


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """Starts the three servers side by side (each takes seconds to boot), stops them at the end."""
    catalog = _tiny_catalog(str(tmp_path_factory.mktemp("catalog") / "catalog.json"))
    started = Servers(
        main=ServerProcess(env={"NODEPLANE_CATALOG": catalog}),
        slow=ServerProcess(env={"NODEPLANE_PROVISION_SECONDS": "600"}),
        failing=ServerProcess(
            env={"NODEPLANE_FAULT_CREATE_FAIL_RATE": "1", "NODEPLANE_DISCOVERY_RATE_LIMIT": "2"}
        ),
    )
    try:
        with ThreadPoolExecutor(len(started)) as pool:
            for job in [pool.submit(process.start) for process in started]:
                job.result()
        yield started
    finally:
        for process in started:
            process.stop()


@pytest.fixture(scope="session")
def keys_of_all(servers: Servers) -> Dict[str, str]:
    """Every key the suite uses, created in parallel (each CLI run boots the TypeScript code)."""

    def other_account() -> Tuple[str, str]:
        servers.main.cli("users", "create", "--email", "other@example.com")
        return servers.main.create_key("other", email="other@example.com")

    with ThreadPoolExecutor(6) as pool:
        jobs = {
            "read_write": pool.submit(servers.main.create_key, "pytest-rw"),
            "read": pool.submit(servers.main.create_key, "pytest-read", "read"),
            "revoked": pool.submit(servers.main.create_key, "pytest-revoked"),
            "other": pool.submit(other_account),
            "slow": pool.submit(servers.slow.create_key, "pytest"),
            "failing": pool.submit(servers.failing.create_key, "pytest"),
        }
        created = {name: job.result() for name, job in jobs.items()}
    servers.main.cli("keys", "revoke", created["revoked"][0])
    return {name: key for name, (_, key) in created.items()}


@pytest.fixture(scope="session")
def server(servers: Servers) -> ServerProcess:
    return servers.main


@pytest.fixture(scope="session")
def keys(keys_of_all: Dict[str, str]) -> Keys:
    return Keys(keys_of_all["read_write"], keys_of_all["read"], keys_of_all["revoked"], keys_of_all["other"])


@pytest.fixture(scope="session")
def slow_server(servers: Servers, keys_of_all: Dict[str, str]) -> ServerProcess:
    servers.slow.key = keys_of_all["slow"]  # type: ignore[attr-defined]
    return servers.slow


@pytest.fixture(scope="session")
def failing_server(servers: Servers, keys_of_all: Dict[str, str]) -> ServerProcess:
    servers.failing.key = keys_of_all["failing"]  # type: ignore[attr-defined]
    return servers.failing


@pytest.fixture
def make_client(server: ServerProcess, keys: Keys) -> Iterator[Callable[..., Client]]:
    """Builds clients of the main server (read_write key unless told), closed after the test."""
    made: List[Client] = []

    def make(**options: object) -> Client:
        options.setdefault("api_key", keys.read_write)
        options.setdefault("base_url", server.url)
        client = Client(**options)  # type: ignore[arg-type]
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def client(make_client: Callable[..., Client]) -> Client:
    return make_client()


@pytest.fixture
def node(client: Client) -> Iterator[Node]:
    """A running node, deleted after the test."""
    created = client.create_node(name="pytest")
    yield client.wait_until_running(created.id, timeout=30, poll_interval=0.1)
    delete_quietly(client, created.id)


def delete_quietly(client: Client, node_id: str) -> None:
    try:
        client.delete_node(node_id)
    except NotFoundError:
        pass


def delete_vpc_when_empty(client: Client, vpc_id: str, timeout: float = 10) -> None:
    """Deletes a VPC once its deleted nodes have finished teardown."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            client.vpc_delete(vpc_id)
            return
        except ConflictError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.fixture
def slow_client(slow_server: ServerProcess) -> Iterator[Client]:
    with Client(api_key=slow_server.key, base_url=slow_server.url) as client:  # type: ignore[attr-defined]
        yield client


@pytest.fixture
def fault(server: ServerProcess) -> Iterator[FaultServer]:
    """A fault-injecting proxy in front of the main server."""
    proxy = FaultServer(server.url)
    yield proxy
    proxy.close()


def generate_key(directory: Path, key_type: str, bits: int = 0) -> Tuple[str, str]:
    """A key pair made by the real ssh-keygen: the .pub file's text and its fingerprint."""
    path = directory / "id_{}_{}".format(key_type, bits)
    size = ["-b", str(bits)] if bits else []
    subprocess.run(
        ["ssh-keygen", "-q", "-t", key_type] + size + ["-N", "", "-C", "pytest", "-f", str(path)], check=True
    )
    listed = subprocess.run(
        ["ssh-keygen", "-l", "-E", "sha256", "-f", "{}.pub".format(path)], check=True, stdout=subprocess.PIPE
    )
    return Path("{}.pub".format(path)).read_text(), listed.stdout.decode().split()[1]


@pytest.fixture
def make_ssh_key(client: Client, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., SshKey]]:
    """Adds fresh ed25519 keys to the account (``make_ssh_key(name, client=..., labels=...)``);
    deletes them after the test, once the nodes using them are gone."""
    made: List[Tuple[Client, SshKey]] = []

    def make(name: str, owner: Client = client, **options: object) -> SshKey:
        public_key = generate_key(tmp_path_factory.mktemp("ssh"), "ed25519")[0]
        key = owner.ssh_key_create(name, public_key, **options)  # type: ignore[arg-type]
        made.append((owner, key))
        return key

    yield make
    for owner, key in made:
        deadline = time.monotonic() + 10
        while True:
            try:
                owner.ssh_key_delete(key.id)
                break
            except NotFoundError:
                break
            except ConflictError:
                # Nodes deleted by the test still hold it until teardown has finished.
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
