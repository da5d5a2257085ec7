#!/usr/bin/env python3
"""LayercastQuartz's public API, one declaration a line, from swift-api-digester's dump.

The iOS face must hold only Apple's names (issue 48; docs/design/quartz.md §Modules): every line of
docs/api/LayercastQuartz.txt is a reviewed declaration with an Apple counterpart, except the
session names listed in LAYERCAST_ONLY. A change to the public API shows here as a diff to review.

  scripts/quartz-api.py --write   rewrites docs/api/LayercastQuartz.txt
  scripts/quartz-api.py --check   fails, with a diff, when the module's API differs from it, or a
                                  top-level name is neither Apple's (CA, CF, CG, UI, NS prefixes or a
                                  CATransform3D function) nor one of LAYERCAST_ONLY
Needs the debug build (`swift build`)."""
import difflib, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILE = os.path.join(ROOT, "docs/api/LayercastQuartz.txt")
# The session and the control-state wrapper: the only names iOS does not have (docs/design/quartz.md
# §Sessions, §Control state).
LAYERCAST_ONLY = {"LayerSession", "LayerHandles", "LayerModel", "ControlState", "ControlStates"}
APPLE_PREFIXES = ("CA", "CF", "CG", "UI", "NS")


def type_name(node):
    name = node.get("printedName", "?")
    for module in ("LayercastQuartz.", "Foundation.", "Swift.", "Animation."):
        name = name.replace(module, "")
    return name


def lines(node, parent=""):
    out = []
    for child in node.get("children", []):
        kind = child.get("declKind")
        if kind in (None, "Import"):
            continue
        name = child.get("printedName", child.get("name", "?"))
        if name.startswith("__derived_"):
            continue  # Equatable and Hashable as the compiler writes them
        static = "static " if child.get("static") else ""
        types = [c for c in child.get("children", []) if c.get("kind", "").startswith("Type")]
        if kind in ("Struct", "Class", "Enum", "Protocol"):
            label = f"{kind.lower()} {parent}{name}"
            if child.get("isExternal"):
                label = f"extension {parent}{name}"
            out.append(label)
            out += lines(child, f"{parent}{name}.")
        elif kind == "Var":
            out.append(f"{static}var {parent}{name}: {type_name(types[0]) if types else '?'}")
        elif kind == "EnumElement":
            out.append(f"case {parent}{name}")
        elif kind == "Func":
            ret = type_name(types[0]) if types else "()"
            out.append(f"{static}func {parent}{name} -> {ret}")
        elif kind == "Constructor":
            out.append(f"init {parent}{name}")
        elif kind == "TypeAlias":
            out.append(f"typealias {parent}{name} = {type_name(types[0]) if types else '?'}")
        else:
            out.append(f"{kind.lower()} {parent}{name}")
    return out


def current():
    bin_path = subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    swift = os.path.realpath(subprocess.check_output(["which", "swift"], text=True).strip())
    digester = os.path.join(os.path.dirname(swift), "swift-api-digester")
    with tempfile.TemporaryDirectory() as folder:
        dump = os.path.join(folder, "dump.json")
        subprocess.run([digester, "-dump-sdk", "-module", "LayercastQuartz", "-I", os.path.join(bin_path, "Modules"),
                        "-o", dump, "-abort-on-module-fail"], check=True)
        with open(dump) as f:
            root = json.load(f)["ABIRoot"]
    # By declaration, so each type's members sit together.
    return sorted(set(lines(root)), key=lambda line: (line.removeprefix("static ").split(" ", 1)[1], line))


def foreign(api):
    problems = []
    for line in api:
        words = line.removeprefix("static ").split(" ", 1)
        name = words[1].split(".")[0].split("(")[0].split(":")[0].split(" ")[0]
        if line.startswith("extension ") or name in LAYERCAST_ONLY or name.startswith(APPLE_PREFIXES):
            continue
        problems.append(f"{line}: not an Apple name, and not one of the session's ({', '.join(sorted(LAYERCAST_ONLY))})")
    return problems


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("--write", "--check"):
        sys.exit(__doc__)
    api = current()
    problems = foreign(api)
    if mode == "--write":
        os.makedirs(os.path.dirname(FILE), exist_ok=True)
        with open(FILE, "w") as f:
            f.write("\n".join(api) + "\n")
    else:
        with open(FILE) as f:
            kept = f.read().splitlines()
        if kept != api:
            diff = difflib.unified_diff(kept, api, "docs/api/LayercastQuartz.txt", "the module now", lineterm="")
            problems.append("LayercastQuartz's public API changed; review it and run scripts/quartz-api.py --write:\n"
                            + "\n".join(diff))
    if problems:
        print("\n".join("quartz-api: " + p for p in problems), file=sys.stderr)
        sys.exit(1)


main()
