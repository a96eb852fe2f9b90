"""The bracket moving by itself: ties settled from their games, winners placed in the next
round and the fixtures a tie needs added. What starts it, a fixture's result changing, is
``games.leagues.cups.changes``.

Every write here happens with the competition's row locked (``select_for_update``), so two
requests that finish games of one cup at once (or an organiser's walkover beside a scorer's
last play) settle the bracket one after the other.

A winner that changes (a reopened game corrected, a game voided) is taken back out of the
rounds after: its place there goes to the new winner, or stays open. Games already started in
those later ties are never deleted: they stay on the fixture list, no longer count, and their
tie carries a ``flag`` naming what happened, for the organisers to void or replay them.
Fixtures not started yet are simply re-teamed or removed.
"""

from __future__ import annotations

from games.leagues.cups import draw
from games.leagues.cups.results import TieResult, tie_result
from games.models import Competition, Entrant, Fixture, Tie
from games.models.games import new_revision


def lock(competition_id: int) -> Competition:
    """The competition's row, locked for this transaction (read fresh)."""
    return (
        Competition.objects.select_related("season__league")
        .select_for_update()
        .get(pk=competition_id)
    )


def touch(competition: Competition) -> None:
    competition.revision = new_revision()
    Competition.objects.filter(pk=competition.pk).update(revision=competition.revision)


def build_bracket(competition: Competition, entrants: list[Entrant]) -> None:
    """Every tie of the knockout for ``entrants`` in seed order; round one filled, byes
    through, fixtures added where both sides are known."""
    rounds = draw.rounds_for(len(entrants))
    ties: dict[tuple[int, int], Tie] = {}
    for number in range(1, rounds + 1):
        for slot in range(2 ** (rounds - number)):
            ties[number, slot] = Tie.objects.create(
                competition=competition, round=number, slot=slot
            )
    if competition.third_place and rounds >= 2:
        Tie.objects.create(competition=competition, round=rounds, slot=0, third_place=True)
    for slot, (top, bottom) in enumerate(draw.first_round(len(entrants))):
        tie = ties[1, slot]
        tie.first = entrants[top - 1]
        tie.second = entrants[bottom - 1] if bottom else None
        tie.bye = bottom is None
        tie.save(update_fields=["first", "second", "bye"])
    competition.knockout_drawn = True
    competition.save(update_fields=["knockout_drawn"])
    for slot in range(2 ** (rounds - 1)):
        settle(competition, ties[1, slot])


def _fixtures(tie: Tie) -> list[Fixture]:
    return list(tie.fixtures.select_related("away", "home", "game").order_by("leg", "id"))


def settle(competition: Competition, tie: Tie) -> None:
    """Bring ``tie`` up to date with its games, then whatever follows from it."""
    tie = Tie.objects.select_related("first__team", "second__team", "winner__team").get(pk=tie.pk)
    fixtures = _fixtures(tie)
    result = tie_result(tie, fixtures, competition)
    _add_needed(competition, tie, result)
    _flag_stale(tie, result)
    old_winner = tie.winner_id
    new_winner = result.winner.pk if result.winner else None
    if old_winner == new_winner and tie.decided_by == result.decided_by:
        return
    tie.winner = result.winner
    tie.decided_by = result.decided_by
    if result.decided_by != "walkover":
        tie.walkover_reason = ""
    tie.save(update_fields=["winner", "decided_by", "walkover_reason"])
    touch(competition)
    send_on(competition, tie)


def _add_needed(competition: Competition, tie: Tie, result: TieResult) -> None:
    season = competition.season
    for needed in result.needed:
        unstarted = tie.fixtures.filter(
            leg=needed.leg,
            decider=needed.decider,
            game__isnull=True,
            away_id=needed.away,
            home_id=needed.home,
        )
        if unstarted.exists():
            continue
        Fixture.objects.create(
            season=season,
            competition=competition,
            tie=tie,
            leg=needed.leg,
            decider=needed.decider,
            away_id=needed.away,
            home_id=needed.home,
        )
    # Unstarted fixtures between teams no longer in the tie go: no game is lost.
    for fixture in result.stale:
        if fixture.game_id is None:
            fixture.delete()


def _flag_stale(tie: Tie, result: TieResult) -> None:
    started = [f for f in result.stale if f.game_id is not None and not f.game.is_voided]
    flag = ""
    if started:
        games = ", ".join(f"{f} (game {f.game_id})" for f in started)
        flag = (
            f"No longer counts: {games}, played before the bracket changed. "
            "Void or keep it for the record; it does not decide this tie."
        )
    if flag != tie.flag:
        tie.flag = flag
        tie.save(update_fields=["flag"])


def _next_place(competition: Competition, tie: Tie) -> tuple[Tie | None, Tie | None, str]:
    """Where the tie's winner goes (and, from a semi-final, the loser), and in which seat."""
    if tie.third_place:
        return None, None, ""
    seat = "first" if tie.slot % 2 == 0 else "second"
    ties = competition.ties
    following = ties.filter(round=tie.round + 1, slot=tie.slot // 2, third_place=False).first()
    third = None
    if following is not None and not ties.filter(round=tie.round + 2).exists():
        third = ties.filter(third_place=True).first()
    return following, third, seat


def send_on(competition: Competition, tie: Tie) -> None:
    following, third, seat = _next_place(competition, tie)
    winner = tie.winner
    loser = None
    if winner is not None and tie.first_id and tie.second_id:
        loser = tie.second if winner.pk == tie.first_id else tie.first
    if following is not None:
        place(competition, following, seat, winner)
    if third is not None:
        place(competition, third, seat, loser)


def place(competition: Competition, tie: Tie, seat: str, entrant: Entrant | None) -> None:
    """Seat ``entrant`` (or nobody yet) in ``tie``; then settle it again."""
    tie = Tie.objects.get(pk=tie.pk)
    if getattr(tie, f"{seat}_id") == (entrant.pk if entrant else None):
        return
    setattr(tie, seat, entrant)
    if tie.decided_by == "walkover":
        tie.decided_by, tie.walkover_reason = "", ""
    tie.save(update_fields=[seat, "decided_by", "walkover_reason"])
    settle(competition, tie)
