"""Which of an 1861 prompt's actions the page's own cards take, so the prompt card leaves them out.

The picker (``lay_picker``) lists every legal tile lay or token place; the route card
(``route_page``) has its own button running the suggested routes and its editor.  The generic
prompt card would otherwise repeat them: a dozen lay buttons, a hex/tile/rotation form whose
combinations are mostly illegal, a second "run the routes" button.  Mails keep them all.
"""

from __future__ import annotations

from typing import Any

from engine.core import Prompt
from games.titles.t1861.route_page import is_route_prompt


def prompt_covers(prompt: Prompt, picker: dict[str, Any] | None) -> frozenset[str]:
    """The action types shown by the picker or the route card for ``prompt`` (``TitleUI.prompt_covers``)."""
    covered = {str(picker["type"])} if picker else set()
    if is_route_prompt(prompt) and any(answer.action.get("type") == "run_routes" for answer in prompt.quick):
        covered.add("run_routes")  # the route card's accept button is that answer; its editor, the form
    return frozenset(covered)


def prompt_pointer(prompt: Prompt, covered: frozenset[str]) -> dict[str, str] | None:
    """The link the prompt card shows when the route card took its answer (``TitleUI.prompt_pointer``):
    that card sits below the map, a phone's screen or two under a question with no button of its own."""
    if "run_routes" not in covered:
        return None
    return {"anchor": "routes", "words": "Run the suggested routes, or edit them, in the Routes card below the map."}
