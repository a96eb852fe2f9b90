"""Forms: a new game, a scorer, and turning a scoring screen's POST into a play object."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.http import QueryDict

from .engines import InvalidPlay, all_engines, get

MAX_NAME = 40


class NewGameForm(forms.Form):
    kind = forms.ChoiceField(label="Game")
    innings = forms.IntegerField(min_value=1, max_value=99, initial=9, label="Innings")
    visitors = forms.CharField(
        max_length=MAX_NAME, initial="Visitors", label="Visitors (bat first)"
    )
    home = forms.CharField(max_length=MAX_NAME, initial="Home", label="Home")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(e.id, e.name) for e in all_engines()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("visitors") and data.get("home") and data["visitors"] == data["home"]:
            raise forms.ValidationError("The two teams need different names.")
        return data

    def game_options(self) -> dict[str, Any]:
        specs = {spec.name for spec in get(self.cleaned_data["kind"]).option_specs}
        return {"innings": self.cleaned_data["innings"]} if "innings" in specs else {}

    def sides(self) -> list[str]:
        return [self.cleaned_data["visitors"].strip(), self.cleaned_data["home"].strip()]


class ScorerForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username")


class PositionForm(forms.Form):
    """The log position a write expects: the next one for a play, the last one for undo."""

    expected = forms.IntegerField(min_value=1)
    after = forms.IntegerField(min_value=0, required=False)


def play_from_post(data: QueryDict) -> dict[str, Any]:
    """The play object a scoring screen posted. Raises ``InvalidPlay`` when it names none.

    A ``play`` field holding the JSON object is accepted for any game; the tap-to-score
    screens post the play's keys (``pitch``, ``bat``, ``call``, ``refresh``) as fields.
    """
    if data.get("play"):
        try:
            play = json.loads(data["play"])
        except ValueError:
            raise InvalidPlay("the play is not valid JSON") from None
        if not isinstance(play, dict):
            raise InvalidPlay("a play must be a JSON object")
        return play
    refresh = [value for value in data.getlist("refresh") if value]
    if refresh:
        return {"refresh": refresh}
    play = {key: data[key] for key in ("pitch", "bat", "call") if data.get(key)}
    if not play:
        raise InvalidPlay("no play was entered: tap the cards first")
    if "pitch" not in play:
        raise InvalidPlay("choose the pitcher's card first")
    if "bat" not in play and "call" not in play:
        raise InvalidPlay("choose the batter's card, or call steal or leave")
    return play
