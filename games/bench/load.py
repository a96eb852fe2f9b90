"""A local load generator: client processes, each with threads holding keep-alive HTTP
connections, sending requests back to back for a fixed time.

Only the standard library (``http.client``): the generator must cost far less per request
than the server, and ``report`` says how much CPU it used so that can be checked.
"""

from __future__ import annotations

import http.client
import multiprocessing
import re
import statistics
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

TIMEOUT = 30.0
PRIME_TIMEOUT = 120.0


@dataclass(frozen=True)
class Target:
    """What one client thread requests: GET ``path`` again and again (POST ``body`` to it,
    when given), or each of ``posts`` (path, form body) in turn (e.g. the next play of its
    own game). Like a browser, the
    client sends back the cookies it is given; like the scoring screen, it posts again the
    hidden fields named in ``carry`` as the last answer from the same path gave them."""

    path: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    posts: tuple[tuple[str, str], ...] = ()
    carry: tuple[str, ...] = ()


def hidden_fields(html: str, names: tuple[str, ...]) -> dict[str, str]:
    """The first value of each hidden field ``names`` in ``html`` (an answer's board)."""
    found = {}
    for name in names:
        match = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
        if match:
            found[name] = match.group(1)
    return found


@dataclass
class _Tally:
    ok: int = 0
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)


def _client(port: int, target: Target, start: float, end: float, tally: _Tally) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    given = {k: v for k, v in target.headers.items() if k.lower() != "cookie"}
    cookies = dict(
        part.strip().split("=", 1)
        for part in target.headers.get("Cookie", "").split(";")
        if "=" in part
    )
    posts = iter(target.posts)
    carried: dict[str, dict[str, str]] = {}  # path → hidden fields of its last answer
    while True:
        now = time.time()
        if now >= end:
            break
        path, body = next(posts, (None, None)) if target.posts else (target.path, target.body)
        if path is None:
            break  # this client's plays are used up
        if body is not None and carried.get(path):
            body = f"{body}&{urllib.parse.urlencode(carried[path])}"
        headers = {"Connection": "keep-alive", **given}
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        sent = time.perf_counter()
        reply = _send(connection, path, body, headers)
        if reply is None:  # the server closed a kept-alive connection: reconnect, try again
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
            reply = _send(connection, path, body, headers)
        took = time.perf_counter() - sent
        status = reply[0] if reply else 0
        if reply:
            cookies.update(reply[1])
            if target.carry:
                carried[path] = hidden_fields(reply[2], target.carry)
        if now < start:
            continue  # warming up
        tally.statuses[status] = tally.statuses.get(status, 0) + 1
        if 200 <= status < 300:
            tally.ok += 1
            tally.latencies.append(took)
        else:
            tally.errors += 1
    connection.close()


def _send(
    connection: http.client.HTTPConnection, path: str, body: str | None, headers: dict
) -> tuple[int, dict[str, str], str] | None:
    """The reply's status, the cookies it sets and its text, or ``None`` if the connection
    failed."""
    try:
        connection.request("POST" if body is not None else "GET", path, body=body, headers=headers)
        reply = connection.getresponse()
        content = reply.read()
    except (ConnectionError, http.client.HTTPException, TimeoutError, OSError):
        return None
    cookies = {}
    for header in reply.headers.get_all("Set-Cookie") or ():
        name, _, value = header.split(";", 1)[0].partition("=")
        cookies[name.strip()] = value.strip()
    return reply.status, cookies, content.decode("utf-8", "replace") if body is not None else ""


def _process(port: int, targets: list[Target], start: float, end: float, out: Any) -> None:
    tallies = [_Tally() for _ in targets]
    threads = [
        threading.Thread(target=_client, args=(port, target, start, end, tally))
        for target, tally in zip(targets, tallies, strict=True)
    ]
    for thread in threads:
        thread.start()
    while time.time() < start:
        time.sleep(0.01)
    cpu_start = time.process_time()
    for thread in threads:
        thread.join()
    cpu = time.process_time() - cpu_start
    total = _Tally()
    for tally in tallies:
        total.ok += tally.ok
        total.errors += tally.errors
        total.latencies += tally.latencies
        for status, count in tally.statuses.items():
            total.statuses[status] = total.statuses.get(status, 0) + count
    out.put((total.ok, total.errors, total.statuses, total.latencies, cpu))


def prime(port: int, targets: list[Target]) -> None:
    """Ask once for each page the targets read, from as many connections at once as there
    are targets, before anything is timed: a server worker's first answer loads what it
    keeps in memory (a win-probability table, say), which can take longer than a short
    run's warm-up, and a window that opens on it measures the loading, or nothing."""
    pages = {
        (t.path, tuple(sorted(t.headers.items())))
        for t in targets
        if t.path and t.body is None and not t.posts
    }
    for path, headers in sorted(pages):
        threads = [
            threading.Thread(target=_get_once, args=(port, path, dict(headers))) for _ in targets
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def _get_once(port: int, path: str, headers: dict[str, str]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PRIME_TIMEOUT)
    try:
        _send(connection, path, None, headers)
    finally:
        connection.close()


def run(
    port: int,
    targets: list[Target],
    *,
    processes: int,
    warmup: float,
    seconds: float,
    server_cpu: Any = None,
) -> dict[str, Any]:
    """Send the targets' requests (one thread each, spread over ``processes``) for
    ``warmup`` + ``seconds``; count what completes in the last ``seconds``. Pages the
    targets read are asked for once first (``prime``)."""
    prime(port, targets)
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    start = time.time() + warmup + 1.0  # one second for the processes to start
    end = start + seconds
    groups = [targets[i::processes] for i in range(processes) if targets[i::processes]]
    workers = [
        context.Process(target=_process, args=(port, group, start, end, out)) for group in groups
    ]
    for worker in workers:
        worker.start()
    while time.time() < start:
        time.sleep(0.005)
    server_before = server_cpu() if server_cpu else None
    while time.time() < end:
        time.sleep(0.005)
    server_after = server_cpu() if server_cpu else None
    results = [out.get(timeout=end - time.time() + 120) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    ok = sum(r[0] for r in results)
    errors = sum(r[1] for r in results)
    statuses: dict[int, int] = {}
    for result in results:
        for status, count in result[2].items():
            statuses[status] = statuses.get(status, 0) + count
    latencies = sorted(latency for result in results for latency in result[3])
    client_cpu = sum(r[4] for r in results)
    server_used = (
        server_after - server_before if server_before is not None and server_after else None
    )
    return {
        "requests_per_second": round(ok / seconds, 1),
        "requests": ok,
        "errors": errors,
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "latency_ms": _percentiles(latencies),
        "clients": len(targets),
        "client_cpu_cores": round(client_cpu / seconds, 2),
        "server_cpu_cores": round(server_used / seconds, 2) if server_used is not None else None,
    }


def _percentiles(latencies: list[float]) -> dict[str, float | None]:
    if not latencies:
        return {"p50": None, "p90": None, "p99": None}

    def at(q: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000, 2)

    return {
        "p50": at(0.5),
        "p90": at(0.9),
        "p99": at(0.99),
        "mean": round(statistics.fmean(latencies) * 1000, 2),
    }
