"""SSH keys: ``/api/v1/ssh-keys``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional

from ._http import HttpClient, segment
from ._labels import LabelSelector, labels_body, selector_params
from ._model import from_dict


@dataclass
class SshKey:
    """A public SSH key of the account, with its fingerprint as ``ssh-keygen -lf`` prints it."""

    id: str
    name: Optional[str] = None
    public_key: Optional[str] = None
    fingerprint: Optional[str] = None
    created_at: Optional[str] = None
    labels: Dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "SshKey":
        return from_dict(cls, data)


def create(http: HttpClient, name: str, public_key: str, labels: Optional[Mapping[str, str]] = None) -> SshKey:
    """``POST /api/v1/ssh-keys``; see :meth:`nodeplane.Client.ssh_key_create`."""
    body: Dict[str, Any] = {"name": name, "public_key": public_key}
    if labels is not None:
        body["labels"] = labels_body(labels)
    return SshKey.from_dict(http.request("POST", "/api/v1/ssh-keys", json=body))


def list_all(http: HttpClient, label_selector: Optional[LabelSelector] = None) -> List[SshKey]:
    """``GET /api/v1/ssh-keys``; see :meth:`nodeplane.Client.ssh_key_list`."""
    items = http.request("GET", "/api/v1/ssh-keys", params=selector_params(label_selector))
    return [SshKey.from_dict(item) for item in items]


def update(
    http: HttpClient, ssh_key_id: str, name: Optional[str] = None, labels: Optional[Mapping[str, str]] = None
) -> SshKey:
    """``PATCH /api/v1/ssh-keys/{id}``; see :meth:`nodeplane.Client.ssh_key_update`."""
    body: Dict[str, Any] = {}
    if name is not None:
        body["name"] = name
    if labels is not None:
        body["labels"] = labels_body(labels)
    path = "/api/v1/ssh-keys/{}".format(segment(ssh_key_id))
    return SshKey.from_dict(http.request("PATCH", path, json=body))


def get(http: HttpClient, ssh_key_id: str) -> SshKey:
    """``GET /api/v1/ssh-keys/{id}``; see :meth:`nodeplane.Client.ssh_key_get`."""
    return SshKey.from_dict(http.request("GET", "/api/v1/ssh-keys/{}".format(segment(ssh_key_id))))


def delete(http: HttpClient, ssh_key_id: str) -> None:
    """``DELETE /api/v1/ssh-keys/{id}``; see :meth:`nodeplane.Client.ssh_key_delete`."""
    http.request("DELETE", "/api/v1/ssh-keys/{}".format(segment(ssh_key_id)))
