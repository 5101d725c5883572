"""Labels and label selectors, shared by nodes, VPCs and SSH keys."""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Union

#: A selector as the API takes it (``"env=prod,tier in (web,api),!legacy"``), or a mapping of
#: label to value that must all match (``{"env": "prod"}`` is ``"env=prod"``).
LabelSelector = Union[str, Mapping[str, str]]


def selector_text(selector: LabelSelector) -> str:
    """The ``label_selector`` query value of ``selector``."""
    if isinstance(selector, str):
        return selector
    return ",".join("{}={}".format(key, value) for key, value in selector.items())


def selector_params(selector: Optional[LabelSelector]) -> Optional[Dict[str, str]]:
    """Query parameters for a list call: None without a selector, so the request is unchanged."""
    if selector is None:
        return None
    return {"label_selector": selector_text(selector)}


def labels_body(labels: Mapping[str, str]) -> Dict[str, str]:
    """Labels as the JSON object the API takes; values are not converted, so the API's 400
    names a value that is not a string (``labels.<key>``) instead of the client guessing."""
    return dict(labels)
