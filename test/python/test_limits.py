"""Account limits: get_limits() and QuotaExceededError."""

from __future__ import annotations

from itertools import count
from typing import Iterator

import pytest

from _server import ServerProcess
from nodeplane import Client, Limit, PermissionDeniedError, QuotaExceededError

_accounts = count(1)
NAMES = ["nodes", "cpu_cores", "memory_gb", "volumes_gb", "images_gb", "floating_ips", "firewalls", "vpcs"]


@pytest.fixture
def limited(server: ServerProcess) -> Iterator[Client]:
    """A client of an account of its own whose `vpcs` limit the operator set to 1."""
    email = "limited-{}@example.com".format(next(_accounts))
    server.cli("users", "create", "--email", email)
    server.cli("accounts", "limits", "set", "--email", email, "--vpcs", "1")
    with Client(api_key=server.create_key("limited", email=email)[1], base_url=server.url) as client:
        yield client
        for vpc in client.vpc_list():
            client.vpc_delete(vpc.id)


def test_get_limits_names_every_limit_with_what_the_account_uses(limited: Client) -> None:
    limits = limited.get_limits()
    assert sorted(limits) == sorted(NAMES)
    assert all(isinstance(limit, Limit) for limit in limits.values())
    assert limits["vpcs"] == Limit(limit=1, used=0)
    assert limits["nodes"].limit == 250 and limits["nodes"].remaining == 250
    limited.vpc_create(name="only")
    assert limited.get_limits()["vpcs"] == Limit(limit=1, used=1)
    assert limited.get_limits()["vpcs"].remaining == 0


def test_a_creation_past_a_limit_raises_quota_exceeded_naming_it(limited: Client) -> None:
    limited.vpc_create(name="only")
    with pytest.raises(QuotaExceededError) as info:
        limited.vpc_create(name="second")
    error = info.value
    assert isinstance(error, PermissionDeniedError)
    assert (error.status, error.code, error.limit, error.max, error.used) == (403, "quota_exceeded", "vpcs", 1, 1)
    assert "vpcs" in str(error)
    assert [vpc.name for vpc in limited.vpc_list()] == ["only"]
