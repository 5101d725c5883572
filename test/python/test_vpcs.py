"""VPCs: vpc_create, vpc_list, vpc_get, vpc_delete."""

from __future__ import annotations

import ipaddress
import uuid

import pytest

from conftest import delete_vpc_when_empty
from nodeplane import Client, ConflictError, NotFoundError, ValidationError, Vpc


def test_vpc_create_returns_the_record(client: Client) -> None:
    vpc = client.vpc_create("pytest-create", region="eu-central-1", description="api tier")
    try:
        assert isinstance(vpc, Vpc)
        assert uuid.UUID(vpc.id)
        assert (vpc.name, vpc.region, vpc.description) == ("pytest-create", "eu-central-1", "api tier")
        assert ipaddress.ip_network(vpc.cidr).is_private
        assert vpc.node_ids == []
    finally:
        client.vpc_delete(vpc.id)


def test_vpc_create_with_name_only_uses_the_default_region(client: Client) -> None:
    vpc = client.vpc_create("pytest-name-only")
    try:
        assert vpc.region == "us-east-1"
        assert vpc.description is None
    finally:
        client.vpc_delete(vpc.id)


def test_vpc_list_and_vpc_get(client: Client) -> None:
    vpc = client.vpc_create("pytest-list")
    try:
        assert vpc.id in [v.id for v in client.vpc_list()]
        assert client.vpc_get(vpc.id) == vpc
    finally:
        client.vpc_delete(vpc.id)


def test_vpc_delete_then_get_is_404(client: Client) -> None:
    vpc = client.vpc_create("pytest-delete")
    assert client.vpc_delete(vpc.id) is None
    with pytest.raises(NotFoundError) as info:
        client.vpc_get(vpc.id)
    assert info.value.code == "vpc_not_found"
    with pytest.raises(NotFoundError):
        client.vpc_delete(vpc.id)


def test_vpc_create_with_a_taken_name_is_409(client: Client) -> None:
    vpc = client.vpc_create("pytest-taken")
    try:
        with pytest.raises(ConflictError) as info:
            client.vpc_create("pytest-taken")
        assert info.value.code == "vpc_name_taken"
    finally:
        client.vpc_delete(vpc.id)


def test_vpc_delete_with_nodes_is_409_listing_them(client: Client) -> None:
    vpc = client.vpc_create("pytest-busy")
    node = client.create_node(vpc_id=vpc.id)
    try:
        assert client.vpc_get(vpc.id).node_ids == [node.id]
        with pytest.raises(ConflictError) as info:
            client.vpc_delete(vpc.id)
        assert info.value.code == "vpc_has_nodes"
        assert info.value.body["node_ids"] == [node.id]
    finally:
        client.delete_node(node.id)
    delete_vpc_when_empty(client, vpc.id)


def test_vpc_create_with_an_empty_name_is_400(client: Client) -> None:
    with pytest.raises(ValidationError) as info:
        client.vpc_create("")
    assert [e.field for e in info.value.errors] == ["name"]


def test_vpcs_of_another_account_are_404(client: Client, make_client, keys) -> None:
    vpc = client.vpc_create("pytest-private")
    try:
        other = make_client(api_key=keys.other)
        with pytest.raises(NotFoundError):
            other.vpc_get(vpc.id)
        assert vpc.id not in [v.id for v in other.vpc_list()]
    finally:
        client.vpc_delete(vpc.id)
