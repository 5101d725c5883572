"""One VPC, three labelled nodes in it, an IPv6 address on one: the cdktf-basic stack, with the
Python client. Run ``python main.py`` to build it and ``python main.py --destroy`` to remove
everything it made; ``--ssh-public-key ~/.ssh/id_ed25519.pub`` lets that key log in as root
(password login off). A second run changes what differs in place: nothing is recreated.
Reads NODEPLANE_ENDPOINT and NODEPLANE_API_KEY."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from nodeplane import Client, Node, NodeNotReadyError, SshKey

VPC_NAME = "python-example"
KEY_NAME = "python-example"
NODE_NAMES = ["python-web-1", "python-web-2", "python-web-3"]
#: Every node of the example carries these labels; the example finds its nodes by them.
LABELS = {"app": "python-example", "tier": "web"}
SELECTOR = "app=python-example"


def ssh_key(client: Client, public_key_file: Optional[str]) -> Optional[SshKey]:
    """The example's SSH key, added from the file once; None without a file."""
    if public_key_file is None:
        return None
    with open(public_key_file) as f:
        public_key = f.read().strip()
    existing = next((k for k in client.ssh_key_list(label_selector=SELECTOR) if k.name == KEY_NAME), None)
    return existing or client.ssh_key_create(KEY_NAME, public_key, labels={"app": "python-example"})


def converge(client: Client, node: Node, keys: List[str]) -> Node:
    """Brings an existing node to the wanted labels and keys, in place."""
    if node.labels != LABELS:
        node = client.node_update(node.id, labels=LABELS)
        print("  {}: labels updated in place".format(node.name))
    if node.ssh_keys != keys:
        node = client.node_set_ssh_keys(node.id, keys, password_login=not keys)
        print("  {}: SSH keys updated in place".format(node.name))
    return node


def build(client: Client, public_key_file: Optional[str]) -> None:
    vpc = next((v for v in client.vpc_list(label_selector=SELECTOR) if v.name == VPC_NAME), None)
    if vpc is None:
        vpc = client.vpc_create(VPC_NAME, region="eu-central-1", description="Python client example", labels=LABELS)
    print("VPC {} {} ({})".format(vpc.name, vpc.id, vpc.cidr))

    key = ssh_key(client, public_key_file)
    keys = [key.id] if key else []
    existing = {n.name: n for n in client.list_nodes(label_selector=SELECTOR) if n.vpc_id == vpc.id}
    nodes = []
    for name in NODE_NAMES:
        if name in existing:
            nodes.append(converge(client, existing[name], keys))
        else:
            created = client.create_node(name=name, vpc_id=vpc.id, labels=LABELS, ssh_keys=keys, password_login=not keys)
            nodes.append(created)
    for node in nodes:
        print("  waiting for {} ...".format(node.name), end="", flush=True)
        running = client.wait_until_running(node.id)
        print(" running, public IPv4 {}, private {}".format(running.ip_address, running.private_ip))

    ipv6 = client.attach_ip(nodes[0].id, version=6)
    print("IPv6 {} on {}".format(ipv6.ip, NODE_NAMES[0]))


def destroy(client: Client) -> None:
    mine = [n for n in client.list_nodes(label_selector=SELECTOR) if n.name in NODE_NAMES]
    for node in mine:
        client.delete_node(node.id)
        print("deleted node {}".format(node.name))
    for node in mine:
        wait_gone(client, node.id)
    for vpc in client.vpc_list(label_selector=SELECTOR):
        if vpc.name == VPC_NAME:
            client.vpc_delete(vpc.id)
            print("deleted VPC {}".format(vpc.name))
    # Last: a key that nodes still use cannot be deleted.
    for key in client.ssh_key_list(label_selector=SELECTOR):
        if key.name == KEY_NAME:
            client.ssh_key_delete(key.id)
            print("deleted SSH key {}".format(key.name))


def wait_gone(client: Client, node_id: str) -> None:
    """A deleted node shows ``deleting`` for a moment; the VPC can go once it is gone."""
    try:
        client.wait_until_deleted(node_id, timeout=60)
    except NodeNotReadyError as exc:
        sys.exit("node {} is still being deleted: {}".format(node_id, exc))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--destroy", action="store_true", help="remove what this example made")
    parser.add_argument("--ssh-public-key", metavar="FILE", help="a .pub file whose key may log in as root")
    args = parser.parse_args()
    with Client() as client:
        destroy(client) if args.destroy else build(client, args.ssh_public_key)


if __name__ == "__main__":
    main()
