#!/usr/bin/env python3
"""Runs a program on a pseudo-terminal, as a person at a terminal would, for sharevia's tests.

Usage: pty-driver.py MODE PROMPT TEXT PROGRAM [ARG ...]

Waits for PROMPT on the terminal, notes whether the terminal echoes input then, and then:
  type     types TEXT and Enter
  sigint   sends SIGINT to the program
  sigterm  sends SIGTERM to the program
Prints one JSON object: the exit status (or -signal), everything the terminal showed, whether
echo was on while the prompt waited, and whether it is on after the program ended.
Standard library only.
"""
import fcntl
import json
import os
import select
import signal
import sys
import termios
import time

mode, prompt, text, program, *arguments = sys.argv[1:]
master, slave = os.openpty()
pid = os.fork()
if pid == 0:
    os.close(master)
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for descriptor in (0, 1, 2):
        os.dup2(slave, descriptor)
    if slave > 2:
        os.close(slave)
    os.execv(program, [program] + arguments)

shown = b""


def echo_on():
    return bool(termios.tcgetattr(slave)[3] & termios.ECHO)


def pump(seconds):
    global shown
    ready, _, _ = select.select([master], [], [], seconds)
    if ready:
        try:
            shown += os.read(master, 4096)
        except OSError:
            pass


deadline = time.time() + 30
while prompt.encode() not in shown and time.time() < deadline:
    pump(0.1)
saw_prompt = prompt.encode() in shown
echo_during = echo_on()
if mode == "type":
    os.write(master, text.encode() + b"\n")
elif mode == "sigint":
    os.kill(pid, signal.SIGINT)
elif mode == "sigterm":
    os.kill(pid, signal.SIGTERM)
status = None
deadline = time.time() + 30
while status is None and time.time() < deadline:
    pump(0.05)
    done, code = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(code)
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
pump(0.2)
print(json.dumps({
    "status": status,
    "shown": shown.decode("utf-8", "replace"),
    "sawPrompt": saw_prompt,
    "echoDuring": echo_during,
    "echoAfter": echo_on(),
}))
