#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (Fuzz/corpus/TARGET/) from Tests/RestorationCases.

    python3 Fuzz/seeds.py

state-file: each case's state, compact UTF-8, and a few in UTF-16 and UTF-32 (with and without a
byte order mark); deep-link: each case's link, and {}; plan-merge: a state, a NUL byte, a link.
Each seed is named after its case. Run again after adding cases (it rewrites the folder); commit
what it writes.
"""
import glob, json, os, shutil

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
corpus = os.path.join(root, "Fuzz", "corpus")
encodings = [("utf-16-le", b""), ("utf-16-be", b"\xfe\xff"), ("utf-32-le", b"\xff\xfe\x00\x00"), ("utf-32-be", b"")]


def write(target, name, data):
    folder = os.path.join(corpus, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as file:
        file.write(data)


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


shutil.rmtree(corpus, ignore_errors=True)
cases = sorted(glob.glob(os.path.join(root, "Tests", "RestorationCases", "*.json")))
for index, path in enumerate(cases):
    name = os.path.basename(path)[:-5]
    case = json.load(open(path, encoding="utf-8"))
    state = compact(case["state"])
    write("state-file", name, state)
    if index % 8 == 0:
        codec, bom = encodings[(index // 8) % len(encodings)]
        write("state-file", f"{name}.{codec}", bom + state.decode("utf-8").encode(codec))
    link = compact(case["deepLink"]) if "deepLink" in case else b"{}"
    if "deepLink" in case:
        write("deep-link", name, link)
    write("plan-merge", name, state + b"\x00" + link)
write("deep-link", "empty", b"{}")
