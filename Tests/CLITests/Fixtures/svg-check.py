"""Checks an animated SVG kinetype wrote where it plays: in headless Chromium.

Usage: svg-check.py ANIMATION.svg FRAMES_FOLDER WIDTH HEIGHT SCALE FPS [--every N] [--no-img] [--save DIR]

Drives Debian's chromium over the DevTools protocol (--remote-debugging-pipe, the standard library
only) at SCALE device pixels per CSS pixel, so the SVG (WIDTH x HEIGHT pixels, the scene's size in
points times SCALE) shows as many pixels as kinetype's own frames (FRAMES_FOLDER/frame_0001.png
...), both over white. It prints one JSON object:

- "inline": the SVG inline in a page, every animation paused (document.getAnimations()) at the time
  of every Nth frame and the last; for each, the fraction of pixels whose largest channel
  difference from kinetype's frame is above 48/255. "animations" is how many the page runs.
- "img": the SVG through <img>, as GitHub shows a README's pictures. Chromium runs an <img> SVG's
  CSS animations on the wall clock (virtual time does not reach them), so the page is captured
  over and over until two captures differ (0.1 % of the pixels; two captures of one frame are
  the same) and one shows the last frame, or a deadline passes: "differs" (the largest fraction
  of a capture against the first), "end" (the best fraction against the last frame) and
  "captures".
- "reduced": chromium with --force-prefers-reduced-motion: the fraction against the last frame of
  the SVG inline and through <img>, which must show the finished text without animating.
- "static": librsvg (rsvg-convert, when it is installed), a viewer that runs no animation: the
  fraction against the last frame.

--save DIR keeps chromium's captures as PNGs (inline-0001.png …, img-last.png, reduced.png) to look at.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops

svg_path, frames_folder = sys.argv[1], sys.argv[2]
width, height, scale, fps = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 3
check_img = "--no-img" not in sys.argv
save = sys.argv[sys.argv.index("--save") + 1] if "--save" in sys.argv else None
css_width, css_height = width / scale, height / scale


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("chromium is not installed")


class Chromium:
    """One headless chromium, spoken to over --remote-debugging-pipe (fds 3 and 4)."""

    def __init__(self, extra=()):
        self.profile = tempfile.mkdtemp(prefix="svg-check-")
        ours_to_theirs = os.pipe()
        theirs_to_ours = os.pipe()

        def wire():
            os.dup2(ours_to_theirs[0], 3)
            os.dup2(theirs_to_ours[1], 4)

        self.process = subprocess.Popen(
            [
                chromium_path(), "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                "--allow-file-access-from-files", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                *extra, "about:blank",
            ],
            pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(ours_to_theirs[0])
        os.close(theirs_to_ours[1])
        self.writer = ours_to_theirs[1]
        self.reader = theirs_to_ours[0]
        self.pending = b""
        self.next_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})
        self.session = self.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})[
            "sessionId"]
        self.call("Page.enable", session=True)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": int(round(css_width)), "height": int(round(css_height)), "deviceScaleFactor": scale,
             "mobile": False},
            session=True)
        self.call("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 255, "g": 255, "b": 255, "a": 1}},
                  session=True)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.writer, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.pending:
                chunk = os.read(self.reader, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.pending += chunk
            raw, self.pending = self.pending.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def open(self, url):
        self.call("Page.navigate", {"url": url}, session=True)
        self.evaluate("new Promise(r => document.readyState == 'complete' ? r() : addEventListener('load', r))")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                           session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(str(result["exceptionDetails"]))
        return result["result"].get("value")

    def capture(self):
        # Two animation frames, so what was set is painted.
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))")
        data = self.call(
            "Page.captureScreenshot",
            {"format": "png", "clip": {"x": 0, "y": 0, "width": css_width, "height": css_height, "scale": 1}},
            session=True)["data"]
        path = os.path.join(self.profile, "capture.png")
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))
        return Image.open(path).convert("RGB")

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def over_white(image):
    image = image.convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image).convert("RGB")


def differing(a, b):
    """The fraction of pixels whose largest channel difference is above 48/255."""
    if a.size != b.size:
        return 1.0
    difference = ImageChops.difference(a, b)
    channels = difference.split()
    largest = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    histogram = largest.histogram()
    return sum(histogram[49:]) / (a.size[0] * a.size[1])


names = sorted(name for name in os.listdir(frames_folder) if name.endswith(".png"))
frames = {index: over_white(Image.open(os.path.join(frames_folder, name))) for index, name in enumerate(names)}
count = len(frames)
last = frames[count - 1]
folder = tempfile.mkdtemp(prefix="svg-page-")
with open(svg_path, encoding="utf-8") as handle:
    svg = handle.read()
inline_page = os.path.join(folder, "inline.html")
with open(inline_page, "w", encoding="utf-8") as handle:
    handle.write("<!doctype html><html><head><style>html,body{margin:0;background:#fff}svg{display:block}</style>"
                 "</head><body>" + svg + "</body></html>")
img_page = os.path.join(folder, "img.html")
with open(img_page, "w", encoding="utf-8") as handle:
    handle.write("<!doctype html><html><head><style>html,body{margin:0;background:#fff}img{display:block}</style>"
                 f"</head><body><img src=\"file://{os.path.abspath(svg_path)}\" width=\"{css_width}\" "
                 f"height=\"{css_height}\"></body></html>")

report = {"frames": count}
browser = Chromium()
try:
    browser.open("file://" + inline_page)
    report["animations"] = browser.evaluate("document.getAnimations().length")
    checked = sorted(set(list(range(0, count, every)) + [count - 1]))
    inline = {}
    for index in checked:
        # Half a millisecond past the frame's moment: a keyframe at that moment has taken effect.
        milliseconds = index / fps * 1000 + 0.5
        browser.evaluate(
            f"document.getAnimations().forEach(a => {{ a.pause(); a.currentTime = {milliseconds}; }})")
        capture = browser.capture()
        inline[str(index)] = differing(capture, frames[index])
        if save:
            capture.save(os.path.join(save, f"inline-{index + 1:04}.png"))
    report["inline"] = inline
    if check_img:
        browser.open("file://" + img_page)
        first = browser.capture()
        differs = 0.0
        end = 1.0
        captures = 1
        duration = count / fps
        deadline = time.monotonic() + 3 * duration + 20
        # Captured through the hold at the end, not only until a capture is near the last frame: the
        # frame before it (one character less) is within 1 % too.
        animated = report["animations"] > 0
        while time.monotonic() < deadline and ((animated and differs <= 0.001) or end > 0.002):
            capture = browser.capture()
            captures += 1
            differs = max(differs, differing(capture, first))
            closeness = differing(capture, last)
            if closeness < end:
                end = closeness
                if save:
                    capture.save(os.path.join(save, "img-last.png"))
            time.sleep(0.05)
        report["img"] = {"differs": differs, "end": end, "captures": captures}
finally:
    browser.close()

reduced = Chromium(["--force-prefers-reduced-motion"])
try:
    reduced.open("file://" + inline_page)
    capture = reduced.capture()
    result = {"inline": differing(capture, last)}
    if save:
        capture.save(os.path.join(save, "reduced.png"))
    if check_img:
        reduced.open("file://" + img_page)
        result["img"] = differing(reduced.capture(), last)
    report["reduced"] = result
finally:
    reduced.close()
rsvg = shutil.which("rsvg-convert")
if rsvg:
    drawn = os.path.join(folder, "rsvg.png")
    subprocess.run([rsvg, "-w", str(width), "-h", str(height), "-b", "white", svg_path, "-o", drawn], check=True)
    report["static"] = differing(Image.open(drawn).convert("RGB"), last)
shutil.rmtree(folder, ignore_errors=True)
print(json.dumps(report))
