"""Every error under /api/ answers JSON, ``{"error": sentence, "code": word}``, as the API's own do.

The API's views answer their errors themselves (games/api.py); what reaches a client from outside
them was an HTML page or bare text: an unknown endpoint (the resolver's 404), a method the
endpoint does not take (405), a request Django refuses before the API sees it (400), or a fault
(500).  This middleware rewrites those, keeping the status and headers such as ``Allow``.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

API_PREFIX = "/api/"
SENTENCES = {
    400: ("The request could not be read.", "bad_request"),
    401: ("Send an API token as 'Authorization: Bearer <token>'.", "unauthenticated"),
    403: ("You may not do this.", "forbidden"),
    404: ("There is no such API endpoint; see /api/docs.", "not_found"),
    405: ("This endpoint does not take that method.", "method_not_allowed"),
    413: ("The request is too large.", "too_large"),
    500: ("Something went wrong on our side; nothing was changed by it. Try again later.", "server_error"),
}
FALLBACK = ("The request failed.", "error")


def is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


def json_error(response: HttpResponse, method: str) -> HttpResponse:
    """The same status and headers, with a JSON sentence for a body."""
    sentence, code = SENTENCES.get(response.status_code, SENTENCES[500] if response.status_code >= 500 else FALLBACK)
    if response.status_code == 405 and response.has_header("Allow"):
        sentence = f"This endpoint does not take {method}; it takes {response['Allow']}."
    replacement = HttpResponse(json.dumps({"error": sentence, "code": code}), status=response.status_code,
                               content_type="application/json")
    replacement.cookies = response.cookies
    for header, value in response.items():
        if header.lower() not in {"content-type", "content-length"}:
            replacement[header] = value
    return replacement


class JsonApiErrorsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code >= 400 and request.path_info.startswith(API_PREFIX) and not is_json(response):
            return json_error(response, request.method or "")
        return response
