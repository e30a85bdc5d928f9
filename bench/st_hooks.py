"""Schemathesis hooks (SCHEMATHESIS_HOOKS=bench.st_hooks): every 4xx answer of the API
must be an RFC 9457 problem document (application/problem+json with type, title,
status equal to the HTTP status, detail and instance)."""

import json

import schemathesis

REQUIRED = ("type", "title", "status", "detail", "instance")


def _content_type(response) -> str:
    value = response.headers.get("Content-Type") or response.headers.get("content-type") or ""
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    return value


@schemathesis.check
def problem_details_on_4xx(ctx, response, case):
    if not 400 <= response.status_code < 500:
        return None
    content_type = _content_type(response)
    assert content_type.startswith("application/problem+json"), f"4xx with Content-Type {content_type!r}"
    body = json.loads(response.content)
    missing = [key for key in REQUIRED if key not in body]
    assert not missing, f"problem document without {missing}: {body}"
    assert body["status"] == response.status_code, f"status {body['status']} in a {response.status_code} answer"
    for error in body.get("errors", []):
        assert error.get("code") and "path" in error, f"an error without code or path: {error}"
    return None
