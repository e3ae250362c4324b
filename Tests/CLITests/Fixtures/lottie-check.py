"""Checks a Lottie file kinetype wrote against the community schema and two players.

Usage: lottie-check.py ANIMATION.json FRAMES_FOLDER WIDTH HEIGHT

Validates ANIMATION.json against lottie.schema.json (the `lottie-specs` package) with jsonschema,
then renders every third frame and the last with rlottie (`rlottie-python`) and ThorVG
(`thorvg-python`) at WIDTH x HEIGHT, composites them and kinetype's PNG frames
(FRAMES_FOLDER/frame_0001.png ...) over white, and prints one JSON object: the schema errors, the
players' frame counts (rlottie's less the end frame it counts), and for each player and checked frame the fraction of pixels whose largest
channel difference is above 48/255.
"""
import functools
import json
import os
import sys

import jsonschema
import lottie_specs
from PIL import Image, ImageChops

path, frames_folder, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with open(path, "rb") as handle:
    data = handle.read()
document = json.loads(data)

schema_path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
with open(schema_path) as handle:
    schema = json.load(handle)
validator_class = jsonschema.validators.validator_for(schema)
errors = [
    f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message[:200]}"
    for error in validator_class(schema).iter_errors(document)
]

count = int(document["op"]) - int(document["ip"])
checked = sorted(set(list(range(0, count, 3)) + [count - 1]))


def over_white(image):
    """A PNG frame (straight alpha) composited over white."""
    image = image.convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image).convert("RGB")


def premultiplied_over_white(image):
    """A player's frame composited over white. rlottie and ThorVG hand back premultiplied RGBA (a
    50 % blue is (0, 0, 127, 127)), so over white each channel is its value plus 255 - alpha."""
    red, green, blue, alpha = image.convert("RGBA").split()
    rest = alpha.point(lambda value: 255 - value)
    return Image.merge("RGB", [ImageChops.add(channel, rest) for channel in (red, green, blue)])


def differing(a, b):
    """The fraction of pixels whose largest channel difference is above 48 (with Pillow's C loops)."""
    channels = ImageChops.difference(a, b).split()
    above = [channel.point(lambda value: 255 if value > 48 else 0) for channel in channels]
    mask = ImageChops.lighter(ImageChops.lighter(above[0], above[1]), above[2])
    return mask.histogram()[255] / (a.size[0] * a.size[1])


@functools.cache
def expected(frame):
    """kinetype's frame over white, decoded once for both players."""
    return over_white(Image.open(os.path.join(frames_folder, f"frame_{frame + 1:04d}.png")))


players = {}

import rlottie_python

animation = rlottie_python.LottieAnimation.from_data(data.decode("utf-8"))
rlottie_frames = {}
for frame in checked:
    image = animation.render_pillow_frame(frame_num=frame, width=width, height=height)
    rlottie_frames[str(frame)] = differing(premultiplied_over_white(image), expected(frame))
# rlottie counts the end frame `op` too (its total is op - ip + 1).
players["rlottie"] = {"frames": animation.lottie_animation_get_totalframe() - 1, "differing": rlottie_frames}

import thorvg_python as tvg

engine = tvg.Engine()
canvas = tvg.SwCanvas(engine)
canvas.set_target(width, height)
lottie = tvg.LottieAnimation(engine)
picture = lottie.get_picture()
picture.load_data(data, "lottie", None, True)
picture.set_size(width, height)
canvas.add(picture)
thorvg_frames = {}
for frame in checked:
    lottie.set_frame(frame)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    thorvg_frames[str(frame)] = differing(premultiplied_over_white(canvas.get_pillow("RGBA")), expected(frame))
players["thorvg"] = {"frames": int(lottie.get_total_frame()[-1]), "differing": thorvg_frames}

print(json.dumps({"schemaErrors": errors, "frames": count, "players": players}))
