"""A refusal on the wire (`RefusalView`): the pydantic model the table publishes in the
judge's snapshot and the screens read back into a `Phrase` of engine.refusals.

Its own module so that the engine's startup path (replaying a log) never imports pydantic:
only the table, the bus and the screens need the wire form.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.refusals import Lang, Param, Phrase, Refusal


class RefusalView(BaseModel):
    """A refusal on the wire: the screen renders it in its own language; a key it does not
    know (a newer table) falls back to the English `last_error`."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str
    params: dict[str, int | str | RefusalView | list[RefusalView]] = {}

    def text(self, lang: Lang) -> str | None:
        """The text in `lang`, or None when a key is not in this catalogue."""
        try:
            return self.phrase().text(lang)
        except (ValueError, KeyError, IndexError):
            return None

    def phrase(self) -> Phrase:
        return Phrase(Refusal(self.key), {k: _param_read(v) for k, v in self.params.items()})


def _param_read(value: int | str | RefusalView | list[RefusalView]) -> Param:
    if isinstance(value, RefusalView):
        return value.phrase()
    if isinstance(value, list):
        return tuple(v.phrase() for v in value)
    return value
