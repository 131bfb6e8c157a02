#!/usr/bin/env python3
"""Types command lines into a real interactive bash on a pseudo-terminal and presses TAB, as a
person would, for sharevia's completion tests.

Usage: complete-driver.py SCRIPT FOLDER LINE...

Starts `bash --norc --noprofile -i` in FOLDER, sources SCRIPT (sharevia's completion script),
and for each LINE types it, presses TAB once (ambiguous completions are listed at once), and
records what the terminal showed until it was quiet for a second; then abandons the line.
Prints one JSON list: what each LINE showed. Standard library only; every wait is bounded.
"""
import json
import os
import pty
import select
import sys
import time

script, folder, *lines = sys.argv[1:]
pid, master = pty.fork()
if pid == 0:
    os.chdir(folder)
    os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])


def read_quiet(quiet=1.0, limit=60.0):
    """What the terminal shows until nothing comes for `quiet` seconds (at most `limit`)."""
    shown = b""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], quiet)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    return shown.decode("utf-8", "replace")


def wait_for(marker, limit=60.0):
    shown = ""
    end = time.monotonic() + limit
    while marker not in shown and time.monotonic() < end:
        shown += read_quiet(quiet=0.2, limit=1.0)
    return shown


os.write(master, (
    "bind 'set show-all-if-ambiguous on'; bind 'set completion-query-items 0'; "
    "bind 'set page-completions off'; bind 'set bell-style none'; "
    f"source '{script}'; PS1='READY> '\n"
).encode())
wait_for("READY> ")
results = []
for line in lines:
    os.write(master, (line + "\t").encode())
    results.append(read_quiet())
    os.write(master, b"\x03")  # Ctrl-C: abandon the line
    wait_for("READY> ")
os.write(master, b"exit\n")
read_quiet(quiet=0.5, limit=5.0)
os.waitpid(pid, 0)
print(json.dumps(results))
