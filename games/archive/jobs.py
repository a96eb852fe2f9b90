"""The site's long work, as jobs of the task queue (django-tasks with its database backend;
``python manage.py db_worker`` runs them, a process of its own): building a win-probability
table, building a season's data pack, and working out the swings of finished games.

Nothing here runs in a web request. Writes ask for jobs: a new game or league asks for the
table of its options, a game that finishes asks for the swings; a download of a season's pack
asks for the pack. Pages and the API only look up what the jobs left.

A job is asked for by name (``request``). While a job of that name is queued or running,
asking again adds nothing, so one table or one pack is built by one job at a time; and at
most ``settings.JOB_LIMIT`` jobs are queued or running at once, so no stream of requests can
pile work up. The names are ``PendingJob`` rows, which the job deletes when it ends.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone
from django_tasks import task
from django_tasks.base import Task

from games.archive import season_pack
from games.models import Game, League, PendingJob, Season
from games.win import chances as win_chances
from games.win import tables as win_tables

log = logging.getLogger(__name__)

SWINGS = "swings"


def request(name: str, job: Task, *args: Any) -> bool:
    """Queue ``job(*args)`` as ``name`` unless a job of that name is queued or running, or
    the queue is full. True when it was queued."""
    with transaction.atomic():
        stale = timezone.now() - settings.JOB_STALE_AFTER
        PendingJob.objects.filter(name=name, enqueued_at__lt=stale).delete()
        if PendingJob.objects.filter(name=name).exists():
            return False
        if PendingJob.objects.count() >= settings.JOB_LIMIT:
            log.warning("job %s not queued: %s jobs already wait", name, settings.JOB_LIMIT)
            return False
        try:
            with transaction.atomic():
                PendingJob.objects.create(name=name)
        except IntegrityError:  # asked for at the same moment elsewhere
            return False
        job.enqueue(*args)
    return True


def is_pending(name: str) -> bool:
    return PendingJob.objects.filter(name=name).exists()


@contextmanager
def running(name: str, *, free_at_start: bool = False) -> Iterator[None]:
    """Mark job ``name`` running while the block runs, and free its name at the end (or at
    the start, for a job that may be asked for again while it runs)."""
    if free_at_start:
        PendingJob.objects.filter(name=name).delete()
    else:
        PendingJob.objects.filter(name=name).update(started_at=timezone.now())
    try:
        yield
    finally:
        PendingJob.objects.filter(name=name).delete()


# Win-probability tables --------------------------------------------------------------------


def table_job(name: win_tables.TableName) -> str:
    return "win-table:" + ":".join(name.key)


def want_table(kind: str, options: Mapping[str, Any]) -> bool:
    """Ask for the table of a game of ``kind`` with ``options`` unless it is current or no
    table covers them. True when a build was queued."""
    name = win_tables.name_for(kind, options)
    if isinstance(name, win_tables.Unavailable) or win_tables.is_current(name):
        return False
    return request(table_job(name), build_win_table, kind, dict(options))


@task()
def build_win_table(kind: str, options: dict[str, Any]) -> str:
    """Build the table a game of ``kind`` with ``options`` is looked up in, within the
    budget, then work out the swings of that game's finished games."""
    name = win_tables.name_for(kind, options)
    if isinstance(name, win_tables.Unavailable):
        return name.reason
    with running(table_job(name)):
        if win_tables.is_current(name):
            return "current"
        try:
            row = win_tables.build_and_store(name, budget=win_tables.default_budget())
        except win_tables.OverBudget as exc:
            log.warning("win-probability table %s not built: %s", name.key, exc)
            return f"not built: {exc}"
        win_chances.refresh_swings(Game.objects.filter(kind=kind), budget=None)
    return f"{row.games} games in {row.seconds:.1f} s"


# Swings ------------------------------------------------------------------------------------


def want_swings() -> bool:
    return request(SWINGS, measure_swings)


@task()
def measure_swings() -> int:
    """Work out every decided game's swing that is missing or out of date. Returns how many
    decided games are still without one (their table is not built yet)."""
    with running(SWINGS, free_at_start=True):
        return win_chances.refresh_swings(Game.objects.all(), budget=None)


# Season data packs -------------------------------------------------------------------------


def pack_job(season_id: int) -> str:
    return f"season-pack:{season_id}"


def want_pack(season: Season) -> bool:
    return request(pack_job(season.pk), build_season_pack, season.pk)


def pack_for_download(season: Season) -> season_pack.Built | None:
    """The pack to serve for ``season`` now: the one built for what the season is now, else
    the previous one. A pack that is missing, or out of date and older than
    ``settings.SEASON_PACK_REFRESH``, is asked of the task queue (one build per season at a
    time); ``None`` while the season has no pack yet."""
    built = season_pack.latest(season)
    if built is not None and built.key == season_pack.pack_key(season):
        return built
    if built is None or timezone.now() - built.built_at >= settings.SEASON_PACK_REFRESH:
        if want_pack(season):  # an immediate task backend has built it already
            built = season_pack.latest(season) or built
    return built


@task()
def build_season_pack(season_id: int) -> str:
    """Build the season's pack for what the season is now, unless it is built already."""
    with running(pack_job(season_id)):
        season = Season.objects.select_related("league").filter(pk=season_id).first()
        if season is None:
            return "no such season"
        return season_pack.cached_pack(season, season_pack.pack_key(season)).name


# What asks for jobs ------------------------------------------------------------------------


@receiver(post_save, sender=Game, dispatch_uid="games.jobs.game_saved")
def _game_saved(sender, instance: Game, created: bool, update_fields=None, **kwargs) -> None:
    if created:
        want_table(instance.kind, instance.options)
    elif update_fields and "finished_at" in update_fields and instance.finished_at:
        want_swings()


@receiver(post_save, sender=League, dispatch_uid="games.jobs.league_saved")
def _league_saved(sender, instance: League, raw: bool = False, **kwargs) -> None:
    if not raw:
        want_table(instance.kind, instance.options)
