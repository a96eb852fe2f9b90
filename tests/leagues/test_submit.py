"""``submit``, the one way the organisers' pages send a form to a service: an invalid form or
a refusal gives the page's own failure answer (the refusal's reason on the form, or in the
messages when there is no form), a write that worked gives its message and a redirect."""

import pytest
from django import forms
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.test import RequestFactory

from games.leagues.cups.services import CupError
from games.leagues.services import LeagueError
from games.leagues.views.common import Done, submit


class NameForm(forms.Form):
    name = forms.CharField()


def post(data=None):
    request = RequestFactory().post("/", data or {})
    request._messages = CookieStorage(request)
    return request


def said(request):
    return [(m.level, m.message) for m in request._messages]


def refuse(reason, kind=LeagueError):
    def write(data):
        raise kind(reason)

    return write


def test_an_invalid_form_is_answered_by_failed_and_nothing_is_written():
    request, written = post(), []
    response = submit(
        request,
        written.append,
        form=NameForm(request.POST),
        done=lambda _: Done("no", "/no/"),
        failed=lambda form: HttpResponse(form.errors.as_text(), status=400),
    )
    assert response.status_code == 400 and b"name" in response.content
    assert written == [] and said(request) == []


def test_a_refusal_goes_on_the_named_field_of_the_form():
    request = post({"name": "Giants"})
    form = NameForm(request.POST)
    response = submit(
        request,
        refuse("Taken."),
        form=form,
        error_field="name",
        done=lambda _: Done("no", "/no/"),
        failed=lambda form: HttpResponse(status=400),
    )
    assert response.status_code == 400
    assert form.errors == {"name": ["Taken."]}
    assert said(request) == []


def test_without_a_form_a_refusal_goes_into_the_messages():
    request, failed_with = post(), []
    response = submit(
        request,
        refuse("Not now."),
        done=lambda _: Done("no", "/no/"),
        failed=lambda form: failed_with.append(form) or HttpResponse("back"),
    )
    assert response.content == b"back" and failed_with == [None]
    assert said(request) == [(messages.ERROR, "Not now.")]


def test_a_write_that_worked_says_so_and_redirects():
    request = post({"name": "Giants"})
    response = submit(
        request,
        lambda data: data["name"].upper(),
        form=NameForm(request.POST),
        done=lambda result: Done(f"{result} added.", "/league/", messages.INFO),
        failed=lambda form: HttpResponse(status=400),
    )
    assert response.status_code == 302 and response["Location"] == "/league/"
    assert said(request) == [(messages.INFO, "GIANTS added.")]


def test_only_the_errors_named_are_refusals():
    with pytest.raises(LeagueError):
        submit(
            post(),
            refuse("A league error is not a cup's refusal."),
            errors=CupError,
            done=lambda _: Done("no", "/no/"),
            failed=lambda form: HttpResponse(status=400),
        )
