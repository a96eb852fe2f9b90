"""In Debian's chromium the API's documentation page (Swagger UI from django-ninja's own static
copy) draws every operation of the schema under the site's Content-Security-Policy, and runs
one against the live site."""

import pytest
from playwright.sync_api import Page, expect

from tests.leagues.conftest import make_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_page_lists_and_runs_the_operations(live_server, page: Page) -> None:
    make_league("quick-cricket", teams=("Hornets", "Wasps"))
    errors, outside = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith(live_server.url) else None,
    )
    page.goto(f"{live_server.url}/api/v1/docs/")
    operations = page.locator(".opblock-get")
    expect(operations.first).to_be_visible()
    assert operations.count() >= 16
    expect(page.locator(".title")).to_contain_text("Scorekeeper open data")
    # Try one out: the leagues list, answered by the site.
    leagues = page.locator(".opblock-get", has_text="/api/v1/leagues").first
    leagues.locator(".opblock-summary").click()
    leagues.get_by_role("button", name="Try it out").click()
    leagues.get_by_role("button", name="Execute").click()
    live = leagues.locator(".live-responses-table")
    expect(live.locator("tbody td.response-col_status").first).to_contain_text("200")
    expect(live.locator(".microlight").first).to_contain_text("quick-cricket-league")
    assert not outside, outside
    assert not [e for e in errors if "Content Security Policy" in e], errors
