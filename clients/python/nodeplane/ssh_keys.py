"""SSH keys: ``/api/v1/ssh-keys``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from ._http import HttpClient, segment
from ._model import from_dict


@dataclass
class SshKey:
    """A public SSH key of the account, with its fingerprint as ``ssh-keygen -lf`` prints it."""

    id: str
    name: Optional[str] = None
    public_key: Optional[str] = None
    fingerprint: Optional[str] = None
    created_at: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "SshKey":
        return from_dict(cls, data)


def create(http: HttpClient, name: str, public_key: str) -> SshKey:
    """``POST /api/v1/ssh-keys``; see :meth:`nodeplane.Client.ssh_key_create`."""
    body = {"name": name, "public_key": public_key}
    return SshKey.from_dict(http.request("POST", "/api/v1/ssh-keys", json=body))


def list_all(http: HttpClient) -> List[SshKey]:
    """``GET /api/v1/ssh-keys``; see :meth:`nodeplane.Client.ssh_key_list`."""
    return [SshKey.from_dict(item) for item in http.request("GET", "/api/v1/ssh-keys")]


def get(http: HttpClient, ssh_key_id: str) -> SshKey:
    """``GET /api/v1/ssh-keys/{id}``; see :meth:`nodeplane.Client.ssh_key_get`."""
    return SshKey.from_dict(http.request("GET", "/api/v1/ssh-keys/{}".format(segment(ssh_key_id))))


def delete(http: HttpClient, ssh_key_id: str) -> None:
    """``DELETE /api/v1/ssh-keys/{id}``; see :meth:`nodeplane.Client.ssh_key_delete`."""
    http.request("DELETE", "/api/v1/ssh-keys/{}".format(segment(ssh_key_id)))
