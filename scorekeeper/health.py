"""A constant answer for load balancers' health checks (and the bench's baseline)."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")
