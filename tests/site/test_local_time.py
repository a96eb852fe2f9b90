"""games/templatetags/local_time.py: moments as <time> elements the browser rewrites into the
viewer's time zone (games/static/games/local-time.js), the UTC text standing without it."""

import datetime
import zoneinfo

from django.template import Context, Template

from games.templatetags.local_time import local_time


def render(source: str, **context) -> str:
    return Template("{% load local_time %}" + source).render(Context(context))


def test_a_moment_is_a_time_element_in_utc_saying_so() -> None:
    moment = datetime.datetime(2026, 5, 2, 18, 45, 12, tzinfo=datetime.UTC)
    assert render("{{ m|local_time }}", m=moment) == (
        '<time datetime="2026-05-02T18:45:12Z" data-local="day month year time">'
        "2 May 2026 18:45 UTC</time>"
    )


def test_another_zone_is_written_in_utc() -> None:
    moment = datetime.datetime(2026, 5, 2, 20, 45, tzinfo=zoneinfo.ZoneInfo("Europe/Paris"))
    html = str(local_time(moment))
    assert 'datetime="2026-05-02T18:45:00Z"' in html and ">2 May 2026 18:45 UTC<" in html


def test_a_day_alone_names_its_parts_and_no_zone() -> None:
    moment = datetime.datetime(2026, 5, 2, 1, 30, tzinfo=datetime.UTC)
    assert render('{{ m|local_time:"D j M" }}', m=moment) == (
        '<time datetime="2026-05-02T01:30:00Z" data-local="weekday day month">Sat 2 May</time>'
    )


def test_a_plain_date_is_not_rewritten_and_nothing_is_empty() -> None:
    assert render('{{ d|local_time:"j M Y" }}', d=datetime.date(2026, 5, 2)) == (
        '<time datetime="2026-05-02">2 May 2026</time>'
    )
    assert render("{{ m|local_time }}", m=None) == ""


def test_local_now_says_utc() -> None:
    html = render("{% local_now %}")
    assert html.startswith('<time datetime="') and html.endswith(" UTC</time>")
