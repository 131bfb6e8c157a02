"""A loopback SMTP server for sharevia's tests, on Debian's aiosmtpd (run with /usr/bin/python3).

Usage: smtp-server.py --port-file FILE --dir DIR [--mode accept|tempfail-once|reject|stall]
                      [--tls-cert PEM --tls-key PEM [--require-starttls]]
                      [--auth-from-environment [--mechanism PLAIN|LOGIN]]   (USER:PASSWORD in $SMTP_TEST_AUTH)

Picks a free loopback port, starts, then writes the port into --port-file. Each message the
server accepts is saved as DIR/N.eml (the raw bytes after DATA, as received) with DIR/N.json
(envelope sender, recipients, whether TLS was on, the AUTH mechanism and login used).
Modes: accept (250); tempfail-once (451 for the first message, then 250); reject (550);
stall (never answers after DATA).
"""
import argparse
import asyncio
import json
import logging
import os
import socket
import ssl
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

parser = argparse.ArgumentParser()
parser.add_argument("--port-file", required=True)
parser.add_argument("--dir", required=True)
parser.add_argument("--mode", default="accept", choices=["accept", "tempfail-once", "reject", "stall"])
parser.add_argument("--tls-cert")
parser.add_argument("--tls-key")
parser.add_argument("--require-starttls", action="store_true")
parser.add_argument("--auth-from-environment", action="store_true", help="USER:PASSWORD in $SMTP_TEST_AUTH")
parser.add_argument("--mechanism", choices=["PLAIN", "LOGIN"])
args = parser.parse_args()
login = os.environ.get("SMTP_TEST_AUTH") if args.auth_from_environment else None


class Handler:
    def __init__(self):
        self.count = 0
        self.failed_once = False

    async def handle_DATA(self, server, session, envelope):
        if args.mode == "stall":
            await asyncio.sleep(3600)
        if args.mode == "reject":
            return "550 5.7.1 Message rejected by the test server"
        if args.mode == "tempfail-once" and not self.failed_once:
            self.failed_once = True
            return "451 4.3.0 Try again later"
        self.count += 1
        stem = os.path.join(args.dir, str(self.count))
        with open(stem + ".eml.tmp", "wb") as f:
            f.write(envelope.original_content)
        info = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "tls": session.ssl is not None,
            "auth": getattr(session, "sharevia_auth", None),
        }
        with open(stem + ".json", "w") as f:
            json.dump(info, f)
        os.rename(stem + ".eml.tmp", stem + ".eml")
        return "250 2.0.0 OK saved"


def authenticator(server, session, envelope, mechanism, auth_data):
    user, password = login.split(":", 1)
    name = auth_data.login.decode() if isinstance(auth_data.login, bytes) else auth_data.login
    given = auth_data.password.decode() if isinstance(auth_data.password, bytes) else auth_data.password
    if name == user and given == password:
        session.sharevia_auth = {"mechanism": mechanism, "login": name}
        return AuthResult(success=True)
    return AuthResult(success=False, handled=False)


# aiosmtpd logs "Peer: (host, port)" for every connection; tests read the log to tell whether
# anything connected at all.
logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(message)s")

kwargs = {}
if args.tls_cert:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.tls_cert, args.tls_key)
    kwargs["tls_context"] = context
    kwargs["require_starttls"] = args.require_starttls
if login:
    kwargs["authenticator"] = authenticator
    kwargs["auth_require_tls"] = False
    if args.mechanism:
        kwargs["auth_exclude_mechanism"] = ["LOGIN" if args.mechanism == "PLAIN" else "PLAIN"]

for attempt in range(50):
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    controller = Controller(Handler(), hostname="127.0.0.1", port=port, ready_timeout=10, **kwargs)
    try:
        controller.start()
        break
    except Exception as error:  # the port was taken meanwhile
        last = error
        time.sleep(0.05)
else:
    sys.exit("no free port: %s" % last)

with open(args.port_file + ".tmp", "w") as f:
    f.write(str(port))
os.rename(args.port_file + ".tmp", args.port_file)
# Controller.start() made one connection of its own to check the server answers; connections
# logged after this line are the clients'.
logging.info("sharevia test server ready on port %d", port)
try:
    while True:
        time.sleep(3600)
except KeyboardInterrupt:
    pass
finally:
    controller.stop()
