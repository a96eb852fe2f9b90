import re
from pathlib import Path

import pytest
from django.urls import reverse

BASE_HTML = Path(__file__).resolve().parents[2] / "templates" / "base.html"
SCRIPT_SRC = re.compile(r'<script[^>]*\bsrc="([^"]+)"')


def read_body(response) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


@pytest.mark.django_db
def test_htmx_script_is_served_locally(client) -> None:
    page = client.get(reverse("login")).content.decode()
    sources = SCRIPT_SRC.findall(page)
    htmx = [src for src in sources if re.search(r"/htmx-\d+(\.min)?\.js$", src)]
    assert len(htmx) == 1, sources
    assert all(src.startswith("/") for src in sources), sources

    response = client.get(htmx[0])
    assert response.status_code == 200
    assert b"htmx" in read_body(response)


@pytest.mark.django_db
def test_body_sends_csrf_token_with_htmx_requests(client) -> None:
    page = client.get(reverse("login")).content.decode()
    match = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'>", page)
    assert match and len(match.group(1)) > 20


def test_base_template_has_no_cdn_urls() -> None:
    source = BASE_HTML.read_text()
    assert "{% htmx_script %}" in source
    assert not re.search(r"https?://|//cdn|unpkg|jsdelivr", source)
