"""index.html as a person sees it: headless Chromium takes a screenshot, and the charts must
be on it (pixels of the bar colours, ink in the chart region). Skips when there is no
Chromium (Debian: `apt-get install chromium`)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

import hhparse.reports.catalog as catalog
from hhparse.reports import html
from hhparse.reports.schedule import load_schedule, run_schedule
from tests.test_reports_cli import make_database, use_reports, write_reports

WIDTH, HEIGHT = 1200, 900
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium() -> str | None:
    override = os.environ.get("HHPARSE_CHROMIUM")
    if override:
        return override if Path(override).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


# --- a small PNG reader (8-bit RGB/RGBA/grey, not interlaced: what Chromium writes) ---------


@dataclass(frozen=True, slots=True)
class Image:
    width: int
    height: int
    channels: int
    pixels: bytes
    """Row after row, ``channels`` bytes per pixel."""

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        at = (y * self.width + x) * self.channels
        if self.channels < 3:
            return (self.pixels[at],) * 3
        return self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]

    def colours(self, top: int = 0, bottom: int | None = None) -> Counter[tuple[int, int, int]]:
        found: Counter[tuple[int, int, int]] = Counter()
        step = self.channels
        for y in range(top, self.height if bottom is None else bottom):
            row = self.pixels[y * self.width * step:(y + 1) * self.width * step]
            if step >= 3:
                found.update(zip(row[0::step], row[1::step], row[2::step], strict=True))
            else:
                found.update((value, value, value) for value in row[0::step])
        return found


def read_png(path: Path) -> Image:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, chunks, header = 8, [], b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and interlace == 0 and colour in (0, 2, 4, 6), (depth, colour, interlace)
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(b"".join(chunks))
    return Image(width, height, channels, _unfilter(raw, width, height, channels))


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> bytes:
    stride = width * bpp
    out = bytearray(stride * height)
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)
                           ) & 0xFF
        else:
            assert kind == 0, f"unknown PNG filter {kind}"
        out[y * stride:(y + 1) * stride] = line
        previous = line
    return bytes(out)


def test_the_png_reader_reads_what_it_should(tmp_path: Path) -> None:
    """Every filter type, checked on a tiny RGB image built here."""
    width, height = 3, 5
    pixels = bytes((x * 40 + y * 7 + c * 3) & 0xFF for y in range(height) for x in range(width)
                   for c in range(3))
    stride = width * 3
    rows, previous = [], bytes(stride)
    for y in range(height):
        line = pixels[y * stride:(y + 1) * stride]
        kind = y % 5
        filtered = bytearray(line)
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = previous[i]
            c = previous[i - 3] if i >= 3 else 0
            p = a + b - c
            paeth = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (
                b if abs(p - b) <= abs(p - c) else c)
            predictor = (0, a, b, (a + b) >> 1, paeth)[kind]
            filtered[i] = (line[i] - predictor) & 0xFF
        rows.append(bytes([kind]) + bytes(filtered))
        previous = line

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                             0, 0, 0))
           + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))
    path = tmp_path / "tiny.png"
    path.write_bytes(png)
    image = read_png(path)
    assert (image.width, image.height, image.channels) == (3, 5, 3)
    assert image.pixels == pixels


# --- the page ----------------------------------------------------------------------------

SCHEDULE = """\
timezone = "UTC"

[[reports]]
name = "draw_frequencies"
formats = ["csv"]
parameters = { variant = "27_triple_draw" }

[[reports]]
name = "showdown_outcomes"
formats = ["html"]
parameters = { variant = "razz" }
"""


@pytest.fixture
def index_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    use_reports(monkeypatch, write_reports(tmp_path / "reports"))
    database = make_database(tmp_path)
    config = tmp_path / "reports.toml"
    config.write_text(SCHEDULE, encoding="utf-8")
    result = run_schedule(load_schedule(config), database, out_dir=tmp_path / "out",
                          now=datetime(2026, 11, 29, 14, 12, tzinfo=UTC))
    assert result.index is not None
    yield result.index
    catalog.reports.cache_clear()


def screenshot(page: Path, folder: Path) -> Path:
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium (Debian: apt-get install chromium)")
    shot = folder / "index.png"
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--hide-scrollbars", f"--user-data-dir={folder / 'profile'}",
        f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}", page.resolve().as_uri(),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        pytest.skip(f"Chromium could not run: {error}")
    assert shot.is_file(), f"no screenshot (exit {done.returncode}): {done.stderr[-2000:]}"
    return shot


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_index_html_shows_both_charts_in_chromium(index_page: Path, tmp_path: Path) -> None:
    image = read_png(screenshot(index_page, tmp_path))
    assert (image.width, image.height) == (WIDTH, HEIGHT)
    everywhere = image.colours()
    pat, one, two = (hex_rgb(colour) for colour in html.PAT_AND_DRAW_COLOURS[:3])
    # the stacked bars: pat, draw 1 and draw 2 segments of 2-7 triple draw's three rounds
    assert everywhere[pat] > 400 and everywhere[one] > 1500 and everywhere[two] > 1000, {
        colour: everywhere[hex_rgb(colour)] for colour in html.PAT_AND_DRAW_COLOURS}
    # the win-rate bars
    assert everywhere[hex_rgb(html.WIN_RATE_COLOUR)] > 1000
    # ink below the header and the link table: the charts, their axes and labels
    lower = image.colours(top=HEIGHT // 3)
    white = lower[(255, 255, 255)]
    ink = sum(lower.values()) - white
    assert ink > 0.05 * sum(lower.values()), (ink, white)
    # the bars sit below the link table, and the win-rate bars below the stacked bars
    rows_with = {
        colour: [y for y in range(HEIGHT)
                 if any(image.rgb(x, y) == hex_rgb(colour) for x in range(0, WIDTH, 2))]
        for colour in (html.PAT_AND_DRAW_COLOURS[1], html.WIN_RATE_COLOUR)
    }
    draws, wins = rows_with[html.PAT_AND_DRAW_COLOURS[1]], rows_with[html.WIN_RATE_COLOUR]
    assert draws and wins and min(draws) > 150 and min(wins) > max(draws)
