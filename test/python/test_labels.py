"""Labels: on create, node_update / vpc_update / ssh_key_update, and label_selector on the lists."""

from __future__ import annotations

import uuid
from typing import Callable, Iterator, List

import pytest

from conftest import delete_quietly, delete_vpc_when_empty
from nodeplane import Client, Node, NotFoundError, PermissionDeniedError, SshKey, ValidationError


@pytest.fixture
def labelled(client: Client) -> Iterator[List[Node]]:
    """Three nodes with a run-unique ``run`` label, so other tests' nodes never match."""
    run = uuid.uuid4().hex[:12]
    made = [
        client.create_node(labels={"run": run, "env": "prod", "tier": "web"}),
        client.create_node(labels={"run": run, "env": "prod", "tier": "api", "legacy": "yes"}),
        client.create_node(labels={"run": run, "env": "staging"}),
    ]
    yield made
    for node in made:
        delete_quietly(client, node.id)


def _ids(nodes: List[Node]) -> List[str]:
    return sorted(n.id for n in nodes)


def test_create_node_keeps_labels_and_a_node_without_has_none(client: Client, labelled: List[Node]) -> None:
    assert labelled[0].labels["tier"] == "web"
    assert client.get_node_details(labelled[1].id).labels["legacy"] == "yes"
    plain = client.create_node()
    try:
        assert plain.labels == {}
    finally:
        delete_quietly(client, plain.id)


@pytest.mark.parametrize(
    "selector,expected",
    [
        ("env=prod", [0, 1]),
        ("env==prod", [0, 1]),
        ("env!=prod", [2]),
        ("tier", [0, 1]),
        ("!tier", [2]),
        ("tier in (web,db)", [0]),
        ("tier notin (web)", [1, 2]),
        ("env=prod,!legacy", [0]),
        ("env=prod,tier in (web,api),!legacy", [0]),
    ],
)
def test_list_nodes_with_every_selector_operator(
    client: Client, labelled: List[Node], selector: str, expected: List[int]
) -> None:
    run = labelled[0].labels["run"]
    found = client.list_nodes(label_selector="run={},{}".format(run, selector))
    assert _ids(found) == _ids([labelled[i] for i in expected])


def test_a_mapping_selector_means_every_pair_matches(client: Client, labelled: List[Node]) -> None:
    run = labelled[0].labels["run"]
    found = client.list_nodes(label_selector={"run": run, "env": "prod", "tier": "api"})
    assert _ids(found) == [labelled[1].id]


def test_a_malformed_selector_is_a_validation_error_naming_it(client: Client) -> None:
    for selector in ["env in (prod", "=prod", "env=prod,,", "a b=c"]:
        with pytest.raises(ValidationError) as info:
            client.list_nodes(label_selector=selector)
        assert [e.field for e in info.value.errors] == ["label_selector"], selector


def test_node_update_replaces_the_labels_and_keeps_the_node(client: Client, node: Node) -> None:
    client.node_update(node.id, labels={"env": "prod", "team": "core"})
    updated = client.node_update(node.id, labels={"env": "staging"})
    assert updated.labels == {"env": "staging"}
    assert (updated.id, updated.status, updated.created_at) == (node.id, "running", node.created_at)
    assert client.get_node_details(node.id).labels == {"env": "staging"}
    # Leaving labels out keeps them; a name change alone touches nothing else.
    renamed = client.node_update(node.id, name="renamed-1")
    assert (renamed.name, renamed.labels) == ("renamed-1", {"env": "staging"})
    assert client.node_update(node.id, labels={}).labels == {}


def test_node_update_name_none_removes_the_name(client: Client, node: Node) -> None:
    assert client.node_update(node.id, name=None).name is None
    assert client.get_node_details(node.id).name is None


@pytest.mark.parametrize(
    "labels,field",
    [
        ({"-bad": "x"}, "labels.-bad"),
        ({"env": "has space"}, "labels.env"),
        ({"k" * 64: "x"}, "labels." + "k" * 64),
        ({"env": "v" * 64}, "labels.env"),
        ({"example.com/app": "x", "bad_prefix_/app": "x"}, "labels.bad_prefix_/app"),
    ],
)
def test_bad_labels_are_refused_naming_the_key_and_change_nothing(
    client: Client, node: Node, labels: dict, field: str
) -> None:
    client.node_update(node.id, labels={"keep": "me"})
    with pytest.raises(ValidationError) as info:
        client.node_update(node.id, labels=labels)
    assert field in [e.field for e in info.value.errors]
    assert client.get_node_details(node.id).labels == {"keep": "me"}


def test_more_than_64_labels_are_refused(client: Client) -> None:
    with pytest.raises(ValidationError) as info:
        client.create_node(labels={"k{}".format(i): "v" for i in range(65)})
    assert any(e.field.startswith("labels") for e in info.value.errors)


def test_another_accounts_node_cannot_be_updated_and_a_read_key_cannot(make_client, keys, node: Node) -> None:
    with pytest.raises(NotFoundError):
        make_client(api_key=keys.other).node_update(node.id, labels={"owned": "yes"})
    with pytest.raises(PermissionDeniedError):
        make_client(api_key=keys.read).node_update(node.id, name="read-only")
    assert make_client().get_node_details(node.id).labels.get("owned") is None
    other_nodes = make_client(api_key=keys.other).list_nodes(label_selector="env")
    assert node.id not in [n.id for n in other_nodes]


def test_vpc_labels_update_and_selector(client: Client) -> None:
    run = uuid.uuid4().hex[:12]
    vpc = client.vpc_create("pytest-labels-" + run, labels={"run": run, "env": "prod"})
    try:
        assert vpc.labels == {"run": run, "env": "prod"}
        assert [v.id for v in client.vpc_list(label_selector={"run": run})] == [vpc.id]
        updated = client.vpc_update(vpc.id, labels={"run": run, "env": "dev"}, description="moved")
        assert (updated.labels["env"], updated.description) == ("dev", "moved")
        assert client.vpc_list(label_selector="run={},env=prod".format(run)) == []
        assert client.vpc_update(vpc.id, description=None).description is None
        assert client.vpc_get(vpc.id).labels["env"] == "dev"
        with pytest.raises(ValidationError) as info:
            client.vpc_update(vpc.id, labels={"env": "no way"})
        assert [e.field for e in info.value.errors] == ["labels.env"]
    finally:
        delete_vpc_when_empty(client, vpc.id)


def test_ssh_key_labels_rename_and_selector(client: Client, make_ssh_key: Callable[..., SshKey]) -> None:
    run = uuid.uuid4().hex[:12]
    key = make_ssh_key("pytest-labelled-" + run, labels={"run": run, "owner": "ada"})
    assert key.labels == {"run": run, "owner": "ada"}
    assert [k.id for k in client.ssh_key_list(label_selector="run={},owner in (ada,bob)".format(run))] == [key.id]
    updated = client.ssh_key_update(key.id, name="pytest-renamed-" + run, labels={"run": run})
    assert (updated.name, updated.labels, updated.fingerprint) == ("pytest-renamed-" + run, {"run": run}, key.fingerprint)
    assert client.ssh_key_list(label_selector="run={},owner".format(run)) == []
    with pytest.raises(ValidationError) as info:
        client.ssh_key_list(label_selector="owner notin ada")
    assert [e.field for e in info.value.errors] == ["label_selector"]
