"""Pages of a list answer, cut by Django's own ``Paginator`` (as the archive page is)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.paginator import EmptyPage, Paginator
from django.http import Http404
from ninja import Schema
from ninja.errors import ValidationError
from pydantic import Field

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class PageQuery(Schema):
    page: int = Field(1, ge=1, description="1-based page number")
    page_size: int = Field(
        DEFAULT_PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE, description="items per page (at most 200)"
    )


class Page(Schema):
    count: int = Field(description="items in the whole list")
    page: int
    pages: int = Field(description="how many pages the list has at this page size")
    items: list[Any]


def page_of(items: Sequence, query: PageQuery, convert: Callable[[Any], Any]) -> dict[str, Any]:
    """Page ``query.page`` of ``items`` (a list or a query), each item through ``convert``.
    A page past the last is a 404 (the first page of an empty list is empty)."""
    paginator = Paginator(items, query.page_size, allow_empty_first_page=True)
    try:
        page = paginator.page(query.page)
    except EmptyPage:
        raise Http404(
            f"There is no page {query.page}: the list has {paginator.num_pages}."
        ) from None
    return {
        "count": paginator.count,
        "page": page.number,
        "pages": paginator.num_pages,
        "items": [convert(item) for item in page.object_list],
    }


def refused(parameter: str, message: str) -> ValidationError:
    """A query parameter the API refuses: answered as a JSON 400 naming it."""
    return ValidationError([{"loc": ("query", parameter), "msg": message}])
