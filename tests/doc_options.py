#!/usr/bin/env python3
"""Prints, one per line, the differences between the options of each command as README.md's
command list, doc/stencilc.1's SYNOPSIS and 'stencilc COMMAND --help' give them (nothing when
they agree). Usage: doc_options.py STENCILC"""
import re
import subprocess
import sys

COMMANDS = ["info", "gen", "run", "model", "probe", "tune", "check"]


def options(text):
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[stro])(?![\w-])", text))


def readme():
    text = open("README.md").read()
    block = text[text.index("```\nstencilc info"):]
    block = block[4:block.index("```", 4)]
    found, cmd = {}, None
    for line in block.splitlines():
        m = re.match(r"stencilc (\S+)", line)
        if m:
            cmd = m.group(1)
        if cmd in COMMANDS:
            found[cmd] = found.get(cmd, set()) | options(line.replace("stencilc " + cmd, ""))
    return found


def man():
    text = open("doc/stencilc.1").read()
    syn = text[text.index(".SH SYNOPSIS"):text.index(".SH DESCRIPTION")]
    found = {}
    for part in re.split(r"\n\.B stencilc ", syn)[1:]:
        cmd = part.split("\n")[0].strip()
        if cmd in COMMANDS:
            found[cmd] = options(part.replace("\\-", "-"))
    return found


def main():
    r, m = readme(), man()
    for cmd in COMMANDS:
        a, b = r.get(cmd, set()), m.get(cmd, set())
        if a != b:
            print("%s: README only %s, man page only %s" % (cmd, sorted(a - b), sorted(b - a)))
        helptext = subprocess.run([sys.argv[1], cmd, "--help"], capture_output=True, text=True).stdout
        missing = sorted(a - options(helptext))
        if missing:
            print("%s --help lacks %s" % (cmd, missing))


main()
