"""Which build runs: the mypyc-compiled hot modules, or the pure-Python source.

``setup.py`` compiles the hot modules when it can and records each one's source digest in
``_build_manifest.json``. At import, :func:`choose` keeps the compiled modules only when
every recorded source is still what was compiled (its sha256 against the recorded one:
~1 ms for all of them) and ``HHPARSE_PURE`` is not set. Otherwise it installs a finder
that imports every ``hhparse`` module from its ``.py`` file, so a stale ``.so`` beside
edited source never runs: compiled modules call each other directly, so they are used
all together or not at all.
This module itself is never compiled.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from importlib.abc import MetaPathFinder
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path
from types import ModuleType
from typing import Final

PACKAGE_DIR: Final = Path(__file__).resolve().parent
ROOT: Final = PACKAGE_DIR.parent
MANIFEST: Final = PACKAGE_DIR / "_build_manifest.json"
PURE_VARIABLE: Final = "HHPARSE_PURE"


@dataclass(frozen=True, slots=True)
class Build:
    compiled: bool
    modules: int
    """How many modules run compiled."""
    reason: str
    """Why the pure build runs, when it does ("" for the compiled one)."""

    def describe(self) -> str:
        if self.compiled:
            return f"compiled with mypyc, {self.modules} modules"
        return f"pure Python: {self.reason}"


class SourceOnlyFinder(MetaPathFinder):
    """Finds ``hhparse`` submodules among ``.py`` files only (never extension modules)."""

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("hhparse.") or not path:
            return None
        for entry in path:  # type: ignore[attr-defined]
            spec = FileFinder(str(entry), (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(
                fullname)
            if spec is not None:
                return spec
        return None


def choose() -> Build:
    """Decide the build for this process, and make imports follow it."""
    build = _decide()
    if not build.compiled and _has_extensions():
        sys.meta_path.insert(0, SourceOnlyFinder())
    return build


def _decide() -> Build:
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return Build(False, 0, f"{PURE_VARIABLE} is set")
    sources = _recorded_sources()
    if not sources:
        return Build(False, 0, "not compiled")
    if not _has_extensions():
        return Build(False, 0, "the compiled modules are missing")
    for relative, digest in sources.items():
        if not _unchanged(ROOT / relative, digest):
            return Build(False, 0, f"{relative} changed since it was compiled; reinstall to "
                                   "compile it again")
    return Build(True, len(sources), "")


def _recorded_sources() -> dict[str, str]:
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    sources = manifest.get("sources") if isinstance(manifest, dict) else None
    return {str(k): str(v) for k, v in sources.items()} if isinstance(sources, dict) else {}


def _unchanged(path: Path, digest: str) -> bool:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() == digest
    except OSError:
        return False


def _has_extensions() -> bool:
    suffixes = tuple(_extension_suffixes())
    return any(path.name.endswith(suffixes) for path in PACKAGE_DIR.rglob("*.so")) or any(
        path.name.endswith(suffixes) for path in PACKAGE_DIR.rglob("*.pyd"))


def _extension_suffixes() -> list[str]:
    from importlib.machinery import EXTENSION_SUFFIXES
    return EXTENSION_SUFFIXES
