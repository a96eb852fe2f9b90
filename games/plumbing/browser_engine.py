"""What the scoring screen's local engine is built from: the engines' package and the games'
tap readers (``games/kinds/taps/``, how a tap's fields become a play), packed into one zip for
the browser, and Pyodide (CPython compiled to WebAssembly) from the ``pyodide`` package of the
npm registry, with a standard library cut down to what they need.

Both land in the site's static files (``games/static/games/engine/``), served like any other
by WhiteNoise: nothing comes from a CDN. ``manage.py pack_engine`` writes them;
``engines.zip`` is kept in the repository and a test fails when it differs from
``games/engines/`` and ``games/kinds/taps/``; Pyodide's files are fetched by ``npm pack`` (its
checksum checked) and not kept in the repository.
"""

from __future__ import annotations

import base64
import fcntl
import gzip
import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import games.engines
from games.plumbing import pyodide_stdlib

ENGINES = Path(games.engines.__file__).parent
# The tap readers, found beside the engines rather than imported: the site's plumbing imports
# no game layer.
TAPS = ENGINES.parent / "kinds" / "taps"
STATIC = Path(__file__).resolve().parents[1] / "static" / "games" / "engine"
ENGINES_ZIP = STATIC / "engines.zip"
PYODIDE_DIR = STATIC / "pyodide"

PYODIDE_VERSION = "314.0.7"
# The npm registry's checksum of the package (``npm view pyodide@<version> dist.integrity``).
PYODIDE_INTEGRITY = (
    "sha512-"
    "0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# What the page loads: the loader, the interpreter (script and WebAssembly), the list of
# packages (none is loaded, but the loader reads it) and the standard library.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "python_stdlib.zip",
)
# The interpreter is compressed here, once, beside its files: WhiteNoise serves these copies
# as they are (``WHITENOISE_SKIP_COMPRESS_EXTENSIONS``), where collectstatic would spend
# minutes on brotli's best setting for each file under both its names. Brotli's setting 5
# comes within 18% of its best size in a hundredth of the time (3.23 against 2.74 MB).
PRECOMPRESSED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip")
BROTLI_QUALITY = 5
# A fixed time for every member, so that packing the same source twice gives the same zip.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


PackError = pyodide_stdlib.PackError


def engine_sources() -> Iterator[tuple[str, bytes]]:
    """Each file the local engine needs at run time (the engines' modules and card catalogues,
    the tap readers' modules), as its name in the zip and its bytes, in name order.
    ``games/__init__.py`` and ``games/kinds/__init__.py`` are empty files there: the site's
    own packages are not needed to import ``games.engines`` and ``games.kinds.taps``."""
    yield "games/__init__.py", b""
    files = [
        path
        for path in ENGINES.rglob("*")
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts
    ]
    for path in sorted(files):
        yield f"games/engines/{path.relative_to(ENGINES).as_posix()}", path.read_bytes()
    yield "games/kinds/__init__.py", b""
    for path in sorted(TAPS.glob("*.py")):
        yield f"games/kinds/taps/{path.name}", path.read_bytes()


def engines_zip() -> bytes:
    """The engines packed for the browser: the same bytes for the same sources."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
        for name, data in engine_sources():
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            packed.writestr(info, data)
    return buffer.getvalue()


def packed_sources(path: Path | None = None) -> dict[str, bytes]:
    """What a packed zip holds, name → bytes (empty when there is none)."""
    path = path or ENGINES_ZIP
    if not path.exists():
        return {}
    with zipfile.ZipFile(path) as packed:
        return {name: packed.read(name) for name in packed.namelist()}


def stale_members(path: Path | None = None) -> list[str]:
    """The files that differ between the packed zip and its sources (added, removed or
    changed), sorted; empty when the packed copy is current."""
    path = path or ENGINES_ZIP
    packed = packed_sources(path)
    source = dict(engine_sources())
    return sorted(
        name for name in packed.keys() | source.keys() if packed.get(name) != source.get(name)
    )


def write_engines_zip(path: Path | None = None) -> bool:
    """Pack the engines and the tap readers into ``path`` unless it holds them already; True
    if it was written."""
    path = path or ENGINES_ZIP
    if path.exists() and not stale_members(path):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(engines_zip())
    return True


def compiled_engines(directory: Path | None = None) -> Path:
    """Where the packed engines compiled to bytecode by Pyodide's Python are kept: named for
    the packed zip's digest, so a copy of older engines is never taken for the current one."""
    digest = hashlib.sha256((ENGINES_ZIP).read_bytes()).hexdigest()[:12]
    return (directory or PYODIDE_DIR) / f"engines-{digest}.zip"


def compile_engines(directory: Path | None = None) -> bool:
    """Compile the packed engines with Pyodide's Python (the worker then starts without
    compiling ninety modules: about a second on this machine's Chromium). Needs Pyodide's files
    in place; False when the compiled copy of these engines is there already."""
    directory = directory or PYODIDE_DIR
    target = compiled_engines(directory)
    with _one_at_a_time(directory.parent):
        if target.exists():
            return False
        with _scratch(directory.parent) as scratch:
            built = scratch / target.name
            pyodide_stdlib.compile_zip(
                directory, ENGINES_ZIP, built, stdlib=directory / "python_stdlib.zip"
            )
            precompress(built)
            for older in directory.glob("engines-*.zip*"):
                older.unlink()
            # The compressed copies first: a page that finds the zip finds them too.
            for suffix in (".gz", ".br", ""):
                made = built.with_name(built.name + suffix)
                if made.exists():
                    os.replace(made, target.with_name(target.name + suffix))
    return True


def engines_url_path() -> str:
    """The static path of the engines the page loads: compiled where they are, else the
    packed sources (the same rules, slower to start)."""
    compiled = compiled_engines()
    if compiled.exists():
        return f"games/engine/pyodide/{compiled.name}"
    return "games/engine/engines.zip"


def available() -> bool:
    """The scoring screens offer the local engine: switched on (``LOCAL_ENGINE``) and its files
    in place."""
    from django.conf import settings

    return bool(settings.LOCAL_ENGINE) and ENGINES_ZIP.exists() and pyodide_ready()


def pyodide_ready(directory: Path | None = None) -> bool:
    """Pyodide's files are in place, from the version this module names."""
    directory = directory or PYODIDE_DIR
    stamp = directory / "VERSION"
    return (
        stamp.exists()
        and stamp.read_text().strip() == PYODIDE_VERSION
        and all((directory / name).exists() for name in PYODIDE_FILES)
        and all((directory / f"{name}.gz").exists() for name in PRECOMPRESSED)
    )


def fetch_pyodide(directory: Path | None = None) -> bool:
    """Put Pyodide's files in ``directory``: the npm package, fetched with ``npm pack``, its
    checksum checked, the standard library cut down. False when they were there already."""
    directory = directory or PYODIDE_DIR
    with _one_at_a_time(directory.parent):
        if pyodide_ready(directory):
            return False
        with _scratch(directory.parent) as scratch:
            tarball = _npm_pack(scratch)
            _check_integrity(tarball)
            unpacked = scratch / "unpacked"
            with tarfile.open(tarball) as archive:
                archive.extractall(unpacked, filter="data")
            package = unpacked / "package"
            built = scratch / "pyodide"
            built.mkdir()
            for name in PYODIDE_FILES:
                if name == "python_stdlib.zip":
                    pyodide_stdlib.build(package, built / name)
                else:
                    shutil.copyfile(package / name, built / name)
            for name in PRECOMPRESSED:
                precompress(built / name)
            (built / "VERSION").write_text(PYODIDE_VERSION + "\n")
            if directory.exists():
                shutil.rmtree(directory)
            os.replace(built, directory)
    return True


@contextmanager
def _one_at_a_time(folder: Path) -> Iterator[None]:
    """Hold the build's lock (test workers may build at once)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".pack.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextmanager
def _scratch(folder: Path) -> Iterator[Path]:
    """A scratch folder beside the static files (hidden from collectstatic, on the same disk,
    so a finished build is moved into place in one step)."""
    scratch = Path(tempfile.mkdtemp(prefix=".pack-", dir=folder))
    try:
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def precompress(path: Path) -> None:
    """Write ``path``'s gzip copy (``.gz``) and, where the brotli module is installed, its
    brotli copy (``.br``), for WhiteNoise to serve to browsers that accept them."""
    data = path.read_bytes()
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    try:
        import brotli
    except ImportError:
        return
    path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=BROTLI_QUALITY))


def _npm_pack(directory: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise PackError("npm is not installed: it fetches Pyodide from the npm registry")
    command = [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(directory)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        raise PackError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {done.stderr.strip()}")
    return directory / f"pyodide-{PYODIDE_VERSION}.tgz"


def _check_integrity(tarball: Path) -> None:
    algorithm, _, expected = PYODIDE_INTEGRITY.partition("-")
    digest = hashlib.new(algorithm, tarball.read_bytes()).digest()
    if base64.b64encode(digest).decode() != expected:
        raise PackError(f"{tarball.name} does not match its checksum: not used")
