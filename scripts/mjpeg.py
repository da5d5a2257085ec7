"""The scripts' one parser of an MJPEG (multipart/x-mixed-replace) stream.

Feed it the bytes of the response body as they arrive, in any split; it returns each complete part
as (headers, body), headers with lower-cased names. A part with a Content-Length is that many
bytes; one without ends where the next boundary starts. Bytes before the first boundary are
skipped.
"""
import re


def boundary_of(content_type):
    """The boundary named in a multipart Content-Type, or None."""
    m = re.match(r"multipart/x-mixed-replace\s*;\s*boundary=\"?([^\";]+)", content_type or "")
    return m.group(1) if m else None


def is_jpeg(body):
    return body[:3] == b"\xff\xd8\xff" and body[-2:] == b"\xff\xd9"


class MultipartParser:
    def __init__(self, boundary):
        self.delimiter = b"--" + boundary.encode()
        self.buffer = b""
        self.started = False

    def feed(self, data):
        self.buffer += data
        parts = []
        while True:
            if not self.started:
                at = self.buffer.find(self.delimiter + b"\r\n")
                if at < 0:
                    return parts
                self.buffer = self.buffer[at + len(self.delimiter) + 2:]
                self.started = True
            head, sep, rest = self.buffer.partition(b"\r\n\r\n")
            if not sep:
                return parts
            headers = {}
            for line in head.decode("latin-1").split("\r\n"):
                name, colon, value = line.partition(":")
                if colon:
                    headers[name.strip().lower()] = value.strip()
            if "content-length" in headers:
                length = int(headers["content-length"])
                if len(rest) < length:
                    return parts
            else:
                length = rest.find(b"\r\n" + self.delimiter)
                if length < 0:
                    return parts
            parts.append((headers, rest[:length]))
            # What follows the body is CRLF and the next boundary line, found again above.
            self.buffer = rest[length:]
            self.started = False
