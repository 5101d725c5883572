"""Shared parsing of API objects into dataclasses."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Type, TypeVar

T = TypeVar("T")


def from_dict(cls: Type[T], data: Mapping[str, Any], **overrides: Any) -> T:
    """Builds dataclass ``cls`` from a JSON object, ignoring fields this version does not know.

    :param overrides: already-parsed values for nested fields
    """
    names = {field.name for field in dataclasses.fields(cls) if field.init}  # type: ignore[arg-type]
    values = {key: value for key, value in data.items() if key in names}
    values.update(overrides)
    return cls(**values)


class _Unset:
    """The default of an optional argument whose None means "clear" (``name=None``)."""

    def __repr__(self) -> str:
        return "UNSET"


#: "Not given": leaves a field unchanged, where None would clear it.
UNSET: Any = _Unset()
