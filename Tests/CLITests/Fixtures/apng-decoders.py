"""Decodes an APNG with four decoders nobody here wrote and compares every frame with apngdis's.

Usage: apng-decoders.py FILE.apng
Prints JSON: for each of ffmpeg, chromium and pillow, how many frames it gave, which differ from
apngdis's (indices from 0) and the largest difference of a channel. Fully transparent pixels are
compared by their alpha alone. Chromium decodes with WebCodecs' ImageDecoder (premultiplyAlpha
"none") in a page served from 127.0.0.1, the only way its frames can be read back exactly.
"""
import base64, glob, json, os, shutil, struct, subprocess, sys, tempfile, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from PIL import Image


def apngdis_frames(path, folder):
    shutil.copy(path, os.path.join(folder, "a.png"))
    subprocess.run(["apngdis", "a.png", "frame"], cwd=folder, capture_output=True, check=True)
    return [Image.open(f).convert("RGBA").tobytes() for f in sorted(glob.glob(os.path.join(folder, "frame*.png")))]


def ffmpeg_frames(path, width, height):
    out = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-vsync", "passthrough", "-"],
        capture_output=True, check=True).stdout
    size = width * height * 4
    return [out[i:i + size] for i in range(0, len(out) - size + 1, size)]


def pillow_frames(path):
    image = Image.open(path)
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append(image.convert("RGBA").tobytes())
    return frames


PAGE = b"""<!doctype html><script>
(async () => {
  let result;
  try {
    const bytes = new Uint8Array(await (await fetch("/a.apng")).arrayBuffer());
    const decoder = new ImageDecoder(
      {data: bytes, type: "image/png", premultiplyAlpha: "none", colorSpaceConversion: "none"});
    await decoder.tracks.ready;
    const frames = [];
    for (let i = 0; i < decoder.tracks.selectedTrack.frameCount; i++) {
      const {image} = await decoder.decode({frameIndex: i});
      const pixels = new Uint8Array(image.allocationSize({format: "RGBA"}));
      await image.copyTo(pixels, {format: "RGBA"});
      image.close();
      let text = "";
      for (let p = 0; p < pixels.length; p += 8192) text += String.fromCharCode(...pixels.subarray(p, p + 8192));
      frames.push(btoa(text));
    }
    result = frames.join(" ");
  } catch (error) { result = "error " + error; }
  await fetch("/result", {method: "POST", body: result});
})();
</script>"""


def chromium_frames(path, folder):
    data = open(path, "rb").read()
    got = {}
    done = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

        def do_GET(self):
            body, kind = (PAGE, "text/html") if self.path == "/" else (data, "image/png")
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            got["result"] = self.rfile.read(int(self.headers["Content-Length"])).decode()
            self.send_response(200)
            self.end_headers()
            done.set()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = subprocess.Popen(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         "--user-data-dir=" + os.path.join(folder, "profile"), "http://127.0.0.1:%d/" % server.server_address[1]],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        done.wait(120)
    finally:
        browser.kill()
        browser.wait()
        server.shutdown()
    result = got.get("result", "error chromium gave no result in 120 s")
    if result.startswith("error"):
        raise SystemExit(result)
    return [base64.b64decode(frame) for frame in result.split()]


def compare(reference, frames):
    wrong, largest = [], 0
    for index, (expected, actual) in enumerate(zip(reference, frames)):
        if expected == actual:
            continue
        difference = 0
        for p in range(0, len(expected), 4):
            if expected[p + 3] == 0 and actual[p + 3] == 0:
                continue
            for c in range(4):
                difference = max(difference, abs(expected[p + c] - actual[p + c]))
        if difference:
            wrong.append(index)
            largest = max(largest, difference)
    return {"frames": len(frames), "wrong": wrong, "largestDifference": largest}


def main():
    path = os.path.abspath(sys.argv[1])
    width, height = struct.unpack(">II", open(path, "rb").read()[16:24])
    folder = tempfile.mkdtemp()
    try:
        reference = apngdis_frames(path, folder)
        report = {"apngdis": len(reference)}
        report["ffmpeg"] = compare(reference, ffmpeg_frames(path, width, height))
        report["pillow"] = compare(reference, pillow_frames(path))
        report["chromium"] = compare(reference, chromium_frames(path, folder))
        print(json.dumps(report))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


main()
