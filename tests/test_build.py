"""The two builds: mypyc-compiled hot modules, or pure Python, from the same source.

``hhparse._build`` keeps the compiled modules only while every one still matches the
source it was compiled from, and ``HHPARSE_PURE=1`` forces the source: an edited ``.py`` in
a developer's tree is never shadowed by a stale ``.so``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hhparse
from hhparse.cli import app

PACKAGE = Path(hhparse.__file__).resolve().parent
PROBE = ("import hhparse, hhparse.money as money, hhparse.replay.engine as engine; "
         "print(hhparse.BUILD.compiled, money.__file__, engine.__file__, "
         "getattr(money, 'EDITED', False))")


def probe(root: Path, *, pure: bool = False) -> list[str]:
    environment = {key: value for key, value in os.environ.items() if key != "HHPARSE_PURE"}
    environment["PYTHONPATH"] = str(root)
    if pure:
        environment["HHPARSE_PURE"] = "1"
    completed = subprocess.run([sys.executable, "-c", PROBE], cwd=root, env=environment,
                               capture_output=True, text=True, check=True)
    return completed.stdout.split()


def copy_of_the_package(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    shutil.copytree(PACKAGE, root / "hhparse",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for shared in PACKAGE.parent.glob("*__mypyc*"):  # mypyc's shared library of the build
        shutil.copy(shared, root / shared.name)
    return root


def test_version_says_which_build_runs() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith(f"hhparse {hhparse.__version__} (")
    expected = "compiled with mypyc" if hhparse.BUILD.compiled else "pure Python: "
    assert expected in result.output


def test_hhparse_pure_forces_the_source(tmp_path: Path) -> None:
    compiled, money, engine, _ = probe(copy_of_the_package(tmp_path), pure=True)
    assert compiled == "False"
    assert money.endswith("money.py") and engine.endswith("engine.py")


def test_a_stale_compiled_module_never_shadows_its_edited_source(tmp_path: Path) -> None:
    """A compiled money module that no longer matches money.py (here an unloadable stand-in
    for one, recorded in the manifest) is never imported: everything comes from source."""
    root = copy_of_the_package(tmp_path)
    package = root / "hhparse"
    money = package / "money.py"
    manifest = {"compiler": "mypyc",
                "sources": {"hhparse/money.py": hashlib.sha256(money.read_bytes()).hexdigest()}}
    (package / "_build_manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    stand_in = package / f"money{EXTENSION_SUFFIXES[0]}"
    if not stand_in.exists():
        stand_in.write_bytes(b"not a shared library")
    money.write_text(money.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")
    compiled, money_file, engine_file, edited = probe(root)
    assert compiled == "False"
    assert money_file.endswith("money.py") and engine_file.endswith("engine.py")
    assert edited == "True"


@pytest.mark.skipif(not hhparse.BUILD.compiled, reason="this tree runs the pure build")
def test_the_compiled_build_runs_its_modules_until_one_is_edited(tmp_path: Path) -> None:
    root = copy_of_the_package(tmp_path)
    compiled, money_file, engine_file, _ = probe(root)
    assert compiled == "True"
    assert not money_file.endswith(".py") and not engine_file.endswith(".py")
    engine = root / "hhparse" / "replay" / "engine.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    compiled, money_file, engine_file, _ = probe(root)
    assert compiled == "False"
    assert money_file.endswith("money.py") and engine_file.endswith("engine.py")


def test_no_compiled_module_caches_with_cached_property() -> None:
    """mypyc compiles ``functools.cached_property`` on a native class as a plain property:
    the pure build works the value out once, the compiled one at every use (the replay's
    forced-bet structure was worked out three times a hand, its usual ante once per ante)."""
    listed = (PACKAGE.parent / "compiled-modules.txt").read_text(encoding="utf-8")
    modules = [line.strip() for line in listed.splitlines()
               if line.strip() and not line.startswith("#")]
    assert modules
    decorated = re.compile(r"^\s*@(functools\.)?cached_property\b", re.MULTILINE)
    using = [module for module in modules
             if decorated.search((PACKAGE.parent / module).read_text(encoding="utf-8"))]
    assert using == []


PER_LINE_MODULES = ("hhparse/parsers/pokerstars.py", "hhparse/replay/engine.py",
                    "hhparse/replay/handlers.py", "hhparse/replay/rooms.py",
                    "hhparse/columns.py", "hhparse/hand_facts.py")


@pytest.mark.parametrize("module", PER_LINE_MODULES)
def test_per_line_code_reads_kinds_as_module_constants(module: str) -> None:
    """On Python 3.11 every ``Kind.X`` goes through ``EnumType.__getattr__``'s slow attribute
    path (~109 ns against ~19 for a module constant): in the code run for every line and
    action it cost the pure build ~7% of its instructions a hand. Those modules import the
    members as constants (``hhparse.records.FOLD`` ...)."""
    text = (PACKAGE.parent / module).read_text(encoding="utf-8")
    assert re.findall(r"\bKind\.[A-Z_]+\b", text) == []


def test_kind_constants_are_the_members() -> None:
    import hhparse.records as records

    for kind in records.Kind:
        assert getattr(records, kind.name) is kind
