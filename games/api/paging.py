"""Pages of a list answer, as a django-ninja paginator: ``@paged`` under an operation whose
answer is ``list[Item]`` adds the ``page`` and ``page_size`` query parameters and answers
``{count, page, pages, items}``. The page is cut by Django's own ``Paginator`` (as the archive
page is); a page past the last is a 404, a ``page`` below 1 or a ``page_size`` outside 1…200 a
400 naming the parameter.

An operation returns its whole list (a query or a sequence) as ``Shown(items, convert)``:
only the items of the asked page are read and turned into what the API shows, and a query is
counted with one ``COUNT``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.paginator import EmptyPage, Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest
from ninja import Schema
from ninja.errors import ValidationError
from ninja.pagination import PaginationBase, paginate
from pydantic import Field

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class Shown:
    """``items`` (a query or a sequence), each item read through ``convert``."""

    def __init__(self, items: QuerySet | Sequence, convert: Callable[[Any], Any]) -> None:
        self.items, self.convert = items, convert

    def count(self) -> int:
        """How many items (``Paginator`` counts with this): a query's ``COUNT``."""
        if isinstance(self.items, QuerySet):
            return self.items.count()
        return len(self.items)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self.convert(item) for item in self.items[index]]
        return self.convert(self.items[index])


class PageQuery(Schema):
    page: int = Field(1, ge=1, description="1-based page number")
    page_size: int = Field(
        DEFAULT_PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE, description="items per page (at most 200)"
    )


class PageNumbers(PaginationBase):
    """Page ``page`` (1-based) of ``page_size`` items."""

    Input = PageQuery

    class Output(Schema):
        count: int = Field(description="items in the whole list")
        page: int
        pages: int = Field(description="how many pages the list has at this page size")
        items: list[Any]

    def paginate_queryset(
        self, queryset: Shown, pagination: PageQuery, request: HttpRequest, **params: Any
    ) -> dict[str, Any]:
        paginator = Paginator(queryset, pagination.page_size, allow_empty_first_page=True)
        try:
            page = paginator.page(pagination.page)
        except EmptyPage:
            raise Http404(
                f"There is no page {pagination.page}: the list has {paginator.num_pages}."
            ) from None
        return {
            "count": paginator.count,
            "page": page.number,
            "pages": paginator.num_pages,
            "items": page.object_list,
        }


paged = paginate(PageNumbers)


def refused(parameter: str, message: str) -> ValidationError:
    """A query parameter the API refuses: answered as a JSON 400 naming it."""
    return ValidationError([{"loc": ("query", parameter), "msg": message}])
