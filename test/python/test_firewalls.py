"""Firewalls: create_firewall, list_firewalls, get_firewall, update_firewall, delete_firewall."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from conftest import delete_quietly
from nodeplane import firewalls as firewalls_module
from nodeplane import (
    Client,
    ConflictError,
    Firewall,
    FirewallRule,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)

SSH = FirewallRule(protocol="tcp", port="22", source_ips=["0.0.0.0/0", "::/0"], description="SSH")


@pytest.fixture
def make_firewall(client: Client) -> Iterator[Callable[..., Firewall]]:
    """Creates firewalls and deletes them (with an emptied apply_to) after the test."""
    made = []

    def make(name: str, **options: object) -> Firewall:
        firewall = client.create_firewall(name, **options)  # type: ignore[arg-type]
        made.append(firewall.id)
        return firewall

    yield make
    for firewall_id in made:
        try:
            client.update_firewall(firewall_id, apply_to=[])
            client.delete_firewall(firewall_id)
        except NotFoundError:
            pass


def test_create_firewall_returns_the_record_with_rules_normalised(make_firewall) -> None:
    ping = {"direction": "in", "protocol": "icmp", "source_ips": ["2001:DB8::/32", "192.0.2.1"]}
    firewall = make_firewall("pytest-create", rules=[SSH, ping], labels={"team": "web"})
    assert isinstance(firewall, Firewall)
    assert firewall.id.startswith("fw_")
    assert (firewall.name, firewall.labels) == ("pytest-create", {"team": "web"})
    assert firewall.rules == [
        SSH,
        FirewallRule(protocol="icmp", port=None, source_ips=["2001:db8::/32", "192.0.2.1/32"]),
    ]
    assert (firewall.apply_to, firewall.applied_to_nodes) == ([], [])


def test_list_get_update_and_delete_firewall(client: Client, make_firewall) -> None:
    firewall = make_firewall("pytest-crud", labels={"kind": "crud"})
    assert [f.id for f in client.list_firewalls(label_selector={"kind": "crud"})] == [firewall.id]
    assert [f.id for f in client.list_firewalls(name="pytest-crud")] == [firewall.id]
    assert client.get_firewall(firewall.id) == firewall
    changed = client.update_firewall(firewall.id, name="pytest-crud-2", rules=[SSH])
    assert (changed.name, changed.rules, changed.labels) == ("pytest-crud-2", [SSH], {"kind": "crud"})
    client.delete_firewall(firewall.id)
    with pytest.raises(NotFoundError) as caught:
        client.get_firewall(firewall.id)
    assert caught.value.code == "firewall_not_found"


def test_list_firewalls_follows_the_pages_to_every_firewall(
    client: Client, make_firewall, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = [make_firewall("pytest-page-{}".format(i), labels={"kind": "paged"}).id for i in range(5)]
    # Pages of two, so that five firewalls take three pages.
    monkeypatch.setattr(firewalls_module, "LIST_PAGE_SIZE", 2)
    pages = []
    client._http._session.hooks["response"].append(lambda response, **_: pages.append(response.url))
    assert [f.id for f in client.list_firewalls(label_selector={"kind": "paged"})] == made
    assert len(pages) == 3
    assert "limit=2" in pages[0] and "after={}".format(made[3]) in pages[2]


def test_firewall_applies_to_nodes_and_cannot_go_while_it_does(client: Client, make_firewall) -> None:
    node = client.create_node(labels={"pytest-fw": "yes"})
    try:
        firewall = make_firewall(
            "pytest-nodes", rules=[SSH], apply_to=[{"type": "label_selector", "selector": "pytest-fw=yes"}]
        )
        assert firewall.applied_to_nodes == [node.id]
        assert [f.id for f in client.list_firewalls(node_id=node.id)] == [firewall.id]
        with pytest.raises(ConflictError) as caught:
            client.delete_firewall(firewall.id)
        assert caught.value.code == "firewall_in_use"
        assert caught.value.body["node_ids"] == [node.id]
    finally:
        delete_quietly(client, node.id)


def test_invalid_rules_and_unknown_nodes_name_the_field(client: Client) -> None:
    for rules, apply_to, field in [
        ([FirewallRule(protocol="tcp", port="70000", source_ips=["0.0.0.0/0"])], None, "rules.0.port"),
        ([FirewallRule(protocol="udp", port="53", source_ips=[])], None, "rules.0.source_ips"),
        ([FirewallRule(protocol="tcp", port="1", source_ips=["10.0.0.1/8"])], None, "rules.0.source_ips.0"),
        (None, [{"type": "node", "node_id": "node_aaaaaaaaaaaaaaaaaaaa"}], "apply_to.0.node_id"),
    ]:
        with pytest.raises(ValidationError) as caught:
            client.create_firewall("pytest-invalid", rules=rules, apply_to=apply_to)
        assert [error.field for error in caught.value.errors] == [field]
    assert client.list_firewalls(name="pytest-invalid") == []


def test_firewalls_of_another_account_are_404_and_a_read_key_cannot_change(
    make_client, keys, make_firewall
) -> None:
    firewall = make_firewall("pytest-private")
    other = make_client(api_key=keys.other)
    with pytest.raises(NotFoundError):
        other.get_firewall(firewall.id)
    with pytest.raises(NotFoundError):
        other.update_firewall(firewall.id, name="stolen")
    with pytest.raises(NotFoundError):
        other.delete_firewall(firewall.id)
    assert firewall.id not in [f.id for f in other.list_firewalls()]
    reader = make_client(api_key=keys.read)
    assert reader.get_firewall(firewall.id) == firewall
    with pytest.raises(PermissionDeniedError):
        reader.update_firewall(firewall.id, name="by-reader")
    with pytest.raises(PermissionDeniedError):
        reader.delete_firewall(firewall.id)
