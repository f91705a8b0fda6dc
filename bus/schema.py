"""JSON Schema of every bus payload, for third parties (stream overlays, other hubs)."""

from __future__ import annotations

import copy

from pydantic import BaseModel, JsonValue

from bus.payloads import MODELS, Snapshot
from bus.topics import VIEW_CLASSES
from engine.viewmodels import AudienceView, JudgeView, PublicView

VIEW_MODELS: dict[str, type[BaseModel]] = {
    "public": PublicView, "audience": AudienceView, "judge": JudgeView,
}


def snapshot_schema(view_class: str) -> dict[str, JsonValue]:
    """The snapshot schema narrowed to one information class (`view_class` is a constant):
    its `view` is exactly that class's model, so a public schema shows no judge field."""
    schema = copy.deepcopy(Snapshot.model_json_schema())
    schema["title"] = f"{view_class.capitalize()}Snapshot"
    schema["properties"]["view_class"] = {"const": view_class, "type": "string"}
    view = VIEW_MODELS[view_class].model_json_schema()
    defs = view.pop("$defs", {})
    view["description"] = (
        f"the engine's {view_class} view (docs/views.md); its 'view' key is {view_class!r}"
    )
    schema["$defs"] = defs  # only what this class's view uses: no judge-only definitions
    for name, definition in Snapshot.model_json_schema().get("$defs", {}).items():
        if name not in VIEW_MODELS_DEFS:
            schema["$defs"].setdefault(name, definition)
    schema["properties"]["view"] = view
    return schema


# Definitions that belong to the views; a class's schema takes them from its own view only.
VIEW_MODELS_DEFS = frozenset(
    name for model in VIEW_MODELS.values()
    for name in [model.__name__, *model.model_json_schema().get("$defs", {})]
)


def all_schemas() -> dict[str, JsonValue]:
    """Payload name -> JSON Schema, for every payload of the bus."""
    return {
        name: snapshot_schema(name) if name in VIEW_CLASSES else model.model_json_schema()
        for name, model in MODELS.items()
    }
