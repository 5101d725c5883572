"""The least WebSocket client (RFC 6455) the console tests need: the stdlib has none."""

from __future__ import annotations

import base64
import os
import socket
import struct
from typing import Tuple
from urllib.parse import urlparse

TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8


class WebSocket:
    """A ``ws://`` connection: ``status`` is the handshake's HTTP status (101 when accepted)."""

    def __init__(self, url: str, timeout: float = 15) -> None:
        parsed = urlparse(url)
        assert parsed.scheme == "ws", url
        self._sock = socket.create_connection((parsed.hostname, parsed.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            "GET {}?{} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: {}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).format(parsed.path, parsed.query, parsed.netloc, key)
        self._sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self._sock.recv(4096)
            if not chunk:
                break
            response += chunk
        head, _, self._buffer = response.partition(b"\r\n\r\n")
        self.status = int(head.split(b" ")[1]) if head else 0

    def send(self, opcode: int, payload: bytes) -> None:
        """One final frame, masked as a client's must be."""
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        else:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self._sock.sendall(header + mask + masked)

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            chunk = self._sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self._buffer += chunk
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def receive(self) -> Tuple[int, bytes]:
        """The next frame's opcode and payload (the server's frames are unmasked)."""
        first, second = self._take(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._take(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._take(8))[0]
        return first & 0x0F, self._take(length)

    def close(self) -> None:
        self._sock.close()
