"""Background jobs asked for and not yet finished: one row per job name, so a job (a table's
build, a season pack's build) is queued or running at most once at a time, and the number of
rows bounds the work waiting (``games.archive.jobs``)."""

from __future__ import annotations

from django.db import models


class PendingJob(models.Model):
    """A job queued (``started_at`` empty) or running. The job deletes its row when it ends;
    a row older than the job limit's stale age is taken to be a worker that died."""

    name = models.CharField(max_length=200, unique=True)
    enqueued_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["enqueued_at"]

    def __str__(self) -> str:
        return f"{self.name} ({'running' if self.started_at else 'queued'})"
