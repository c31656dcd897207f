"""Fields stored as text: JSON whose key order must survive, integers wider than 64 bits."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models


class JSONTextField(models.TextField):
    """JSON kept verbatim as text, so object key order survives the database.

    PostgreSQL's jsonb re-sorts object keys; a saved engine state is the engine's own
    ``to_json`` output and must come back exactly as written (a title may read its
    objects in order).  Python code sees plain JSON values, as with JSONField.
    """

    description = "JSON stored as text"

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> Any:
        return None if value is None else json.loads(value)

    def to_python(self, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value: Any) -> str | None:
        return None if value is None else json.dumps(value, separators=(",", ":"))

    def value_to_string(self, obj: models.Model) -> str:
        return self.get_prep_value(self.value_from_object(obj)) or ""


class IntegerTextField(models.TextField):
    """An integer of any size, kept as its decimal text.

    A game's seed is any integer (the record contract), and the site draws seeds wider than
    the 64 bits of a ``bigint``; PostgreSQL's ``numeric`` would hold them but SQLite (the
    embedded run) keeps a wide decimal as a float.  Text holds every integer on both.
    """

    description = "an integer of any size, stored as text"

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> int | None:
        return None if value is None else int(value)

    def to_python(self, value: Any) -> int | None:
        if value is None or isinstance(value, int):
            return value
        try:
            return int(value)
        except (TypeError, ValueError) as error:
            raise ValidationError(f"{value!r} is not an integer.", code="invalid") from error

    def get_prep_value(self, value: Any) -> str | None:
        return None if value is None else str(self.to_python(value))

    def value_to_string(self, obj: models.Model) -> str:
        return self.get_prep_value(self.value_from_object(obj)) or ""
