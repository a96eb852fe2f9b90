"""What the two card forms share (a league's Cards page and a friendly's new-game form): the
cards a game may start from, reading a catalogue from a file or typed JSON, the per-card
tables, checking it, and what the cards and a few plays look like before anything is saved.

A game has cards to enter when its engine takes a ``catalogue`` option. Each such game's kind
package may hold a ``cards.py`` (found by name, as the engines' ``player.py`` is): its tables
(``TABLES``), how a catalogue becomes their rows (``rows(data)``) and how edited rows go back
into it (``merge(data, rows)``), and what its ``templates/games/<game id>/_cards.html`` shows
(``view(data)``).

``CatalogueForm`` reads one send of the form. The catalogue is, in order: the typed JSON (the
text area; blank means the game's default cards), replaced by an uploaded file, then by a
built-in when "Load" was pressed, and the rows of the tables replace their part of it when
they were edited (they differ from the rows the page showed). Nothing here saves anything.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from django.http import QueryDict
from django.utils.datastructures import MultiValueDict

from games.engines import EngineError, catalogues, get, player_table
from games.engines.notation import notation_for
from games.kinds import kind as game_kind
from games.kinds.card_tables import Row
from games.kinds.catalogues import described
from games.plumbing.untrusted_files import UntrustedFileError, parse_json, read_stream

# A printed set's catalogue is a few KiB of JSON; 64 KiB leaves room for comments-as-names.
TEXT_LIMIT = 64 * 1024
PREVIEW_PLAYS = 10
PREVIEW_SEED = 2026
DEFAULT = "default"
PREFIX = "cards"
OPTION_PREFIX = "option 'catalogue': "


def has_catalogue(kind: str) -> bool:
    """Whether games of ``kind`` are played with a card catalogue (its ``catalogue`` option)."""
    return any(spec.name == "catalogue" for spec in get(kind).option_specs)


def cards_module(kind: str) -> ModuleType | None:
    """The game's ``games/kinds/<game>/cards.py``, or ``None`` when it has none."""
    name = f"games.kinds.{kind.replace('-', '_')}.cards"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def starts(kind: str) -> list[tuple[str, str]]:
    """The built-in catalogues to start from, as (name, label), the default first."""
    return [(name, catalogues.label(kind, name)) for name in catalogues.names(kind)]


def resolved(kind: str, data: Any) -> Any:
    """The cards ``data`` stands for (``None``: the default; a reference: that built-in)."""
    return catalogues.resolve(kind, data)


def pretty(data: Any) -> str:
    """A catalogue as the text area shows it: indented JSON, keys in the file's order."""
    return json.dumps(data, indent=1, ensure_ascii=False)


def read_text(text: str) -> Any:
    """The catalogue typed in the text area (``None`` when it is blank). ``ValueError`` says
    what is wrong with the JSON and where."""
    if not text.strip():
        return None
    if len(text.encode("utf-8")) > TEXT_LIMIT:
        raise ValueError(f"The JSON is longer than {TEXT_LIMIT // 1024} KiB.")
    try:
        return parse_json(text)
    except UntrustedFileError as exc:
        raise ValueError(f"The JSON could not be read: {exc}") from None


def read_upload(upload: Any) -> str:
    """The text of an uploaded catalogue file (UTF-8, at most ``TEXT_LIMIT`` bytes)."""
    try:
        return read_stream(upload, limit=TEXT_LIMIT)
    except UntrustedFileError as exc:
        raise ValueError(f"The file {upload.name} could not be read: {exc}") from None


def check(kind: str, data: Any) -> str:
    """Why the engine refuses ``data`` as the catalogue of ``kind`` ("" when it accepts it)."""
    try:
        get(kind).options({"catalogue": data})
    except EngineError as exc:
        return _sentence(str(exc).removeprefix(OPTION_PREFIX))
    return ""


@dataclass(frozen=True)
class PreviewPlay:
    number: int
    play: str  # the play as typed notation writes it
    outcome: str
    score: str


def preview(kind: str, data: Any, plays: int = PREVIEW_PLAYS) -> list[PreviewPlay]:
    """The first ``plays`` plays of a game with these cards, played by the game's plausible
    players from a fixed seed (the same cards always preview the same plays)."""
    engine = get(kind)
    options = engine.options({} if data is None else {"catalogue": data})
    state = engine.initial_state(options)
    players = player_table(kind)(random.Random(PREVIEW_SEED))
    notation = notation_for(kind)
    score_text = game_kind(kind).score_text
    lines = []
    for number in range(1, plays + 1):
        if engine.is_over(state):
            break
        raw = players.choose(state)
        state, outcome = engine.play(state, raw)
        lines.append(
            PreviewPlay(
                number, notation.format_play(raw), str(outcome), score_text(engine.summary(state))
            )
        )
    return lines


@dataclass
class CatalogueForm:
    """One send of the cards form of a game of ``kind`` (its fields are named ``cards-…``,
    apart from the page's own, as ``games/_cards_form.html`` writes them). ``is_valid()``
    reads and checks it; then ``catalogue`` is the data to save (``None``: the default cards)
    or ``errors`` say what is wrong, and the form redisplays everything as it was sent."""

    kind: str
    data: QueryDict | None = None
    files: MultiValueDict | None = None
    initial: Any = None  # the catalogue shown before anything is sent (None: the default)
    errors: list[str] = field(default_factory=list)
    catalogue: Any = None
    text: str = ""
    start: str = DEFAULT
    loaded: bool = False

    def __post_init__(self) -> None:
        self.module = cards_module(self.kind)
        self.catalogue = self.initial
        self._rows: dict[str, list[dict[str, str]]] | None = None
        if catalogues.is_reference(self.initial):  # a built-in: its cards, and its name
            self.start = str(self.initial["name"])
        self.text = "" if self.initial is None else pretty(self.shown_data())

    def describe(self) -> str:
        """Which cards these are in words: a built-in's label, or the group's own cards."""
        return described(self.kind, {"catalogue": self.catalogue})

    def name(self, field_name: str) -> str:
        return f"{PREFIX}-{field_name}"

    @property
    def bound(self) -> bool:
        return self.data is not None and self.name("text") in self.data

    def is_valid(self) -> bool:
        """Read what was sent into ``catalogue`` and check it; ``errors`` when refused."""
        if not self.bound:
            return not check(self.kind, self.catalogue) if self.catalogue is not None else True
        assert self.data is not None
        self.text = self.data.get(self.name("text"), "")
        self.start = self.data.get(self.name("start"), DEFAULT)
        upload = (self.files or MultiValueDict()).get(self.name("file"))
        try:
            if upload is not None:
                self.text = read_upload(upload)
            if self.data.get(self.name("load")):
                self.loaded = True
                self.text = self._load(self.start)
            catalogue = read_text(self.text)
        except ValueError as exc:
            self.errors = [str(exc)]
            self._rows = self._sent_rows()
            return False
        sent = self._sent_rows()
        edited = self._edited(sent) if not self.loaded else {}
        if edited:
            try:
                base = resolved(self.kind, catalogue)
            except ValueError:
                base = None
            if self.module is not None:
                catalogue, row_errors = self.module.merge(base, edited)
                if row_errors:
                    self.errors = [_sentence(e) for e in row_errors]
                    self._rows = sent
                    return False
                self.text = pretty(catalogue)
        refusal = check(self.kind, catalogue) if catalogue is not None else ""
        if refusal:
            self.errors = [refusal]
            self._rows = sent
            return False
        self.catalogue = catalogue
        return True

    def _load(self, name: str) -> str:
        if name == DEFAULT:
            return ""
        if name not in catalogues.names(self.kind):
            raise ValueError(f"There are no built-in cards called {name!r}.")
        return pretty(catalogues.named(self.kind, name))

    def _edited(self, sent: dict[str, list[dict[str, str]]] | None) -> dict[str, list[Row]]:
        """The tables whose rows differ from the ones the page showed (``shown``)."""
        if not sent or self.data is None:
            return {}
        try:
            shown = json.loads(self.data.get(self.name("shown")) or "{}")
        except ValueError:
            shown = {}
        if not isinstance(shown, dict):
            shown = {}
        return {key: rows for key, rows in sent.items() if rows != shown.get(key)}

    def _sent_rows(self) -> dict[str, list[dict[str, str]]] | None:
        """The rows of each table that was sent (a table none of whose fields came is left
        out), blank rows dropped."""
        if self.module is None or self.data is None:
            return None
        rows = {}
        for table in self.module.TABLES:
            names = [self.name(f"{table.key}-{c.name}") for c in table.columns]
            if not any(name in self.data for name in names):
                continue
            columns = [self.data.getlist(name) for name in names]
            count = max((len(values) for values in columns), default=0)
            read = [
                {
                    c.name: (values[i] if i < len(values) else "").strip()
                    for c, values in zip(table.columns, columns, strict=True)
                }
                for i in range(count)
            ]
            rows[table.key] = [row for row in read if any(row.values())]
        return rows or None

    # What the template shows.

    def shown_data(self) -> Any:
        """The cards the page shows: the ones sent when they were read, else the last good."""
        try:
            return resolved(self.kind, self.catalogue)
        except ValueError:
            return None

    def tables(self) -> list[tuple[Any, list[list[tuple[Any, str]]]]]:
        """Each table of the per-card editor with its rows (as sent, when refused), plus
        blank rows to add cards; a row is its (column, value) pairs."""
        if self.module is None:
            return []
        rows = {**self._data_rows(), **(self._rows or {})}
        return [
            (
                table,
                [
                    [(column, row.get(column.name, "")) for column in table.columns]
                    for row in [*rows.get(table.key, []), *({} for _ in range(table.blank))]
                ],
            )
            for table in self.module.TABLES
        ]

    def _data_rows(self) -> dict[str, list[dict[str, str]]]:
        data = self.shown_data()
        return self.module.rows(data) if self.module is not None and data is not None else {}

    def shown_key(self) -> str:
        """The rows the tables started from, so the next send tells an edited table from one
        left as it was: those of the cards shown, or, when refused, the ones sent with it
        (rows edited before stay edited)."""
        if self.module is None:
            return ""
        if self.errors and self.data is not None and self.name("shown") in self.data:
            return self.data[self.name("shown")]
        return _rows_key(self._data_rows())

    def view(self) -> dict[str, Any]:
        """What ``templates/games/<game id>/_cards.html`` draws of the cards."""
        data = self.shown_data()
        if self.module is None or data is None:
            return {}
        return self.module.view(data)

    def plays(self) -> list[PreviewPlay]:
        """The preview of the cards shown (nothing when they are refused)."""
        if self.errors:
            return []
        try:
            return preview(self.kind, self.catalogue)
        except (EngineError, ValueError):
            return []

    def starts(self) -> list[tuple[str, str]]:
        return starts(self.kind)

    @property
    def template(self) -> str:
        return f"games/{self.kind}/_cards.html"


def _rows_key(rows: dict[str, list[dict[str, str]]] | None) -> str:
    return json.dumps(rows or {}, sort_keys=True, separators=(",", ":"))


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:]
