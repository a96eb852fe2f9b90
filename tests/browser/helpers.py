"""Steps every browser test takes: log in, open the new-game form, check that htmx swapped
the board instead of reloading the page."""

from playwright.sync_api import Page, expect


def log_in(page: Page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".site-header")).to_contain_text(f"Signed in as {username}")


def open_new_game(page: Page, base_url: str, game_name: str) -> None:
    """The new-game page with ``game_name`` picked (htmx swaps in that game's options)."""
    page.goto(f"{base_url}/games/new/")
    # Wait for the swap itself: the form on show may already be this game's (the first one
    # is picked by default), and filling it before the swap lands would be undone.
    shown = page.locator("#new-game").element_handle()
    page.locator(".game-picker").get_by_role("link", name=game_name).click()
    page.wait_for_function("form => !form.isConnected", arg=shown)
    expect(page.locator("#new-game h2")).to_have_text(game_name)


def mark_page(page: Page) -> None:
    """Leave a marker in ``window`` that a full page load would wipe."""
    page.evaluate("window.__marker = 1")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__marker") == 1, "the page reloaded instead of swapping #board"


def answer_on_the_page(page: Page, asking: dict, tapped: list[list[str]]) -> None:
    """Tap on the tablet's question the answer ``tapped`` (the groups' picks, then the
    answer that needs them; or one answer's button)."""
    question = page.locator(f'#local-question[data-ask="{asking["ask"]}"]')
    expect(question).to_be_visible()
    groups = {group["name"] for group in asking["groups"]}
    if tapped[0][0] in groups:
        for name, value in tapped:
            question.locator(f'input[name="{name}"][value="{value}"]').check()
        question.locator("button[data-needs]").click()
    else:
        name, value = tapped[0]
        question.locator(f'button[data-name="{name}"][data-value="{value}"]').click()
