"""The ``id`` path converter: a row's id in an address, as ``<id:pk>``.

Like Django's ``int`` (digits only), but only within the database's integer range (a signed
64-bit integer, what SQLite and PostgreSQL's ``bigint`` hold): a larger number does not match
the pattern, so the address is a 404 like any other id that names nothing, instead of an
overflow error in the database driver. Every URL pattern with an id uses it; the open-data
API's operations too (``{id:pk}``), whose unmatched addresses get the API's JSON 404.

Registered when this module is imported (each urls.py that uses it imports it).
"""

from django.urls import register_converter
from django.urls.converters import IntConverter

ID_MAX = 2**63 - 1  # the largest signed 64-bit integer


class IdConverter(IntConverter):
    def to_python(self, value: str) -> int:
        number = int(value)
        if number > ID_MAX:
            raise ValueError(f"{value} is past the largest id")
        return number


register_converter(IdConverter, "id")
