#!/usr/bin/env python3
"""A scripted HTTP(S) test server for sharevia's HTTP tests. Standard library only.

Listens on 127.0.0.1 on a free port (written to --port-file once ready), records every request
it receives as one JSON line in --log (method, path, headers, body size and SHA-256, the body
itself in base64, and multipart/form-data parts parsed), and answers as --script says:

  {"routes": {"/path": [answer, answer, ...]}, "default": answer, "idempotent": ["/path", ...]}

Each request to a path takes the next answer of its list; the last one repeats. An answer:
  status       the status code (200)
  headers      {"Name": "value"}
  body         text, or json: any JSON value to send as application/json
  body_size    send this many bytes of "x" instead
  no_length    send the body without Content-Length and close the connection
  echo         ["key", ...]: in the json answer's text, replace each {{key}} by that top-level
               field of the request's JSON body (a server that names what was asked for, such as
               a record key chosen by the client)
  delay_ms     wait this long after reading the request before answering (a slow server)
  stall        "after-request": read the whole request, record it, never answer
               "before-answer-headers": same, but send the status line first, then stall
               "close-before-body": read the headers, record them, reset the connection

--mode no-accept listens with a full accept queue and never accepts: connections hang in the
TCP handshake.

A path listed in "idempotent" honours the Idempotency-Key header as Mastodon does: a request whose
key already got a 2xx answer on that path gets the same answer again (status, headers and body)
without taking the next answer of the list, and is logged with "replayed": true. --mode silent accepts and then neither reads nor writes: a TLS handshake hangs. --tls-cert/--tls-key serve HTTPS with that certificate.
"""
import argparse
import base64
import hashlib
import http.server
import json
import os
import socket
import ssl
import struct
import sys
import threading
import time

STOP = threading.Event()


def parse_multipart(content_type, body):
    """The parts of a multipart/form-data body: name, filename, content_type, size, sha256, value."""
    boundary = None
    for piece in content_type.split(";")[1:]:
        key, _, value = piece.strip().partition("=")
        if key.lower() == "boundary":
            boundary = value.strip('"')
    if not boundary:
        return None
    delimiter = b"--" + boundary.encode()
    sections = body.split(b"\r\n" + delimiter)
    first = sections[0]
    if not first.startswith(delimiter):
        return None
    sections[0] = first[len(delimiter):]
    parts = []
    for section in sections:
        if section.startswith(b"--"):
            break
        if not section.startswith(b"\r\n"):
            return None
        head, sep, content = section[2:].partition(b"\r\n\r\n")
        if not sep:
            return None
        part = {"size": len(content), "sha256": hashlib.sha256(content).hexdigest()}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            name, _, value = line.partition(":")
            if name.lower() == "content-disposition":
                for item in value.split(";")[1:]:
                    key, _, val = item.strip().partition("=")
                    part[key.lower()] = val.strip('"')
            elif name.lower() == "content-type":
                part["content_type"] = value.strip()
        if "filename" not in part:
            part["value"] = content.decode("utf-8", "replace")
        parts.append(part)
    return parts


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def answer_for(self, path):
        routes = self.server.script.get("routes", {})
        with self.server.lock:
            key = path.split("?")[0]
            if key in routes and routes[key]:
                queue = routes[key]
                return queue.pop(0) if len(queue) > 1 else queue[0]
        return self.server.script.get("default", {"status": 200, "json": {"ok": True}})

    def record(self, body, replayed=False):
        entry = {
            "method": self.command,
            "path": self.path,
            "headers": [[name, value] for name, value in self.headers.items()],
            "body_size": len(body),
            "body_sha256": hashlib.sha256(body).hexdigest(),
            "body": base64.b64encode(body).decode(),
            "time": time.time(),
        }
        if replayed:
            entry["replayed"] = True
        content_type = self.headers.get("Content-Type", "")
        if content_type.lower().startswith("multipart/form-data"):
            entry["parts"] = parse_multipart(content_type, body)
        with self.server.lock:
            with open(self.server.log_path, "a") as log:
                log.write(json.dumps(entry) + "\n")

    def idempotency_key(self):
        """(path, Idempotency-Key) when the path honours the key and the request has one."""
        route = self.path.split("?")[0]
        key = self.headers.get("Idempotency-Key")
        if key and route in self.server.script.get("idempotent", []):
            return (route, key)
        return None

    def send_answer(self, status, headers, payload):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def handle_any(self):
        idempotency = self.idempotency_key()
        if idempotency:
            with self.server.lock:
                stored = self.server.replies.get(idempotency)
            if stored:
                length = int(self.headers.get("Content-Length") or 0)
                self.record(self.rfile.read(length) if length else b"", replayed=True)
                self.send_answer(*stored)
                return
        answer = self.answer_for(self.path)
        if answer.get("stall") == "close-before-body":
            # Reset the connection with the body unread: the client's upload breaks midway.
            self.record(b"")
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.record(body)
        if answer.get("delay_ms"):
            time.sleep(int(answer["delay_ms"]) / 1000)
        stall = answer.get("stall")
        if stall == "before-answer-headers":
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            self.wfile.flush()
        if stall:
            while not STOP.wait(0.1):
                pass
            return
        if "json" in answer:
            text = json.dumps(answer["json"])
            if answer.get("echo"):
                try:
                    asked = json.loads(body.decode() or "{}")
                except ValueError:
                    asked = {}
                for key in answer["echo"]:
                    value = asked.get(key, "") if isinstance(asked, dict) else ""
                    text = text.replace("{{" + key + "}}", str(value))
            payload = text.encode()
            content_type = "application/json"
        elif "body_size" in answer:
            payload = b"x" * int(answer["body_size"])
            content_type = "application/octet-stream"
        else:
            payload = answer.get("body", "").encode()
            content_type = "text/plain; charset=utf-8"
        status = int(answer.get("status", 200))
        headers = dict(answer.get("headers", {}))
        headers.setdefault("Content-Type", content_type)
        if idempotency and 200 <= status < 300 and not answer.get("no_length"):
            with self.server.lock:
                self.server.replies.setdefault(idempotency, (status, headers, payload))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if answer.get("no_length"):
            self.send_header("Connection", "close")
            self.close_connection = True
        else:
            self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def write_port(path, port):
    temporary = path + ".tmp"
    with open(temporary, "w") as out:
        out.write(str(port))
    os.rename(temporary, path)


def no_accept(port_file):
    """A listener whose accept queue is full and never drained: connecting hangs."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):
        filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        filler.setblocking(False)
        try:
            filler.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        fillers.append(filler)
    time.sleep(0.2)
    write_port(port_file, port)
    print("sharevia test server ready (no-accept)", flush=True)
    while True:
        time.sleep(3600)


def silent(port_file):
    """Accepts connections and never reads or writes: a TLS client hangs in its handshake."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    write_port(port_file, listener.getsockname()[1])
    print("sharevia test server ready (silent)", flush=True)
    held = []
    while True:
        connection, _ = listener.accept()
        held.append(connection)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--script")
    parser.add_argument("--mode", default="serve", choices=["serve", "no-accept", "silent"])
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    args = parser.parse_args()
    if args.mode == "no-accept":
        no_accept(args.port_file)
        return
    if args.mode == "silent":
        silent(args.port_file)
        return
    server = Server(("127.0.0.1", 0), Handler)
    server.script = {}
    if args.script:
        with open(args.script) as script:
            server.script = json.load(script)
    server.lock = threading.Lock()
    server.replies = {}
    server.log_path = args.log
    open(args.log, "a").close()
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    write_port(args.port_file, server.server_address[1])
    print("sharevia test server ready", flush=True)
    try:
        server.serve_forever()
    finally:
        STOP.set()


if __name__ == "__main__":
    sys.exit(main())
