"""Pages as a person sees them: headless Chromium driven by Playwright, screenshots read with
Pillow. The system's Chromium is used (Debian: `apt-get install chromium`; `HHPARSE_CHROMIUM`
names another); a test skips, saying why, where there is none or Playwright is missing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
WIDTH, HEIGHT = 1200, 900


def chromium() -> str | None:
    override = os.environ.get("HHPARSE_CHROMIUM")
    if override:
        return override if Path(override).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


@dataclass
class Opened:
    page: Any
    """A Playwright page."""
    errors: list[str] = field(default_factory=list)
    """Script errors on the page."""
    requests: list[str] = field(default_factory=list)
    """Every URL the page asked for."""

    def assert_offline_and_clean(self) -> None:
        assert self.errors == []
        assert self.requests and all(url.startswith("file://") for url in self.requests), (
            self.requests)


@contextmanager
def opened(path: Path) -> Iterator[Opened]:
    """``path`` open in headless Chromium (closed, with its processes, afterwards)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium (Debian: apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        except sync_api.Error as error:
            pytest.skip(f"Chromium could not start: {error.message.splitlines()[0]}")
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            seen = Opened(page)
            page.on("request", lambda request: seen.requests.append(request.url))
            page.on("pageerror", lambda error: seen.errors.append(str(error)))
            page.goto(path.resolve().as_uri())
            yield seen
        finally:
            browser.close()


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def faded(colour: tuple[int, int, int], opacity: float) -> tuple[int, int, int]:
    """``colour`` drawn at ``opacity`` over white."""
    return tuple(round(255 * (1 - opacity) + part * opacity) for part in colour)  # type: ignore[return-value]


def pixels_near(png: Path, colour: tuple[int, int, int], tolerance: int = 3) -> int:
    """Pixels of the screenshot within ``tolerance`` of ``colour`` in every channel."""
    from PIL import Image

    with Image.open(png) as image:
        counts = image.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return sum(count for count, rgb in counts
               if all(abs(a - b) <= tolerance for a, b in zip(rgb, colour, strict=True)))


def ink_share(png: Path) -> float:
    """The share of the screenshot's pixels that are not white: a blank chart has ~none."""
    from PIL import Image

    with Image.open(png) as image:
        rgb = image.convert("RGB")
        white = sum(count for count, colour in rgb.getcolors(maxcolors=1 << 24) or []
                    if min(colour) >= 250)
        return 1 - white / (rgb.width * rgb.height)
