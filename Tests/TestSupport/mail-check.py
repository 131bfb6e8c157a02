"""Parses messages the way a mail client would, with Python's email package
(policy=email.policy.default), and prints one JSON object per file on one line each:
defects (of the message, every part and every header), the decoded headers, the text and HTML
bodies, every file (file name, Content-Type name, type, disposition, Content-ID, SHA-256 of the decoded bytes), and the
raw form checks (bare CR or LF, longest line, non-ASCII bytes).

Usage: mail-check.py FILE...
"""
import email
import email.policy
import hashlib
import json
import sys
from email.header import decode_header, make_header
from email.utils import getaddresses


def check(path):
    raw = open(path, "rb").read()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    defects = []
    parts = []
    for part in message.walk():
        defects += ["%s: %s" % (part.get_content_type(), type(d).__name__) for d in part.defects]
        for name, value in part.items():
            for d in getattr(value, "defects", ()):
                defects.append("%s header: %s" % (name, type(d).__name__))
        if part.is_multipart():
            continue
        entry = {
            "type": part.get_content_type(),
            "disposition": part.get_content_disposition(),
            "filename": part.get_filename(),
            "name": part["Content-Type"].params.get("name") if part["Content-Type"] else None,
            "content_id": part.get("Content-ID"),
        }
        content = part.get_content()
        if isinstance(content, str):
            entry["text"] = content.replace("\r\n", "\n")  # the decoded QP keeps the wire's CRLF
        else:
            entry["sha256"] = hashlib.sha256(content).hexdigest()
            entry["size"] = len(content)
        parts.append(entry)
    lines = raw.split(b"\r\n")
    result = {
        "defects": defects,
        "from": str(message["From"]) if message["From"] else None,
        "from_addresses": [a.addr_spec for a in message["From"].addresses] if message["From"] else [],
        "from_names": [a.display_name for a in message["From"].addresses] if message["From"] else [],
        "to": [a.addr_spec for a in message["To"].addresses] if message["To"] else [],
        "to_names": [a.display_name for a in message["To"].addresses] if message["To"] else [],
        # Display names as RFC 2047 section 6.2 reads them (white space between adjacent
        # encoded-words ignored), which the policy's parser does not do for phrases.
        "from_names_rfc2047": rfc2047_names(raw, "From"),
        "to_names_rfc2047": rfc2047_names(raw, "To"),
        "cc": [a.addr_spec for a in message["Cc"].addresses] if message["Cc"] else [],
        "subject": str(message["Subject"]),
        "date": str(message["Date"]),
        "message_id": str(message["Message-ID"]),
        "content_type": message.get_content_type(),
        "structure": structure(message),
        "parts": parts,
        "bare_cr_or_lf": b"\n" in raw.replace(b"\r\n", b"") or b"\r" in raw.replace(b"\r\n", b""),
        "longest_line": max(len(line) for line in lines),
        "longest_header_line": max(len(line) for line in raw.split(b"\r\n\r\n")[0].split(b"\r\n")),
        "ascii": all(b < 128 for b in raw),
    }
    return result


def rfc2047_names(raw, name):
    legacy = email.message_from_bytes(raw, policy=email.policy.compat32)
    value = legacy.get(name)
    if value is None:
        return []
    decoded = str(make_header(decode_header(str(value).replace("\r\n", ""))))
    return [display for display, _ in getaddresses([decoded])]


def structure(part):
    if part.is_multipart():
        return "%s(%s)" % (part.get_content_type(), ", ".join(structure(p) for p in part.iter_parts()))
    return part.get_content_type()


for path in sys.argv[1:]:
    print(json.dumps(check(path), ensure_ascii=False))
