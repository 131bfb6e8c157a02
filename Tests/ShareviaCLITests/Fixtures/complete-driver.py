#!/usr/bin/env python3
"""Types command lines into a real interactive bash (or zsh) on a pseudo-terminal and presses
TAB, as a person would, for sharevia's completion tests.

Usage: complete-driver.py [--zsh] SCRIPT FOLDER LINE...

Starts `bash --norc --noprofile -i` (with --zsh: `zsh -f -i` with compinit) in FOLDER, sources
SCRIPT (sharevia's completion script for that shell), and for each LINE types it, presses TAB
once (ambiguous completions are listed at once), and records what the terminal showed until it
was quiet for a second; then abandons the line. Prints one JSON list: what each LINE showed.
Standard library only; every wait is bounded.
"""
import json
import os
import pty
import select
import sys
import time

arguments = sys.argv[1:]
zsh = arguments[:1] == ["--zsh"]
script, folder, *lines = arguments[1:] if zsh else arguments
pid, master = pty.fork()
if pid == 0:
    os.chdir(folder)
    if zsh:
        os.execvp("zsh", ["zsh", "-f", "-i"])
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


if zsh:
    setup = (
        "autoload -U compinit; compinit -u -D; setopt nobeep; zstyle ':completion:*' list-prompt ''; "
        f"source '{script}'; compdef _sharevia sharevia; PS1='READY> '\n"
    )
else:
    setup = (
        "bind 'set show-all-if-ambiguous on'; bind 'set completion-query-items 0'; "
        "bind 'set page-completions off'; bind 'set bell-style none'; "
        f"source '{script}'; PS1='READY> '\n"
    )
os.write(master, setup.encode())
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
