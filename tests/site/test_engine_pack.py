"""What the scoring screen's local engine loads: the packed engines are the engines' source
exactly, packing is repeatable, Pyodide's package is used only when its checksum matches, and
its standard library keeps what Pyodide and the engines import."""

import io
import tarfile
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.plumbing import browser_engine, pyodide_stdlib


def test_the_packed_engines_are_the_engines_source():
    """Fails when games/engines/ changed and the packed copy was not made again."""
    stale = browser_engine.stale_members()
    assert not stale, f"run: python manage.py pack_engine (differs: {', '.join(stale)})"


def test_packing_the_same_source_gives_the_same_zip():
    assert browser_engine.engines_zip() == browser_engine.engines_zip()
    packed = zipfile.ZipFile(io.BytesIO(browser_engine.engines_zip()))
    names = packed.namelist()
    assert names == sorted(names)
    assert "games/engines/tablet.py" in names
    assert "games/engines/catalogues/index.json" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".md")]
    assert packed.read("games/__init__.py") == b""
    # The tap readers go with the engines; the site's kinds package is an empty one there.
    assert packed.read("games/kinds/__init__.py") == b""
    assert "games/kinds/taps/__init__.py" in names
    assert "games/kinds/taps/backyard_baseball.py" in names


def test_a_stale_copy_is_named_file_by_file(tmp_path: Path):
    sources = dict(browser_engine.engine_sources())
    changed = tmp_path / "engines.zip"
    with zipfile.ZipFile(changed, "w") as packed:
        for name, data in sources.items():
            if name == "games/engines/base.py":
                data += b"\n# changed\n"
            if name != "games/engines/tablet.py":
                packed.writestr(name, data)
        packed.writestr("games/engines/gone.py", b"")
    assert browser_engine.stale_members(changed) == [
        "games/engines/base.py", "games/engines/gone.py", "games/engines/tablet.py",
    ]  # fmt: skip
    assert browser_engine.write_engines_zip(changed)
    assert browser_engine.stale_members(changed) == []
    assert not browser_engine.write_engines_zip(changed)


def test_pack_engine_check_fails_on_a_stale_copy(tmp_path: Path, monkeypatch):
    stale = tmp_path / "engines.zip"
    with zipfile.ZipFile(stale, "w") as packed:
        packed.writestr("games/__init__.py", b"")
    monkeypatch.setattr(browser_engine, "ENGINES_ZIP", stale)
    with pytest.raises(CommandError, match="games/engines/base.py"):
        call_command("pack_engine", "--check")


def test_pyodide_is_refused_when_its_checksum_differs(tmp_path: Path):
    tarball = tmp_path / "pyodide.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        archive.addfile(tarfile.TarInfo("package/README.md"), io.BytesIO(b""))
    with pytest.raises(browser_engine.PackError, match="does not match its checksum"):
        browser_engine._check_integrity(tarball)


def test_the_standard_library_keeps_what_the_engines_need(tmp_path: Path):
    full = tmp_path / "python_stdlib.zip"
    names = [
        "json/__init__.py", "dataclasses.py", "random.py", "asyncio/tasks.py",
        "pyodide/__init__.py", "_pyodide/_base.py", "encodings/utf_8.py", "encodings/cp437.py",
        "encodings/cp1252.py", "email/message.py", "unittest/case.py", "pydoc.py",
        "tkinter/__init__.py", "xml/dom/minidom.py", "subprocess.py",
    ]  # fmt: skip
    with zipfile.ZipFile(full, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            archive.writestr(name, f"# {name}\n" * 50)
    trimmed = tmp_path / "trimmed.zip"
    pyodide_stdlib.trim_stdlib(full, trimmed)
    kept = zipfile.ZipFile(trimmed)
    assert sorted(kept.namelist()) == sorted([
        "json/__init__.py", "dataclasses.py", "random.py", "asyncio/tasks.py",
        "pyodide/__init__.py", "_pyodide/_base.py", "encodings/utf_8.py", "encodings/cp437.py",
        "subprocess.py",
    ])  # fmt: skip
    assert kept.read("random.py") == b"# random.py\n" * 50


def test_the_compiled_engines_are_named_for_the_packed_engines(tmp_path: Path, monkeypatch):
    packed = tmp_path / "engines.zip"
    packed.write_bytes(b"one")
    monkeypatch.setattr(browser_engine, "ENGINES_ZIP", packed)
    first = browser_engine.compiled_engines(tmp_path)
    packed.write_bytes(b"two")
    second = browser_engine.compiled_engines(tmp_path)
    assert first.name.startswith("engines-") and first != second
    # Without a compiled copy of these engines, the page loads the packed sources.
    monkeypatch.setattr(browser_engine, "PYODIDE_DIR", tmp_path)
    assert browser_engine.engines_url_path() == "games/engine/engines.zip"
    second.write_bytes(b"compiled")
    assert browser_engine.engines_url_path() == f"games/engine/pyodide/{second.name}"


def test_pack_engine_says_when_pyodide_cannot_be_had(monkeypatch, capsys):
    def no_npm(directory=None):
        raise browser_engine.PackError("npm is not installed")

    monkeypatch.setattr(browser_engine, "fetch_pyodide", no_npm)
    call_command("pack_engine")
    said = capsys.readouterr()
    assert "npm is not installed" in said.err
    assert "through the server only" in said.err
    with pytest.raises(CommandError, match="npm is not installed"):
        call_command("pack_engine", "--strict")
