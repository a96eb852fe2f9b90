"""Accounts: sign-up (rate limited per client address) and log-in (guarded by django-axes
through ``scorekeeper.login_guard``, which also remembers the devices a user logs in on)."""

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters
from django_ratelimit.core import get_usage

from . import login_guard
from .client_address import client_address

# The backend that loads the user on later requests (the first one only guards log-ins).
USER_BACKEND = "django.contrib.auth.backends.ModelBackend"


class SignUpForm(UserCreationForm):
    """Django's sign-up form with each password error under the field it is about: what the
    password validators say under the password, a mismatch under the confirmation."""

    def validate_password_for_user(self, user, password_field_name: str = "password1") -> None:
        super().validate_password_for_user(user, password_field_name=password_field_name)


def _next_url(request: HttpRequest) -> str:
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return settings.LOGIN_REDIRECT_URL


def _signup_wait(request: HttpRequest) -> int | None:
    """Seconds until this address may sign up again, or ``None`` while it may (counts this
    attempt)."""
    usage = get_usage(
        request,
        group="signup",
        key=lambda group, request: client_address(request),
        rate=settings.SIGNUP_RATE,
        method="POST",
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return None
    return max(1, int(usage["time_left"]))


@sensitive_post_parameters("password1", "password2")
def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        wait = _signup_wait(request)
        if wait is not None:
            return _signup_refused(request, wait)
        form = SignUpForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend=USER_BACKEND)
            return redirect(_next_url(request))
    else:
        form = SignUpForm()
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})


def _signup_refused(request: HttpRequest, wait: int) -> HttpResponse:
    minutes = max(1, -(-wait // 60))
    context = {
        "form": SignUpForm(initial={"username": request.POST.get("username", "")[:150]}),
        "next": _next_url(request),
        "refused": (
            "Too many sign-ups from this address. "
            f"Try again in {minutes} minute{'s' if minutes != 1 else ''}."
        ),
    }
    response = render(request, "registration/signup.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


class LoginView(auth_views.LoginView):
    """Django's log-in view; a successful log-in marks the browser as a known device."""

    def form_valid(self, form) -> HttpResponse:
        response = super().form_valid(form)
        login_guard.remember_device(self.request, response, form.get_user())
        return response
