"""One VPC, three nodes in it, an IPv6 address on one: the cdktf-basic stack, with the
Python client. Run ``python main.py`` to build it and ``python main.py --destroy`` to remove
everything it made. Reads NODEPLANE_ENDPOINT and NODEPLANE_API_KEY."""

from __future__ import annotations

import argparse
import sys

from nodeplane import Client, NotFoundError

VPC_NAME = "python-example"
NODE_NAMES = ["python-web-1", "python-web-2", "python-web-3"]


def build(client: Client) -> None:
    vpc = next((v for v in client.vpc_list() if v.name == VPC_NAME), None)
    if vpc is None:
        vpc = client.vpc_create(VPC_NAME, region="eu-central-1", description="Python client example")
    print("VPC {} {} ({})".format(vpc.name, vpc.id, vpc.cidr))

    existing = {n.name: n for n in client.list_nodes() if n.vpc_id == vpc.id}
    nodes = [existing.get(name) or client.create_node(name=name, vpc_id=vpc.id) for name in NODE_NAMES]
    for node in nodes:
        print("  waiting for {} ...".format(node.name), end="", flush=True)
        running = client.wait_until_running(node.id)
        print(" running, public IPv4 {}, private {}".format(running.ip_address, running.private_ip))

    ipv6 = client.attach_ip(nodes[0].id, version=6)
    print("IPv6 {} on {}".format(ipv6.ip, NODE_NAMES[0]))


def destroy(client: Client) -> None:
    for node in client.list_nodes():
        if node.name in NODE_NAMES:
            client.delete_node(node.id)
            print("deleted node {}".format(node.name))
    for node in client.list_nodes():
        if node.name in NODE_NAMES:
            wait_gone(client, node.id)
    for vpc in client.vpc_list():
        if vpc.name == VPC_NAME:
            client.vpc_delete(vpc.id)
            print("deleted VPC {}".format(vpc.name))


def wait_gone(client: Client, node_id: str) -> None:
    """A deleted node shows ``deleting`` for a moment; the VPC can go once it is gone."""
    import time

    for _ in range(120):
        try:
            client.get_node_details(node_id)
        except NotFoundError:
            return
        time.sleep(0.5)
    sys.exit("node {} is still being deleted".format(node_id))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--destroy", action="store_true", help="remove what this example made")
    args = parser.parse_args()
    with Client() as client:
        destroy(client) if args.destroy else build(client)


if __name__ == "__main__":
    main()
