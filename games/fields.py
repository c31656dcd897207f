"""A JSON field stored as its text."""

from __future__ import annotations

import json
from typing import Any

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
