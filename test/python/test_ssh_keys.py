"""SSH keys: ssh_key_create, ssh_key_list, ssh_key_get, ssh_key_delete."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Tuple

import pytest

from conftest import generate_key
from nodeplane import Client, ConflictError, NotFoundError, PermissionDeniedError, SshKey, ValidationError


@pytest.fixture
def public_key(tmp_path: Path) -> Tuple[str, str]:
    return generate_key(tmp_path, "ed25519")


@pytest.fixture
def ssh_key(client: Client, public_key: Tuple[str, str]) -> Iterator[SshKey]:
    key = client.ssh_key_create("pytest-key", public_key[0])
    yield key
    try:
        client.ssh_key_delete(key.id)
    except NotFoundError:
        pass


def test_ssh_key_create_returns_the_fingerprint_ssh_keygen_prints(ssh_key: SshKey, public_key: Tuple[str, str]) -> None:
    text, fingerprint = public_key
    assert isinstance(ssh_key, SshKey)
    assert ssh_key.id.startswith("sshkey_")
    assert ssh_key.name == "pytest-key"
    # The .pub file's trailing newline is trimmed.
    assert ssh_key.public_key == text.strip()
    assert ssh_key.fingerprint == fingerprint


def test_ssh_key_list_and_get(client: Client, ssh_key: SshKey) -> None:
    assert ssh_key.id in [k.id for k in client.ssh_key_list()]
    assert client.ssh_key_get(ssh_key.id) == ssh_key


def test_ssh_key_delete_then_get_is_404(client: Client, ssh_key: SshKey) -> None:
    assert client.ssh_key_delete(ssh_key.id) is None
    with pytest.raises(NotFoundError) as info:
        client.ssh_key_get(ssh_key.id)
    assert info.value.code == "ssh_key_not_found"


def test_a_taken_name_and_a_known_key_are_409(client: Client, ssh_key: SshKey, tmp_path: Path) -> None:
    with pytest.raises(ConflictError) as taken:
        client.ssh_key_create("pytest-key", generate_key(tmp_path, "ecdsa", 384)[0])
    assert taken.value.code == "ssh_key_name_taken"
    with pytest.raises(ConflictError) as known:
        client.ssh_key_create("pytest-copy", ssh_key.public_key or "")
    assert known.value.code == "ssh_key_exists"
    assert known.value.body["ssh_key_id"] == ssh_key.id


@pytest.mark.parametrize("key_type,bits,reason", [("dsa", 0, "DSA"), ("rsa", 1024, "2048 bits")])
def test_refused_keys_are_400_naming_public_key(
    client: Client, tmp_path: Path, key_type: str, bits: int, reason: str
) -> None:
    with pytest.raises(ValidationError) as info:
        client.ssh_key_create("pytest-refused", generate_key(tmp_path, key_type, bits)[0])
    assert [e.field for e in info.value.errors] == ["public_key"]
    assert reason in info.value.errors[0].message
    assert "pytest-refused" not in [k.name for k in client.ssh_key_list()]


def test_a_private_key_is_refused(client: Client, tmp_path: Path) -> None:
    generate_key(tmp_path, "ed25519")
    private = (tmp_path / "id_ed25519_0").read_text()
    with pytest.raises(ValidationError) as info:
        client.ssh_key_create("pytest-private", private)
    assert "private key" in info.value.errors[0].message


def test_ssh_keys_of_another_account_are_404(make_client, keys, ssh_key: SshKey) -> None:
    other = make_client(api_key=keys.other)
    with pytest.raises(NotFoundError):
        other.ssh_key_get(ssh_key.id)
    with pytest.raises(NotFoundError):
        other.ssh_key_delete(ssh_key.id)
    assert ssh_key.id not in [k.id for k in other.ssh_key_list()]


def test_a_read_key_cannot_add_keys(make_client, keys, public_key: Tuple[str, str]) -> None:
    reader = make_client(api_key=keys.read)
    with pytest.raises(PermissionDeniedError):
        reader.ssh_key_create("pytest-read", public_key[0])
