"""In Debian's chromium the home page names a manifest that loads, and every icon the manifest
declares loads as an image of its declared size."""

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

FETCH_MANIFEST_AND_ICONS = """async () => {
  const link = document.querySelector('link[rel=manifest]');
  const response = await fetch(link.href);
  const manifest = await response.json();
  const base = new URL(link.href, location.href);
  const icons = [];
  for (const icon of manifest.icons) {
    const url = new URL(icon.src, base).href;
    const got = await fetch(url);
    const image = new Image();
    image.src = url;
    await image.decode();
    icons.push({src: icon.src, sizes: icon.sizes, status: got.status,
                type: got.headers.get('content-type'),
                size: image.naturalWidth + 'x' + image.naturalHeight});
  }
  return {href: link.href, status: response.status,
          type: response.headers.get('content-type'), manifest, icons};
}"""


def test_the_home_page_manifest_and_its_icons_load(live_server, page: Page) -> None:
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/")
    found = page.evaluate(FETCH_MANIFEST_AND_ICONS)
    assert found["href"] == f"{live_server.url}/manifest.webmanifest"
    assert found["status"] == 200
    assert found["type"] == "application/manifest+json"
    assert found["manifest"]["start_url"] == "/"
    assert len(found["icons"]) == 4
    for icon in found["icons"]:
        assert icon["status"] == 200, icon
        assert icon["type"].startswith(("image/png", "image/svg+xml")), icon
        if icon["sizes"] != "any":
            assert icon["size"] == icon["sizes"], icon
    # The favicon is the SVG icon, and it loads (no CSP refusal, no 404, in the console).
    favicon = page.evaluate(
        "fetch(document.querySelector('link[rel=icon]').href).then(r => r.status)"
    )
    assert favicon == 200
    assert not [e for e in errors if "manifest" in e.lower() or "icon" in e.lower()], errors


def test_chromium_finds_the_site_installable(live_server, page: Page) -> None:
    """Chromium reads the manifest without errors (DevTools' Page.getAppManifest), and its own
    install check (Page.getInstallabilityErrors) finds nothing missing but a normal window:
    Playwright's contexts are incognito, where nothing installs."""
    page.goto(f"{live_server.url}/")
    session = page.context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["url"] == f"{live_server.url}/manifest.webmanifest"
    assert not manifest.get("errors"), manifest["errors"]
    found = session.send("Page.getInstallabilityErrors")
    errors = [e["errorId"] for e in found["installabilityErrors"]]
    assert set(errors) <= {"in-incognito"}, found
