"""The Content-Security-Policy header, as django-csp writes it from CONTENT_SECURITY_POLICY: the
same twelve directives on every kind of response (pages, downloads, the API, errors)."""

import pytest

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _directives(header: str) -> dict[str, str]:
    parts = [part.split(" ", 1) for part in header.split("; ")]
    assert all(len(part) == 2 for part in parts), header
    found = dict(parts)
    assert len(found) == len(parts), header  # no directive twice
    return found


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    ["/", "/accounts/login/", "/leagues/", "/games/999999/", "/api/v1/leagues", "/api/v1/nothing"],
)
def test_every_response_carries_the_same_policy(client, url) -> None:
    response = client.get(url)
    assert _directives(response["Content-Security-Policy"]) == POLICY
    assert "Content-Security-Policy-Report-Only" not in response


def test_the_policy_is_written_by_django_csp(settings) -> None:
    assert "csp.middleware.CSPMiddleware" in settings.MIDDLEWARE
    assert {k: " ".join(v) for k, v in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"].items()} == (
        POLICY
    )
