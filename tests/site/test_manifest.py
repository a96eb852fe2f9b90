"""The site installs on a tablet's home screen: a web app manifest at
``/manifest.webmanifest`` with the members an install needs, real icons of the sizes it
declares, linked from every page (base.html), under a Content-Security-Policy that allows it."""

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from games.scoring import services

pytestmark = pytest.mark.django_db

SITE_CSS = Path(finders.find("games/site.css")).read_text()


def _manifest(client) -> dict:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    return json.loads(response.content)


def _static_file(src: str) -> Path:
    """The file behind a static URL the manifest names."""
    assert src.startswith("/static/"), src
    found = finders.find(src.removeprefix("/static/"))
    assert found, f"{src}: no such static file"
    return Path(found)


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (right after the 8-byte signature)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    length, chunk = struct.unpack(">I4s", data[8:16])
    assert chunk == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


def _css_colour(name: str) -> str:
    """The light scheme's value of a custom property of site.css (the first :root)."""
    return re.search(rf"--{name}:\s*(#[0-9a-f]{{6}});", SITE_CSS).group(1)


def test_the_manifest_is_served_as_a_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert response["Cache-Control"] == "no-cache"
    policy = dict(d.strip().split(" ", 1) for d in response["Content-Security-Policy"].split(";"))
    assert policy["manifest-src"] == "'self'"
    assert "'self'" in policy["img-src"].split()


def test_the_manifest_takes_no_post(client):
    assert client.post("/manifest.webmanifest").status_code == 405


def test_the_manifest_has_what_an_install_needs(client):
    manifest = _manifest(client)
    assert manifest["name"] == "Scorekeeper"
    assert 0 < len(manifest["short_name"]) <= 12  # shown under the home-screen icon
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] in {"standalone", "fullscreen"}
    assert manifest["orientation"] == "any"
    for member in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[member]), member
    assert manifest["background_color"] == _css_colour("bg")
    assert manifest["theme_color"] == _css_colour("surface")


def test_each_icon_is_there_with_its_declared_size(client):
    icons = _manifest(client)["icons"]
    declared = {(icon["sizes"], icon["type"], icon.get("purpose", "any")) for icon in icons}
    assert {
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("512x512", "image/png", "maskable"),
        ("any", "image/svg+xml", "any"),
    } <= declared
    for icon in icons:
        data = _static_file(icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = _png_size(data)
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        else:
            svg = data.decode()
            assert svg.lstrip().startswith("<svg") and 'viewBox="0 0 512 512"' in svg
        # The static files answer too (WhiteNoise), with the type the manifest says.
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response["Content-Type"].startswith(icon["type"]), icon["src"]
        response.close()


def test_the_apple_touch_icon_is_180_square():
    data = Path(finders.find("games/icons/apple-touch-icon.png")).read_bytes()
    assert _png_size(data) == (180, 180)


def _head(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode().split("</head>", 1)[0]


@pytest.mark.parametrize("page", ["home", "game", "score", "leagues", "login", "missing"])
def test_every_page_links_the_manifest_and_icons(client, django_user_model, page):
    user = django_user_model.objects.create_user(username="tablet", password="home-screen-18")
    game = services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=user)
    url = {
        "home": "/",
        "game": f"/games/{game.pk}/",
        "score": f"/games/{game.pk}/score/",
        "leagues": "/leagues/",
        "login": "/accounts/login/",
        "missing": "/games/999999/",
    }[page]
    if page == "score":
        client.force_login(user)
    if page == "missing":
        response = client.get(url)
        assert response.status_code == 404
        head = response.content.decode().split("</head>", 1)[0]
    else:
        head = _head(client, url)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in head
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}"', head)
    assert re.search(r'<link rel="icon" href="/static/games/icons/icon\.svg[^"]*"', head)
    assert re.search(r'<link rel="apple-touch-icon" href="/static/games/icons/[^"]+\.png"', head)
    assert 'href="data:,"' not in head
