"""Backyard Baseball's taps: the fielder's space, the two cards (by the label written on a
card of the game's deck, or by their faces), the die, the answers to the extension and bobble
questions, the swap, and event cards.

A card tapped by its label is read from the deck of the game's state into its full face, so
the record holds the faces, with the labels beside them under ``cards``."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post

# The results that go to a space on the field, by card.
SPACED = {"pitcher": ("grounder", "fly"), "batter": ("grounder", "line-drive")}
# The reader is given the game's state: the deck the labels are read from.
# The fields a play posts (a selection, see games.scoring.screens); CARRIED are the answers to the
# screen's questions, which the correction form keeps as they were.
CARRIED = (
    "bobble",
    "extend_runners",
    "extend_pitcher",
    "extend_batter_card",
    "extend_pitcher_card",
)
FIELDS = (
    "fielder",
    "pitcher_card",
    "batter_card",
    "faces",
    "pitcher_number",
    "pitcher_pitch",
    "pitcher_result",
    "pitcher_space",
    "batter_pitch",
    "batter_result",
    "batter_space",
    "die",
    *CARRIED,
)


READS_STATE = True


def read_play(data: Post, state: Any = None) -> dict[str, Any]:
    """The play the controls posted. A card tapped by its label (``pitcher_card``,
    ``batter_card``, unless ``faces`` says the faces were entered) is read from the deck of
    ``state``'s game into its full face, and the labels are kept under ``cards``."""
    if data.get("swap"):
        return {"swap": True}
    if "event" in data:
        name = data["event"].strip()
        if not name:
            raise InvalidPlay("write the event card's name first")
        return {"event": name}
    if not data.get("fielder"):
        raise InvalidPlay("tap the fielder's space on the field first")
    by_label = not data.get("faces")
    labels: dict[str, str] = {}
    play: dict[str, Any] = {"fielder": data["fielder"]}
    for who, face in (("pitcher", pitcher_face), ("batter", batter_face)):
        label = data.get(f"{who}_card") if by_label else None
        if label:
            play[who] = face(state, label)
            labels[who] = label
        else:
            play[who] = _card(data, who)
    if data.get("die"):
        play["die"] = _number(data["die"], "the die")
    elif play["batter"]["result"] != "bunt":
        raise InvalidPlay("tap the die")
    if data.get("bobble"):
        play["bobble"] = None if data["bobble"] == "none" else _number(data["bobble"], "bobble")
    if data.get("extend_batter_card") or data.get("extend_pitcher_card"):
        play["extend"], extended = extension(state, data)
        labels.update(extended)
    elif data.get("extend_runners") or data.get("extend_pitcher"):
        play["extend"] = _extend(data)
    if labels:
        play["cards"] = labels
    return play


def _card(data: Post, who: str) -> dict[str, Any]:
    card: dict[str, Any] = {}
    if who == "pitcher":
        if not data.get("pitcher_number"):
            raise InvalidPlay("tap the number on the pitcher's card")
        card["number"] = _number(data["pitcher_number"], "the pitcher's number")
    for key in ("pitch", "result"):
        if not data.get(f"{who}_{key}"):
            raise InvalidPlay(f"tap the {key} on the {who}'s card")
        card[key] = data[f"{who}_{key}"]
    # A space tapped before choosing a result that has none is left out.
    if card["result"] in SPACED[who]:
        if not data.get(f"{who}_space"):
            words = card["result"].replace("-", " ")
            raise InvalidPlay(f"tap the space on the {who}'s card: where the {words} goes")
        card["space"] = data[f"{who}_space"]
    return card


def _extend(data: Post) -> dict[str, Any]:
    if not data.get("extend_runners"):
        raise InvalidPlay("extend: tap the runner icons on the batter's card")
    pitcher = data.get("extend_pitcher")
    if not pitcher:
        raise InvalidPlay("extend: tap the pitcher's card number, or No card")
    return {
        "runners": _number(data["extend_runners"], "extend: the runner icons"),
        "pitcher_number": None if pitcher == "none" else _number(pitcher, "extend: the number"),
    }


def _number(value: str, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise InvalidPlay(f"{what} must be a number (got {value!r})") from None


# --- reading labels ---------------------------------------------------------------------------


def _deck_of(state: Any) -> Any:
    field = getattr(state, "field", None)
    deck = getattr(field, "deck", None)
    if deck is None:
        raise InvalidPlay("this game has no deck: tap each card's face")
    return deck


def pitcher_face(state: Any, label: str) -> dict[str, Any]:
    card = _deck_of(state).pitcher_card(label)
    if card is None:
        raise InvalidPlay(f"the pitcher's deck has no card {label!r}: tap one of its cards")
    face = card.face
    found: dict[str, Any] = {"number": face.number, "pitch": face.pitch, "result": face.result}
    if face.space is not None:
        found["space"] = face.space
    return found


def batter_face(state: Any, label: str) -> dict[str, Any]:
    card = _batter(state, label)
    found: dict[str, Any] = {"pitch": card.face.pitch, "result": card.face.result}
    if card.face.space is not None:
        found["space"] = card.face.space
    return found


def _batter(state: Any, label: str) -> Any:
    card = _deck_of(state).batter_card(label)
    if card is None:
        raise InvalidPlay(f"the batter's deck has no card {label!r}: tap one of its cards")
    return card


def extension(state: Any, data: Post) -> tuple[dict[str, Any], dict[str, str]]:
    """The extension the labels name (the batter's card played, the pitcher's card face up
    or "none"), and the labels to keep beside it."""
    batter = data.get("extend_batter_card")
    if not batter:
        raise InvalidPlay("extend: tap the card the batter plays")
    pitcher = data.get("extend_pitcher_card")
    if not pitcher:
        raise InvalidPlay("extend: tap the card the pitcher plays face up, or No card")
    labels = {"extend_batter": batter}
    number = None
    if pitcher != "none":
        number = pitcher_face(state, pitcher)["number"]
        labels["extend_pitcher"] = pitcher
    return {"runners": _batter(state, batter).runners, "pitcher_number": number}, labels


def play_fields(play: dict[str, Any]) -> dict[str, list[Any]] | None:
    """A play as the controls post it; None for a swap or an event (forms of their own)."""
    if "swap" in play or "event" in play:
        return None
    fields: dict[str, list[Any]] = {"fielder": [play.get("fielder")], "die": [play.get("die")]}
    for who in ("pitcher", "batter"):
        card = play.get(who) if isinstance(play.get(who), dict) else {}
        for key in ("number", "pitch", "result", "space"):
            fields[f"{who}_{key}"] = [card.get(key)]
    if "bobble" in play:
        fields["bobble"] = ["none" if play["bobble"] is None else play["bobble"]]
    labels = play.get("cards") if isinstance(play.get("cards"), dict) else {}
    for who in ("pitcher", "batter"):
        fields[f"{who}_card"] = [labels.get(who)]
    extend = play.get("extend")
    if isinstance(extend, dict):
        pitcher = extend.get("pitcher_number")
        if labels.get("extend_batter"):
            fields["extend_batter_card"] = [labels["extend_batter"]]
            fields["extend_pitcher_card"] = [labels.get("extend_pitcher", "none")]
        else:
            fields["extend_runners"] = [extend.get("runners")]
            fields["extend_pitcher"] = ["none" if pitcher is None else pitcher]
    return fields
