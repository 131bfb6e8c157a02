#!/usr/bin/env python3
"""Generates the share command's core options from their one declaration.

Reads Sources/ShareviaCLI/CoreOptions/core-options.json and writes
Sources/ShareviaCLI/CoreOptions/CoreOptions.generated.swift, which holds both readers of those
options: swift-argument-parser's declarations (one ParsableArguments struct per group, with what
the values mean) and the table ShareCommandFastPath reads without reflection at start-up.

    scripts/generate-core-options.py           write the Swift file
    scripts/generate-core-options.py --check   exit 1 (with a diff) when the file is stale

The output goes through `swift format` with the package's .swift-format, so it passes the lint.
"""

import difflib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "Sources/ShareviaCLI/CoreOptions"
SPEC = FOLDER / "core-options.json"
OUTPUT = FOLDER / "CoreOptions.generated.swift"

KINDS = {"option", "flag", "list", "repeating", "argument"}


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def doc_comment(text, indent=""):
    return "\n".join(f"{indent}/// {line}" for line in text.split("\n"))


def check(spec):
    """Refuses a declaration the generator can't express, naming the option and the rule."""
    longs = set()
    for group in spec["groups"]:
        for option in group["options"]:
            name = option.get("long", option["property"])
            if option["kind"] not in KINDS:
                sys.exit(f"core-options.json: {name}: kind must be one of {sorted(KINDS)}")
            if option["kind"] != "argument":
                if "long" not in option and "setting" not in option:
                    sys.exit(f"core-options.json: {name}: an option needs 'long' or 'setting'")
                long = option.get("long", option.get("setting"))
                if long in longs:
                    sys.exit(f"core-options.json: --{long} is declared twice")
                longs.add(long)
            if option["kind"] in ("option", "list", "repeating", "argument") and "type" not in option:
                sys.exit(f"core-options.json: {name}: needs 'type'")


def long_name(option):
    """The long name as a Swift expression: a literal, or the flag of the setting it names."""
    if "setting" in option:
        return f'{option["setting"]}.flag!'
    return swift_string(option["long"])


def names(option):
    if "setting" in option:
        return f'.setting({option["setting"]})'
    long = f'.customLong("{option["long"]}")'
    if "short" in option:
        return f'[.customShort("{option["short"]}"), {long}]'
    return long


def help_argument(option):
    if "setting" in option:
        return f'ArgumentHelp(setting: {option["setting"]})'
    text = swift_string(option["help"])
    if "valueName" in option:
        return f'ArgumentHelp({text}, valueName: "{option["valueName"]}")'
    return text


def declaration(option):
    """The property wrapper and the property swift-argument-parser reads."""
    kind = option["kind"]
    help = help_argument(option)
    prop = option["property"]
    if kind == "flag":
        return f"@Flag(name: {names(option)}, help: {help})\nvar {prop} = false"
    if kind == "argument":
        return f"@Argument(help: {help})\nvar {prop}: {option['type']} = {option.get('default', '[]')}"
    swift_type = option["type"]
    if kind in ("list", "repeating"):
        swift_type = f"[{swift_type}]"
        default = " = []"
    elif "default" in option:
        default = f" = {option['default']}"
    else:
        default = ""
    return f"@Option(name: {names(option)}, help: {help})\nvar {prop}: {swift_type}{default}"


def group_struct(group):
    target = group["target"]
    lines = [doc_comment(group["doc"]), f"struct {group['struct']}: ParsableArguments {{"]
    for option in group["options"]:
        lines.append(declaration(option))
        lines.append("")
    if "settingsType" in group:
        settings_type = group["settingsType"]
        lines.append("/// The values given, as plain settings.")
        lines.append(f"var settings: {settings_type} {{")
        lines.append(f"var settings = {settings_type}()")
        for option in group["options"]:
            lines.append(f"settings.{option['property']} = {option['property']}")
        lines.append("return settings")
        lines.append("}")
        lines.append("")
        lines.append("func validate() throws { try settings.validate() }")
    else:
        lines.append("/// Writes the values given into `invocation`.")
        lines.append("func apply(to invocation: inout ShareInvocation) {")
        for option in group["options"]:
            prop = option["property"]
            field = f"invocation.{target + '.' if target else ''}{prop}"
            if option["kind"] == "list":
                lines.append(f'{field} = {prop}.joined(separator: ",")')
            else:
                lines.append(f"{field} = {prop}")
        lines.append("}")
    lines.append("}")
    return "\n".join(lines)


def fast_path(spec):
    options = [(group, o) for group in spec["groups"] for o in group["options"]]
    value_names = [long_name(o) for _, o in options if o["kind"] in ("option", "list", "repeating")]
    repeatable = [long_name(o) for _, o in options if o["kind"] in ("list", "repeating")]
    flag_names = [long_name(o) for _, o in options if o["kind"] == "flag"]
    argument = next(o for _, o in options if o["kind"] == "argument")

    def field(group, option):
        return f"invocation.{group['target'] + '.' if group['target'] else ''}{option['property']}"

    lines = [
        "extension ShareCommandFastPath {",
        "/// The long options that take a value.",
        f"static let valueOptions = [{', '.join(value_names)}]",
        "",
        "/// The options that may be given more than once (each value adds to the list).",
        f"static let repeatableOptions = [{', '.join(repeatable)}]",
        "",
        "/// The long options that are flags.",
        f"static let flags = [{', '.join(flag_names)}]",
        "",
        "/// The options and flags of ``RouterOptions``, which commands other than share also take.",
        f"static let routerOptionNames: Set<String> = [{', '.join(long_name(o) for g, o in options if g['struct'] == 'RouterOptions')}]",
        "",
        "/// Records a positional argument.",
        "static func addArgument(_ value: String, to invocation: inout ShareInvocation) {",
        f"{field(next(g for g, o in options if o is argument), argument)}.append(value)",
        "}",
        "",
        "/// Records the flag `name`; false for a name that is not a flag.",
        "static func setFlag(_ name: String, in invocation: inout ShareInvocation) -> Bool {",
        "switch name {",
    ]
    for group, option in options:
        if option["kind"] == "flag":
            lines.append(f'case {long_name(option)}: {field(group, option)} = true')
    lines += ["default: return false", "}", "return true", "}", ""]
    lines += [
        "/// Records option `name`'s value as swift-argument-parser would; false for a name that",
        "/// takes no value or a value that doesn't convert.",
        "static func set(_ name: String, to value: String, in invocation: inout ShareInvocation) -> Bool {",
        "switch name {",
    ]
    for group, option in options:
        kind = option["kind"]
        if kind in ("flag", "argument"):
            continue
        target = field(group, option)
        swift_type = option["type"].rstrip("?")
        converted = "value" if swift_type == "String" else "converted"
        lines.append(f'case {long_name(option)}:')
        if swift_type != "String":
            lines.append(f"guard let converted = {swift_type}(argument: value) else {{ return false }}")
        if kind == "list":
            lines.append(f'{target} += {target}.isEmpty ? {converted} : "," + {converted}')
        elif kind == "repeating":
            lines.append(f"{target}.append({converted})")
        else:
            lines.append(f"{target} = {converted}")
    lines += ["default: return false", "}", "return true", "}", "}"]
    return "\n".join(lines)


def generate():
    spec = json.loads(SPEC.read_text())
    check(spec)
    header = [
        "// Generated by scripts/generate-core-options.py from core-options.json: edit that file and",
        "// run the script; don't edit this one.",
        "",
        "import ArgumentParser",
        "import Clipboard",
        "import Destinations",
        "import ShareCore",
        "",
    ]
    body = "\n\n".join([group_struct(g) for g in spec["groups"]] + [fast_path(spec)])
    source = "\n".join(header) + body + "\n"
    formatted = subprocess.run(
        ["swift", "format", "format", "--configuration", str(ROOT / ".swift-format"), "-"],
        input=source,
        capture_output=True,
        text=True,
        check=True,
    )
    return formatted.stdout


def main():
    generated = generate()
    if sys.argv[1:] == ["--check"]:
        current = OUTPUT.read_text() if OUTPUT.exists() else ""
        if current != generated:
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(True), generated.splitlines(True), str(OUTPUT), "generated"
                )
            )
            print(f"{OUTPUT.relative_to(ROOT)} is stale: run scripts/generate-core-options.py", file=sys.stderr)
            sys.exit(1)
        return
    if sys.argv[1:]:
        sys.exit(__doc__)
    OUTPUT.write_text(generated)


if __name__ == "__main__":
    main()
