"""Accounts: sign-up, and a log-in view that throttles repeated failures."""

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters

from . import throttle


def _next_url(request: HttpRequest) -> str:
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return settings.LOGIN_REDIRECT_URL


@sensitive_post_parameters("password1", "password2")
def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = UserCreationForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
            return redirect(_next_url(request))
    else:
        form = UserCreationForm()
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})


class ThrottledAuthenticationForm(AuthenticationForm):
    """Refuses to even try the password while the account or the address is locked."""

    def clean(self) -> dict:
        username = str(self.data.get("username", ""))[:150]
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        verdict = throttle.check(username=username, address=address)
        if verdict.locked:
            minutes = max(1, (verdict.retry_after + 59) // 60)
            raise ValidationError(
                f"Too many failed log-in attempts. Try again in {minutes} minute"
                f"{'s' if minutes != 1 else ''}.",
                code="throttled",
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            throttle.record_failure(username=username, address=address)
            raise
        throttle.reset(username=username, address=address)
        return cleaned


class LoginView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
