"""Firewalls: ``/api/v1/firewalls``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from ._http import HttpClient, segment
from ._labels import LabelSelector, labels_body, selector_text
from ._model import from_dict

#: Firewalls asked for in one ``GET /api/v1/firewalls``; ``list_all`` follows the pages.
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


def create(
    http: HttpClient,
    name: str,
    rules: Optional[Sequence[RuleLike]] = None,
    apply_to: Optional[Sequence[Mapping[str, str]]] = None,
    labels: Optional[Mapping[str, str]] = None,
) -> Firewall:
    """``POST /api/v1/firewalls``; see :meth:`nodeplane.Client.create_firewall`."""
    body = _body(name, rules, apply_to, labels)
    return Firewall.from_dict(http.request("POST", "/api/v1/firewalls", json=body))


def list_all(
    http: HttpClient,
    label_selector: Optional[LabelSelector] = None,
    name: Optional[str] = None,
    node_id: Optional[str] = None,
) -> List[Firewall]:
    """``GET /api/v1/firewalls``; see :meth:`nodeplane.Client.list_firewalls`."""
    params: Dict[str, str] = {}
    if label_selector is not None:
        params["label_selector"] = selector_text(label_selector)
    if name is not None:
        params["name"] = name
    if node_id is not None:
        params["node_id"] = node_id
    # In pages of a bounded size, however many firewalls the account has.
    params["limit"] = str(LIST_PAGE_SIZE)
    items = http.get_all_pages("/api/v1/firewalls", params=params)
    return [Firewall.from_dict(item) for item in items]


def get(http: HttpClient, firewall_id: str) -> Firewall:
    """``GET /api/v1/firewalls/{id}``; see :meth:`nodeplane.Client.get_firewall`."""
    return Firewall.from_dict(http.request("GET", "/api/v1/firewalls/{}".format(segment(firewall_id))))


def update(
    http: HttpClient,
    firewall_id: str,
    name: Optional[str] = None,
    rules: Optional[Sequence[RuleLike]] = None,
    apply_to: Optional[Sequence[Mapping[str, str]]] = None,
    labels: Optional[Mapping[str, str]] = None,
) -> Firewall:
    """``PATCH /api/v1/firewalls/{id}``; see :meth:`nodeplane.Client.update_firewall`."""
    body = _body(name, rules, apply_to, labels)
    path = "/api/v1/firewalls/{}".format(segment(firewall_id))
    return Firewall.from_dict(http.request("PATCH", path, json=body))


def delete(http: HttpClient, firewall_id: str) -> None:
    """``DELETE /api/v1/firewalls/{id}``; see :meth:`nodeplane.Client.delete_firewall`."""
    http.request("DELETE", "/api/v1/firewalls/{}".format(segment(firewall_id)))
