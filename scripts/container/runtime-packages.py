#!/usr/bin/env python3
"""Prints the packages a Dockerfile stage installs with apt-get install, one a line.

Usage: runtime-packages.py DOCKERFILE [STAGE]   (STAGE defaults to the last stage)
The library check compares the binary's ldd output with this list, so the list is read from the
Dockerfile itself rather than kept twice.
"""
import re
import shlex
import sys


def instructions(text):
    """Dockerfile instructions with continuation lines joined and comment lines dropped."""
    out, current = [], ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or (not stripped and not current):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        current += stripped
        if current.strip():
            out.append(current.strip())
        current = ""
    if current.strip():
        out.append(current.strip())
    return out


def stage(instrs, name):
    stages, body, stage_name = [], None, None
    for ins in instrs:
        m = re.match(r"FROM\s+\S+(?:\s+AS\s+(\S+))?\s*$", ins, re.IGNORECASE)
        if m:
            if body is not None:
                stages.append((stage_name, body))
            body, stage_name = [], (m.group(1) or "").lower()
        elif body is not None:
            body.append(ins)
    if body is not None:
        stages.append((stage_name, body))
    if not stages:
        sys.exit("no FROM in the Dockerfile")
    if name is None:
        return stages[-1][1]
    for stage_name, body in stages:
        if stage_name == name.lower():
            return body
    sys.exit(f"no stage named {name}")


def apt_packages(body):
    packages = []
    for ins in body:
        if not re.match(r"RUN\s", ins, re.IGNORECASE):
            continue
        for command in re.split(r"&&|\|\||;", ins[3:]):
            words = shlex.split(command)
            if len(words) >= 2 and words[0] in ("apt-get", "apt") and "install" in words:
                after = words[words.index("install") + 1:]
                packages += [w.split("=")[0] for w in after if not w.startswith("-")]
    return packages


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        body = stage(instructions(f.read()), sys.argv[2] if len(sys.argv) == 3 else None)
    packages = apt_packages(body)
    if not packages:
        sys.exit("the stage installs no apt packages")
    print("\n".join(packages))


main()
