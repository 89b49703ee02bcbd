"""The build: the hot modules compiled with mypyc when possible, else pure Python.

``pip install .`` (and ``pip install -e .``) compiles the modules of :data:`COMPILED` with
mypyc, from the same typed source, when mypyc imports and a C compiler is on the PATH; else
it installs the pure-Python package and says so in one line. ``HHPARSE_PURE=1`` forces the
pure build. Each compiled module's source digest goes into ``hhparse/_build_manifest.json``:
at run time ``hhparse._build`` uses the compiled modules only while every one of them still
matches its source (an edited ``.py`` in a developer's tree is never shadowed by a stale
``.so``), and ``hhparse --version`` says which build runs.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
MANIFEST = ROOT / "hhparse" / "_build_manifest.json"

COMPILED = tuple(
    line.strip() for line in (ROOT / "compiled-modules.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)
"""The hot path: reading, replaying, cards and evaluators, the variants' records."""


def _say(message: str) -> None:
    print(f"hhparse build: {message}", file=sys.stderr)


def _digest(path: str) -> str:
    return hashlib.sha256((ROOT / path).read_bytes()).hexdigest()


def _has_c_compiler() -> bool:
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler
    except ImportError:
        return shutil.which(os.environ.get("CC", "cc")) is not None
    compiler = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None) or ["cc"]
    return shutil.which(command[0]) is not None


def _write_manifest(modules: tuple[str, ...]) -> None:
    sources = {path: _digest(path) for path in modules}
    MANIFEST.write_text(json.dumps({"compiler": "mypyc", "sources": sources}, indent=1) + "\n",
                        encoding="utf-8")


def _extensions() -> list[object]:
    if os.environ.get("HHPARSE_PURE", "") not in ("", "0"):
        _say("HHPARSE_PURE is set: pure Python build")
        _write_manifest(())
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed: pure Python build (about half the speed)")
        _write_manifest(())
        return []
    if not _has_c_compiler():
        _say("no C compiler found: pure Python build (about half the speed)")
        _write_manifest(())
        return []
    _write_manifest(COMPILED)
    _say(f"compiling {len(COMPILED)} modules with mypyc (a few minutes, once)")
    return list(mypycify(list(COMPILED), opt_level="3", multi_file=False))


setup(ext_modules=_extensions())
