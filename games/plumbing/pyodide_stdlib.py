"""Pyodide's standard library as the scoring page's engine loads it: cut down to what Pyodide
and the engines import, and compiled to bytecode by Pyodide's own Python.

Pyodide's package carries the library as source, which its Python compiles on every start: on
this machine's Chromium that was most of the four seconds the interpreter took to start. Compiled
once here (run under Node.js, which the npm registry's client comes with), the start takes a
second or so. The members are stored uncompressed and the whole zip compressed for the network
(``browser_engine.precompress``): smaller than compressing each file on its own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

# Parts of the standard library the engines never import and Pyodide does not start with:
# left out of the browser's copy, a third of its size. A module the engines come to need is
# found missing by the browser tests (they import and play every game in Chromium).
LEFT_OUT = frozenset(
    {
        "_pyrepl", "curses", "dbm", "doctest.py", "email", "ensurepip", "html", "http",
        "idlelib", "imaplib.py", "mailbox.py", "multiprocessing", "pdb.py", "pickletools.py",
        "pydoc.py", "pydoc_data", "sqlite3", "tarfile.py", "tkinter", "tomllib", "turtle.py",
        "turtledemo", "unittest", "urllib", "venv", "wsgiref", "xml", "xmlrpc", "zipapp.py",
        "ftplib.py", "smtplib.py", "poplib.py", "nntplib.py", "mimetypes.py", "difflib.py",
        "ipaddress.py", "optparse.py", "getopt.py", "shelve.py", "mailcap.py", "netrc.py",
        "trace.py", "profile.py", "cProfile.py", "pstats.py", "timeit.py", "tabnanny.py",
        "zoneinfo", "lib2to3", "argparse.py", "ctypes", "_pyio.py", "_pydatetime.py",
        "_pydecimal.py", "pickle.py", "configparser.py", "_ast_unparse.py", "statistics.py",
        "platform.py", "bdb.py", "calendar.py", "sysconfig", "plistlib.py", "_strptime.py",
        "fractions.py", "uuid.py", "gzip.py", "modulefinder.py", "pprint.py", "gettext.py",
        "tracemalloc.py",
    }
)  # fmt: skip
# Of the text encodings, Pyodide and the engines use these (UTF-8 throughout; zipfile names
# code page 437).
ENCODINGS_KEPT = frozenset(
    {"__init__.py", "aliases.py", "ascii.py", "cp437.py", "latin_1.py", "utf_8.py", "utf_8_sig.py"}
)

# Compiles every module of a zip with Pyodide's Python (the bytecode must be its version's):
# an unchecked hash-based .pyc in place of each .py, docstrings and asserts left out.
COMPILE = """
import {{ loadPyodide }} from {loader};
import {{ readFileSync, writeFileSync }} from "node:fs";
const python = await loadPyodide({{ indexURL: {index}, stdLibURL: {stdlib} }});
python.FS.writeFile("/tmp/source.zip", new Uint8Array(readFileSync({source})));
python.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import zipfile

with zipfile.ZipFile("/tmp/source.zip") as source, zipfile.ZipFile("/tmp/compiled.zip", "w") as out:
    for info in sorted(source.infolist(), key=lambda info: info.filename):
        data = source.read(info.filename)
        name = info.filename
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=2)
            data = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name += "c"
        out.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
`);
writeFileSync({target}, python.FS.readFile("/tmp/compiled.zip"));
"""


class PackError(RuntimeError):
    """Pyodide could not be fetched, does not match its checksum, or would not compile."""


def build(package: Path, target: Path) -> None:
    """The standard library of the unpacked npm ``package``, cut down and compiled, in
    ``target``."""
    with tempfile.TemporaryDirectory() as scratch:
        trimmed = Path(scratch) / "trimmed.zip"
        trim_stdlib(package / "python_stdlib.zip", trimmed)
        compile_zip(package, trimmed, target, stdlib=package / "python_stdlib.zip")


def compile_zip(pyodide: Path, source: Path, target: Path, *, stdlib: Path) -> None:
    """``source`` (a zip of modules and data files) with each module compiled by the Python of
    the Pyodide in folder ``pyodide`` (started with the standard library zip ``stdlib``)."""
    node = shutil.which("node")
    if node is None:
        raise PackError("Node.js is not installed: it runs Pyodide to compile its library")
    script = COMPILE.format(
        loader=_js((pyodide / "pyodide.mjs").resolve().as_uri()),
        index=_js(str(pyodide.resolve()) + "/"),
        stdlib=_js(str(stdlib.resolve())),
        source=_js(str(source.resolve())),
        target=_js(str(target.resolve())),
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    if done.returncode != 0 or not target.exists():
        said = done.stderr.strip()[-500:]
        raise PackError(f"compiling {source.name} with Pyodide failed: {said}")


def trim_stdlib(source: Path, target: Path) -> None:
    """Copy Pyodide's standard library zip without the parts in ``LEFT_OUT`` and the text
    encodings outside ``ENCODINGS_KEPT`` (members copied as they are compressed)."""
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(target, "w") as kept:
        for info in full.infolist():
            if _kept(info.filename):
                kept.writestr(info, full.read(info.filename), compress_type=info.compress_type)


def _kept(name: str) -> bool:
    parts = name.split("/")
    if parts[0] in LEFT_OUT:
        return False
    if parts[0] == "encodings" and len(parts) == 2 and parts[1]:
        return parts[1] in ENCODINGS_KEPT
    return True


def _js(text: str) -> str:
    """``text`` as a JavaScript string literal."""
    return json.dumps(text)
