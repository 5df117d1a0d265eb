"""The protocol's types in the docs' notation (`{name: string, face?: int}`), read with msgspec.inspect."""

from __future__ import annotations

import json
from typing import Any

import msgspec.inspect as mi

DOC_NAMES = {"RoomPart": "Room"}


def type_text(info: mi.Type) -> str:
    """One type: `string`, `int`, `bool`, `[faces 1..6]`, `"a"|"b"`, `View | null`..."""
    if isinstance(info, mi.Metadata):
        described = (info.extra_json_schema or {}).get("description")
        return str(described) if described else type_text(info.type)
    if isinstance(info, mi.UnionType):
        return " | ".join(type_text(t) for t in info.types)
    if isinstance(info, mi.LiteralType):
        return "|".join(json.dumps(v) for v in sorted(info.values, key=str))
    if isinstance(info, mi.ListType):
        return f"[{type_text(info.item_type)}]"
    if isinstance(info, mi.DictType):
        return f"{{{type_text(info.key_type)}: {type_text(info.value_type)}}}"
    if isinstance(info, mi.StructType):
        return DOC_NAMES.get(info.cls.__name__, info.cls.__name__)
    simple: dict[type[Any], str] = {mi.StrType: "string", mi.IntType: "int", mi.BoolType: "bool",
                                    mi.FloatType: "number", mi.NoneType: "null", mi.AnyType: "any"}
    return simple.get(type(info), type(info).__name__)


def field_text(field: mi.Field) -> str:
    """`name: type`, or `name?: type` for a field that may be left out (its `null` then goes unsaid)."""
    info = field.type
    if not field.required and isinstance(info, mi.UnionType):
        kept = tuple(t for t in info.types if not isinstance(t, mi.NoneType))
        info = kept[0] if len(kept) == 1 else mi.UnionType(kept)
    return f"{field.encode_name}{'' if field.required else '?'}: {type_text(info)}"


def struct_text(cls: type[Any], names_only: bool = False) -> str:
    """A struct as `{tag: "x", field: type, ...}` (`{a, b}` with `names_only`)."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    parts = [f'{info.tag_field}: {json.dumps(info.tag)}'] if info.tag_field and not names_only else []
    parts += [f.encode_name if names_only else field_text(f) for f in info.fields]
    return "{" + ", ".join(parts) + "}"
