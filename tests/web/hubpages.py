"""A hub page a browser test publishes by hand, checked first against the JSON Schema that
`mafiakit schema` prints for it (bus/hubpages.py): a fixture that says what no hub can say
(a field dropped or renamed since) fails here, not silently in the page."""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from bus.hubpages import page_model


def hub_page(name: str, data: dict[str, Any]) -> bytes:
    """The bytes of hub page `name` (`judge/state`, `public/rounds/1`) holding `data`, once
    it fits that page's schema as a third party reads it."""
    page = {"schema_version": 1, **data}
    Draft202012Validator(page_model(name).model_json_schema()).validate(page)
    return json.dumps(page).encode()
