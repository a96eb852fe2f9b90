import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_sign_up_then_log_out(live_server, page: Page) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_username").fill("dora")
    page.locator("#id_password1").fill("stumps-and-bails-42")
    page.locator("#id_password2").fill("stumps-and-bails-42")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(f"{live_server.url}/")

    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator(".site-header")).to_contain_text("Signed in as dora")

    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator(".site-header")).to_contain_text("Log in")
    expect(page.locator(".site-header")).not_to_contain_text("Signed in as")


def test_on_a_phone_the_header_is_short_and_scrolls_away(live_server, page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_username").fill("phone-dora")
    page.locator("#id_password1").fill("stumps-and-bails-42")
    page.locator("#id_password2").fill("stumps-and-bails-42")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(f"{live_server.url}/")
    header = page.locator(".site-header")
    expect(header).to_contain_text("Signed in as phone-dora")
    assert header.bounding_box()["height"] < 740 * 0.25
    assert header.evaluate("el => getComputedStyle(el).position") == "static"
    page.set_viewport_size({"width": 1024, "height": 768})
    assert header.evaluate("el => getComputedStyle(el).position") == "sticky"
