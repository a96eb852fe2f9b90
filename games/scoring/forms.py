"""Forms: a new game, a scorer, and turning a scoring screen's POST into a play object."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict

from games.engines import InvalidPlay, OptionSpec, all_engines, get, json_text
from games.engines.notation import notation_for
from games.kinds import taps
from games.scoring import screens

MAX_NAME = 40
SIDE_FIELDS = ("visitors", "home")


class BadPost(InvalidPlay):
    """A post no scoring screen sends (JSON nested too deeply): answered 400, not 422."""

    status = 400


class NewGameForm(forms.Form):
    """A new game of ``kind``: the game, the sides, and the options that game asks for."""

    kind = forms.ChoiceField(label="Game")
    visitors = forms.CharField(max_length=MAX_NAME)
    home = forms.CharField(max_length=MAX_NAME)

    def __init__(self, *args: Any, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = get(kind)
        self.fields["kind"].choices = [(e.id, e.name) for e in all_engines()]
        self.fields["kind"].initial = kind
        # One name field per side the game has (solitaire has one player).
        self.side_fields = SIDE_FIELDS[: len(self.engine.default_sides)]
        for name in SIDE_FIELDS[len(self.side_fields) :]:
            del self.fields[name]
        for name, label, initial in zip(
            self.side_fields, self.engine.side_labels, self.engine.default_sides, strict=True
        ):
            self.fields[name].label = label
            self.fields[name].initial = initial
        for spec in self.engine.option_specs:
            if spec.field:
                self.fields[f"option_{spec.name}"] = option_field(spec)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kind") and data["kind"] != self.engine.id:
            raise forms.ValidationError("The game changed: check its options and start again.")
        if data.get("visitors") and data.get("home") and data["visitors"] == data["home"]:
            raise forms.ValidationError("The two teams need different names.")
        return data

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def game_options(self) -> dict[str, Any]:
        return {
            spec.name: self.cleaned_data[f"option_{spec.name}"]
            for spec in self.engine.option_specs
            if spec.field
        }

    def sides(self) -> list[str]:
        return [self.cleaned_data[name].strip() for name in self.side_fields]


def option_field(spec: OptionSpec) -> forms.Field:
    label = spec.label or spec.name.replace("_", " ").capitalize()
    if spec.field == "choice":
        return forms.TypedChoiceField(
            label=label,
            choices=[(value, text) for value, text in spec.choices],
            coerce=type(spec.default),
            initial=spec.default,
            help_text=spec.help,
        )
    return forms.IntegerField(
        label=label,
        min_value=1,
        max_value=999,
        initial=spec.default,
        required=spec.field != "optional_int",
        help_text=spec.help,
    )


class ScorerForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username")


class PositionForm(forms.Form):
    """The log position a write expects: the next one for a play, the last one for undo."""

    expected = forms.IntegerField(min_value=1)
    after = forms.IntegerField(min_value=0, required=False)


def typed_play(kind: str, data: QueryDict, state: Any) -> dict[str, Any]:
    """The play a typed line (the ``typed`` field) names, with the answers to the screen's
    questions posted beside it (``games.kinds.taps.read_typed``). Raises ``InvalidPlay``."""
    return taps.read_typed(kind, data, state)


def typed_completions(kind: str, state: Any, query: QueryDict) -> list[str]:
    """The legal lines now that start with what was typed so far (``q``, or the entry's own
    ``typed`` field), capped."""
    typed = query.get("q", query.get("typed", ""))[:200]
    return notation_for(kind).completions(state, typed)


def play_from_post(kind: str, data: QueryDict, state: Any = None) -> dict[str, Any]:
    """The play object a scoring screen posted. Raises ``InvalidPlay`` when it names none.

    A ``play`` field holding the JSON object is accepted for any game (``BadPost`` when it is
    nested deeper than ``json_text.MAX_DEPTH``, measured before it is parsed), and a ``typed``
    line (the game's notation, read against ``state``); the tap-to-score
    screens post the play's keys as fields, read by the game's screen module.
    """
    if data.get("play"):
        try:
            play = json_text.loads(data["play"])
        except json_text.TooDeep as exc:
            raise BadPost(f"the play is {exc}") from None
        except ValueError:
            raise InvalidPlay("the play is not valid JSON") from None
        if not isinstance(play, dict):
            raise InvalidPlay("a play must be a JSON object")
        return play
    if data.get("typed") and state is not None:
        return typed_play(kind, data, state)
    return screens.read_play(kind, data, state)


@dataclass(frozen=True)
class ScreenPost:
    """The play a scoring screen posted (``play_from_post``), read once the write has the
    game's board: a typed line is read against its state (``taps.PostedPlay``)."""

    data: QueryDict

    def read(self, kind: str, state: Any) -> dict[str, Any]:
        return play_from_post(kind, self.data, state)
