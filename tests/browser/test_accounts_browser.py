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


SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]


def _top(page: Page, selector: str) -> float:
    return page.locator(selector).bounding_box()["y"]


@pytest.mark.parametrize("width,height", SIZES)
def test_each_password_error_sits_with_the_field_it_is_about(
    live_server, page: Page, width: int, height: int
) -> None:
    """What the password validators say sits in the password's own group (below its label,
    read out with it); a mismatch sits in the confirmation's group."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_username").fill("weak-dora")
    page.locator("#id_password1").fill("12345678")
    page.locator("#id_password2").fill("12345678")
    page.get_by_role("button", name="Create account").click()
    weak = page.locator("#id_password1_error")
    expect(weak).to_contain_text("This password is entirely numeric.")
    expect(page.locator("#id_password2_error")).to_have_count(0)
    assert _top(page, "label[for=id_password1]") < _top(page, "#id_password1_error")
    assert _top(page, "#id_password1_error") < _top(page, "label[for=id_password2]")
    described = page.locator("#id_password1").get_attribute("aria-describedby") or ""
    assert "id_password1_error" in described.split()

    page.locator("#id_password1").fill("stumps-and-bails-42")
    page.locator("#id_password2").fill("stumps-and-bails-43")
    page.get_by_role("button", name="Create account").click()
    mismatch = page.locator("#id_password2_error")
    expect(mismatch).to_contain_text("didn’t match")
    expect(page.locator("#id_password1_error")).to_have_count(0)
    assert _top(page, "label[for=id_password2]") < _top(page, "#id_password2_error")
    assert _top(page, "#id_password2_error") < _top(page, "button[type=submit]")
