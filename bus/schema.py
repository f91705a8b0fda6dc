"""JSON Schema of every bus payload, for third parties (stream overlays, other hubs)."""

from __future__ import annotations

import copy
from typing import Any

from bus.payloads import MODELS, Snapshot
from bus.topics import VIEW_CLASSES
from bus.views import View


def snapshot_schema(view_class: str) -> dict[str, Any]:
    """The snapshot schema narrowed to one information class (`view_class` is a constant)."""
    schema = copy.deepcopy(Snapshot.model_json_schema())
    schema["title"] = f"{view_class.capitalize()}Snapshot"
    schema["properties"]["view_class"] = {"const": view_class, "type": "string"}
    view = View.model_json_schema()
    schema.setdefault("$defs", {}).update(view.pop("$defs", {}))
    view["description"] = (
        f"the engine's {view_class} view (docs/views.md); its 'view' key is {view_class!r}"
    )
    schema["properties"]["view"] = view
    return schema


def all_schemas() -> dict[str, Any]:
    """Payload name -> JSON Schema, for every payload of the bus."""
    return {
        name: snapshot_schema(name) if name in VIEW_CLASSES else model.model_json_schema()
        for name, model in MODELS.items()
    }
