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


class SshKeysClient:
    """The account's SSH keys, ``/api/v1/ssh-keys``: ``client.ssh_keys``."""

    def __init__(self, http: HttpClient) -> None:
        self._http = http

    def create(self, name: str, public_key: str, labels: Optional[Mapping[str, str]] = None) -> SshKey:
        """Adds a public SSH key to the account.

        :param name: unique name on the account
        :param public_key: one OpenSSH public key line, e.g. the text of ``~/.ssh/id_ed25519.pub``
            (ed25519, ECDSA, or RSA of at least 2048 bits); surrounding white space is trimmed
        :raises ValidationError: the key is refused (DSA, short RSA, a private key, not a key);
            the reason is in ``error.errors``
        :raises ConflictError: the name is taken (``ssh_key_name_taken``), or the same key is on
            the account already (``ssh_key_exists``; its id is in ``error.body["ssh_key_id"]``)
        """
        body: Dict[str, Any] = {"name": name, "public_key": public_key}
        if labels is not None:
            body["labels"] = labels_body(labels)
        return SshKey.from_dict(self._http.request("POST", "/api/v1/ssh-keys", json=body))

    def list(self, label_selector: Optional[LabelSelector] = None) -> List[SshKey]:
        """Returns every SSH key of the account, oldest first.

        :param label_selector: only keys whose labels match (see :meth:`NodesClient.list`)
        """
        items = self._http.request("GET", "/api/v1/ssh-keys", params=selector_params(label_selector))
        return [SshKey.from_dict(item) for item in items]

    def get(self, ssh_key_id: str) -> SshKey:
        """Returns one SSH key.

        :raises NotFoundError: no such SSH key on the account
        """
        return SshKey.from_dict(self._http.request("GET", "/api/v1/ssh-keys/{}".format(segment(ssh_key_id))))

    def update(self, ssh_key_id: str, name: Optional[str] = None, labels: Optional[Mapping[str, str]] = None) -> SshKey:
        """Renames an SSH key or replaces its labels (``PATCH /api/v1/ssh-keys/{id}``).

        :param labels: the whole new set (``{}`` removes them all); left out, they stay
        :raises ConflictError: the name is taken (``ssh_key_name_taken``)
        """
        body: Dict[str, Any] = {}
        if name is not None:
            body["name"] = name
        if labels is not None:
            body["labels"] = labels_body(labels)
        path = "/api/v1/ssh-keys/{}".format(segment(ssh_key_id))
        return SshKey.from_dict(self._http.request("PATCH", path, json=body))

    def delete(self, ssh_key_id: str) -> None:
        """Deletes an SSH key.

        :raises NotFoundError: no such SSH key on the account
        :raises ConflictError: nodes still use it (``ssh_key_in_use``; their ids are in
            ``error.body["node_ids"]``): take it off them with :meth:`NodesClient.set_ssh_keys` first
        """
        self._http.request("DELETE", "/api/v1/ssh-keys/{}".format(segment(ssh_key_id)))
