import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "plate-umpire-9-innings"


def signup_data(username: str = "alice") -> dict[str, str]:
    return {"username": username, "password1": PASSWORD, "password2": PASSWORD}


def logged_in_username(client) -> str | None:
    user = client.get(reverse("login")).wsgi_request.user
    return user.get_username() if user.is_authenticated else None


def test_signup_page_renders_form(client) -> None:
    response = client.get(reverse("signup"))
    assert response.status_code == 200
    assert b'name="password2"' in response.content


def test_signup_creates_user_logs_in_and_redirects_home(client) -> None:
    response = client.post(reverse("signup"), signup_data())
    assert response.status_code == 302
    assert response.url == "/"
    assert get_user_model().objects.filter(username="alice").exists()
    assert logged_in_username(client) == "alice"
    page = client.get(reverse("login")).content.decode()
    assert "Signed in as" in page and "alice" in page


def test_signup_follows_safe_next(client) -> None:
    response = client.post(reverse("signup") + "?next=/games/42/", signup_data())
    assert response.url == "/games/42/"


def test_signup_ignores_offsite_next(client) -> None:
    data = {**signup_data(), "next": "https://evil.example/"}
    response = client.post(reverse("signup"), data)
    assert response.url == "/"


def test_signup_with_mismatched_passwords_shows_errors(client) -> None:
    data = {**signup_data(), "password2": "something-else-entirely"}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 200
    assert b"errorlist" in response.content
    assert not get_user_model().objects.exists()
    assert logged_in_username(client) is None


def test_a_weak_password_is_refused_under_the_password_field(client) -> None:
    data = {"username": "alice", "password1": "12345678", "password2": "12345678"}
    form = client.post(reverse("signup"), data).context["form"]
    assert form.errors["password1"]  # too common, entirely numeric
    assert "password2" not in form.errors
    assert not get_user_model().objects.exists()


def test_a_mismatch_is_refused_under_the_confirmation_field(client) -> None:
    data = {**signup_data(), "password2": "something-else-entirely"}
    form = client.post(reverse("signup"), data).context["form"]
    assert [e.code for e in form.errors.as_data()["password2"]] == ["password_mismatch"]
    assert "password1" not in form.errors


def test_login_and_logout(client, django_user_model) -> None:
    django_user_model.objects.create_user("bob", password=PASSWORD)
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302
    assert response.url == "/"
    assert logged_in_username(client) == "bob"

    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response.url == "/"
    assert logged_in_username(client) is None


def test_logout_requires_post(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("carol", password=PASSWORD)
    client.force_login(user)
    assert client.get(reverse("logout")).status_code == 405
    assert logged_in_username(client) == "carol"


def test_anonymous_nav_offers_login_and_signup(client) -> None:
    page = client.get(reverse("login")).content.decode()
    assert "Log in" in page and "Sign up" in page
    assert "Signed in as" not in page
