"""Fixtures shared by every test folder, including Playwright browser fixtures."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

# Playwright's sync API runs an event loop in the test thread; Django's ORM would
# otherwise refuse to run there.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """A headless Debian chromium shared by the whole session."""
    if not CHROMIUM.exists():
        pytest.skip(
            "Chromium not installed at /usr/bin/chromium: "
            "install Debian's chromium to run browser tests"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context and page for one test."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Each test starts with an empty cache: rate limits and log-in counters kept there by one
    test (all from 127.0.0.1) must not refuse another's sign-ups or log-ins."""
    from django.core.cache import cache

    cache.clear()
    yield
