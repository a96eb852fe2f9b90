"""Field types for the backup schema (``schema``): each checks a value and, when it is wrong,
says in one line what it should have been (``'name' must be text of at most 100 characters,
not ['x']``); and the line naming where a wrong value is in the file. The checks run before
pydantic's own, which the types still declare (for the JSON schema). The format is described
in docs/backup-format.md.
"""

import reprlib
from collections.abc import Callable
from datetime import date, datetime, time
from typing import Annotated, Any, Literal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.dateparse import parse_date, parse_datetime, parse_time
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo
from pydantic_core import ErrorDetails, PydanticCustomError

from games.leagues.cups import draw as cup_draw
from games.models import PlayCorrection

_REQUIRED: Any = object()


def show(value: Any) -> str:
    """``value`` for a one-line message, cut short (it may be a huge string or list)."""
    return reprlib.repr(value)


def max_length(model: type, field: str) -> int:
    return model._meta.get_field(field).max_length


def fail(message: str) -> Any:
    raise PydanticCustomError("archive", "{message}", {"message": message})


# Field types: each checks a value and words what it should have been ------------------------


def text(length: int | None = None, *, empty: Any = _REQUIRED) -> Any:
    """Text, not blank, of at most ``length`` characters; with ``empty``, a missing, null
    or ``""`` value gives ``empty``."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if empty is not _REQUIRED and (value is None or value == ""):
            return empty
        too_long = length is not None and isinstance(value, str) and len(value) > length
        if not isinstance(value, str) or not value.strip() or too_long:
            size = f" of at most {length} characters" if length else ""
            fail(f"{info.field_name!r} must be text{size}, not {show(value)}")
        return value

    kind: Any = Annotated[str, Field(max_length=length)] if length else str
    if empty is None:
        kind = kind | None
    return Annotated[kind, BeforeValidator(check)]


def whole(low: int, high: int, *, null: Any = _REQUIRED) -> Any:
    """A whole number from ``low`` to ``high``; with ``null``, null gives ``null``."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if value is None and null is not _REQUIRED:
            return null
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            fail(
                f"{info.field_name!r} must be a whole number from {low} to {high}, "
                f"not {show(value)}"
            )
        return value

    kind: Any = Annotated[int, Field(ge=low, le=high)]
    if null is None:
        kind = kind | None
    return Annotated[kind, BeforeValidator(check)]


def _flag(value: Any, info: ValidationInfo) -> bool:
    if not isinstance(value, bool):
        fail(f"{info.field_name!r} must be true or false, not {show(value)}")
    return value


Flag = Annotated[bool, BeforeValidator(_flag)]


def choice(allowed: tuple[str, ...], default: str) -> Any:
    """One of ``allowed``; a missing or null value gives ``default``."""

    def check(value: Any, info: ValidationInfo) -> str:
        if value is None:
            return default
        if not isinstance(value, str) or value not in allowed:
            listed = ", ".join(repr(item) for item in allowed if item)
            fail(f"{info.field_name!r} must be one of {listed}, not {show(value)}")
        return value

    return Annotated[Literal[allowed], BeforeValidator(check)]


def _group(value: Any, info: ValidationInfo) -> str:
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or len(value) != 1 or value not in cup_draw.GROUP_LETTERS:
        fail(f"{info.field_name!r} must be a group's letter, not {show(value)}")
    return value


# A group's letter, or "" for none; which letters a competition has is the restore's check.
Group = Annotated[str, Field(max_length=1), BeforeValidator(_group)]


def moment(
    parse: Callable[[str], Any],
    words: str,
    kind: type,
    *,
    required: bool = False,
    named: bool = False,
) -> Any:
    """A date, a time or a date and time in ISO form; null or ``""`` (unless ``required``)
    give ``None``. With ``named`` the message names the field."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if not required and (value is None or value == ""):
            return None
        try:
            parsed = parse(value) if isinstance(value, str) else None
        except ValueError:
            parsed = None
        if parsed is None:
            field = f"{info.field_name}: " if named else ""
            fail(f"{field}not a {words}: {show(value)}")
        return parsed

    return Annotated[kind if required else kind | None, BeforeValidator(check)]


Day = moment(parse_date, "date", date)
TimeOfDay = moment(parse_time, "time of day", time)
When = moment(parse_datetime, "date and time", datetime)


def _names(value: Any, info: ValidationInfo) -> list[str]:
    value = value or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        fail(f"{info.field_name!r} must be a list of names, not {show(value)}")
    return value


Names = Annotated[list[str], BeforeValidator(_names)]


def rows(model: type, *, null: bool = True) -> Any:
    """A list of ``model`` objects; with ``null``, null (or any empty value) is no rows."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if null:
            value = value or []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            fail(f"{info.field_name!r} must be a list of objects")
        return value

    return Annotated[list[model], BeforeValidator(check)]


def object_or_empty(value: Any, info: ValidationInfo) -> Any:
    """An object; a missing, null or empty value is an empty one."""
    value = value or {}
    if not isinstance(value, dict):
        fail(f"{info.field_name!r} must be an object, not {show(value)}")
    return value


def object_or_null(value: Any, info: ValidationInfo) -> Any:
    if value is not None and not isinstance(value, dict):
        fail(f"{info.field_name!r} must be an object or null, not {show(value)}")
    return value


class Row(BaseModel):
    """An object of the file: keys not named here are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)


# A game's correction history ------------------------------------------------------------


def _username(value: Any, info: ValidationInfo) -> str | None:
    if value is None:
        return None
    model = get_user_model()
    try:
        if not isinstance(value, str) or len(value) > max_length(model, "username"):
            raise DjangoValidationError("not text of the right length")
        model.username_validator(value)
    except DjangoValidationError:
        fail(f"not a username: {show(value)}")
    return value


Username = Annotated[str | None, BeforeValidator(_username)]
REASON_MAX = max_length(PlayCorrection, "reason")


def _play_number(value: Any, info: ValidationInfo) -> int | None:
    if value is not None and type(value) is not int:
        fail(f"the log has no play {show(value)}")
    return value


def _seq(value: Any, info: ValidationInfo) -> int:
    if type(value) is not int or value < 1:
        fail(f"{info.field_name!r} must be a play number, not {show(value)}")
    return value


def _play(value: Any, info: ValidationInfo) -> Any:
    if value is None and info.field_name == "after":  # a deletion
        return None
    if not isinstance(value, dict):
        fail(f"{info.field_name!r} must be a play (a JSON object), not {show(value)}")
    return value


def _reason(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > REASON_MAX:
        fail(f"the reason must be text of 1 to {REASON_MAX} characters")
    return value


PlayNumber = Annotated[int | None, BeforeValidator(_play_number)]
Position = Annotated[int, Field(ge=1), BeforeValidator(_seq)]
PlayPayload = Annotated[dict[str, Any], BeforeValidator(_play)]
Change = Annotated[dict[str, Any] | None, BeforeValidator(_play)]  # null: a deletion
Reason = Annotated[str, Field(max_length=REASON_MAX), BeforeValidator(_reason)]
Moment = moment(parse_datetime, "date and time", datetime, required=True)
GameWhen = moment(parse_datetime, "date and time", datetime, named=True)


# Telling what is wrong ------------------------------------------------------------


def in_file(error: ErrorDetails, file: str) -> str:
    """The line for a wrong value of ``file``:
    ``leagues.json: competitions[0].entrants[2]: 'seed' must be …``."""
    return f"{file}: {_path(_container(error))}{_message(error)}"


def in_history(error: ErrorDetails) -> str:
    """The line for a wrong value of a game's times or history: ``correction 1: 'seq' must
    be a play number, not 0``."""
    loc = _container(error)
    where = f"{str(loc[0]).removesuffix('s')} {loc[1] + 1}: " if len(loc) >= 2 else ""
    return f"{where}{_message(error)}"


def _container(error: ErrorDetails) -> tuple:
    """Where the error is, without the field it names (its message names it, if at all)."""
    loc = tuple(error["loc"])
    return loc[:-1] if loc and isinstance(loc[-1], str) else loc


def _path(loc: tuple) -> str:
    """``competitions[0].entrants[1]: `` for a place in the lists of the file, then the names
    of the objects within it (``leagues[0]: points ``)."""
    last = max((n for n, part in enumerate(loc) if isinstance(part, int)), default=-1)
    lists = ".".join(
        f"{part}[{loc[n + 1]}]"
        for n, part in enumerate(loc[: last + 1])
        if isinstance(part, str) and n + 1 <= last and isinstance(loc[n + 1], int)
    )
    words = " ".join(str(part) for part in loc[last + 1 :])
    return (f"{lists}: " if lists else "") + (f"{words} " if words else "")


def _message(error: ErrorDetails) -> str:
    if error["type"] == "archive":
        return error["ctx"]["message"]
    field = error["loc"][-1] if error["loc"] else "the file"
    if error["type"] == "missing":
        return f"{field!r} is missing"
    return f"{field!r}: {error['msg']}"
