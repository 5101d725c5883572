"""Firewalls: ``/api/v1/firewalls``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._http import HttpClient, segment
from ._labels import LabelSelector, labels_body, selector_text
from ._model import from_dict

#: Firewalls asked for in one ``GET /api/v1/firewalls``; ``FirewallsClient.list`` follows the pages.
LIST_PAGE_SIZE = 100


@dataclass
class FirewallRule:
    """One rule: traffic from ``source_ips`` to ``port`` over ``protocol`` gets in.

    ``port`` is ``"80"`` or ``"8000-8100"`` for ``tcp`` and ``udp``, None for ``icmp`` (which
    covers ICMPv6 for IPv6 sources). The server stores ``source_ips`` in canonical network form.
    """

    protocol: str
    source_ips: List[str]
    port: Optional[str] = None
    direction: str = "in"
    description: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "FirewallRule":
        return from_dict(cls, data)

    def to_dict(self) -> Dict[str, Any]:
        """The rule as the API takes it (``description`` left out when None)."""
        body: Dict[str, Any] = {
            "direction": self.direction,
            "protocol": self.protocol,
            "port": self.port,
            "source_ips": list(self.source_ips),
        }
        if self.description is not None:
            body["description"] = self.description
        return body


#: A rule as :class:`FirewallRule` or the JSON object the API takes.
RuleLike = Union[FirewallRule, Mapping[str, Any]]


@dataclass
class Firewall:
    """A firewall of the account: its rules, and the nodes it applies to.

    ``apply_to`` holds ``{"type": "node", "node_id": ...}`` and
    ``{"type": "label_selector", "selector": ...}`` entries; ``applied_to_nodes`` the ids of
    the nodes it applies to now.
    """

    id: str
    name: Optional[str] = None
    labels: Dict[str, str] = field(default_factory=dict)
    rules: List[FirewallRule] = field(default_factory=list)
    apply_to: List[Dict[str, str]] = field(default_factory=list)
    applied_to_nodes: List[str] = field(default_factory=list)
    created_at: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Firewall":
        rules = [FirewallRule.from_dict(rule) for rule in data.get("rules", [])]
        return from_dict(cls, data, rules=rules)


def _rules_body(rules: Sequence[RuleLike]) -> List[Dict[str, Any]]:
    return [rule.to_dict() if isinstance(rule, FirewallRule) else dict(rule) for rule in rules]


def _body(
    name: Optional[str],
    rules: Optional[Sequence[RuleLike]],
    apply_to: Optional[Sequence[Mapping[str, str]]],
    labels: Optional[Mapping[str, str]],
) -> Dict[str, Any]:
    body: Dict[str, Any] = {}
    if name is not None:
        body["name"] = name
    if rules is not None:
        body["rules"] = _rules_body(rules)
    if apply_to is not None:
        body["apply_to"] = [dict(entry) for entry in apply_to]
    if labels is not None:
        body["labels"] = labels_body(labels)
    return body


class FirewallsClient:
    """The account's firewalls, ``/api/v1/firewalls``: ``client.firewalls``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def create(
        self,
        name: str,
        rules: Optional[Sequence[RuleLike]] = None,
        apply_to: Optional[Sequence[Mapping[str, str]]] = None,
        labels: Optional[Mapping[str, str]] = None,
    ) -> Firewall:
        """Creates a firewall. Once a firewall applies to a node, only what some rule allows gets in.

        :param name: unique name on the account
        :param rules: at most 50 :class:`FirewallRule` (or dicts as the API takes them)
        :param apply_to: ``{"type": "node", "node_id": ...}`` and
            ``{"type": "label_selector", "selector": "env=prod"}`` entries
        :param labels: the firewall's own labels, e.g. ``{"team": "web"}``
        :raises ValidationError: an invalid field, named as ``rules.0.port`` or
            ``apply_to.0.node_id`` (a node not on the account: ``node_not_found``)
        :raises ConflictError: the name is taken (``firewall_name_taken``), or a node would have
            more than 5 firewalls (``firewall_limit_reached``; ids in ``error.body["node_ids"]``)
        """
        body = _body(name, rules, apply_to, labels)
        return Firewall.from_dict(self._http.request("POST", "/api/v1/firewalls", json=body))

    def list(
        self,
        label_selector: Optional[LabelSelector] = None,
        name: Optional[str] = None,
        node_id: Optional[str] = None,
    ) -> List[Firewall]:
        """Returns the account's firewalls, oldest first.

        :param label_selector: only firewalls whose own labels match (see :meth:`NodesClient.list`)
        :param name: only the firewall of this name
        :param node_id: only the firewalls that apply to this node
        """
        params: Dict[str, str] = {}
        if label_selector is not None:
            params["label_selector"] = selector_text(label_selector)
        if name is not None:
            params["name"] = name
        if node_id is not None:
            params["node_id"] = node_id
        # In pages of a bounded size, however many firewalls the account has.
        params["limit"] = str(LIST_PAGE_SIZE)
        items = self._http.get_all_pages("/api/v1/firewalls", params=params)
        return [Firewall.from_dict(item) for item in items]

    def get(self, firewall_id: str) -> Firewall:
        """Returns one firewall.

        :raises NotFoundError: no such firewall on the account
        """
        return Firewall.from_dict(self._http.request("GET", "/api/v1/firewalls/{}".format(segment(firewall_id))))

    def update(
        self,
        firewall_id: str,
        name: Optional[str] = None,
        rules: Optional[Sequence[RuleLike]] = None,
        apply_to: Optional[Sequence[Mapping[str, str]]] = None,
        labels: Optional[Mapping[str, str]] = None,
    ) -> Firewall:
        """Changes a firewall (``PATCH /api/v1/firewalls/{id}``): each argument given replaces
        the old value whole (``[]`` or ``{}`` empties it); left out, it stays.

        :raises ValidationError: as :meth:`create`
        :raises ConflictError: as :meth:`create`
        """
        body = _body(name, rules, apply_to, labels)
        path = "/api/v1/firewalls/{}".format(segment(firewall_id))
        return Firewall.from_dict(self._http.request("PATCH", path, json=body))

    def delete(self, firewall_id: str) -> None:
        """Deletes a firewall.

        :raises NotFoundError: no such firewall on the account
        :raises ConflictError: it applies to nodes (``firewall_in_use``; their ids are in
            ``error.body["node_ids"]``): empty its ``apply_to`` first
        """
        self._http.request("DELETE", "/api/v1/firewalls/{}".format(segment(firewall_id)))
