"""A loopback HTTP server that answers scripted faults, then proxies to the real nodeplane server.

The real server cannot be made to answer 502, 503 or 429 on demand for a GET, so retries are
proven here: each queued fault answers one request; with the queue empty, requests pass
through to the upstream server unchanged.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import urlsplit

HOP_HEADERS = {"host", "connection", "keep-alive", "transfer-encoding", "content-length"}


@dataclass
class Fault:
    status: int = 503
    body: bytes = b""
    headers: Dict[str, str] = field(default_factory=dict)
    #: Close the connection without answering.
    drop: bool = False
    #: Seconds to wait before answering.
    delay: float = 0.0
    #: Pass the request to the upstream server, then close the connection: a lost answer.
    lose_answer: bool = False


@dataclass
class Seen:
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (the timeout test) leaves a broken pipe: expected here.
        pass


class FaultServer:
    def __init__(self, upstream: str) -> None:
        self.upstream = urlsplit(upstream)
        self.faults: List[Fault] = []
        self.seen: List[Seen] = []
        self._lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                owner._handle(self)

            do_POST = do_DELETE = do_PATCH = do_PUT = do_GET

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = "http://127.0.0.1:{}".format(self._httpd.server_address[1])
        threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True).start()

    def add(
        self, status: int = 503, json_body: Optional[Any] = None, text: Optional[str] = None, **options: Any
    ) -> None:
        """Queues one fault; ``json_body`` is sent as problem+json (or JSON for a 2xx)."""
        headers = dict(options.pop("headers", {}))
        body = b""
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers.setdefault(
                "Content-Type", "application/json" if status < 400 else "application/problem+json"
            )
        elif text is not None:
            body = text.encode()
            headers.setdefault("Content-Type", "text/html")
        with self._lock:
            self.faults.append(Fault(status=status, body=body, headers=headers, **options))

    def requests_to(self, method: str, path_prefix: str) -> List[Seen]:
        return [s for s in self.seen if s.method == method and s.path.startswith(path_prefix)]

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        with self._lock:
            self.seen.append(Seen(handler.command, handler.path, dict(handler.headers.items()), body))
            fault = self.faults.pop(0) if self.faults else None
        if fault is not None and fault.delay:
            time.sleep(fault.delay)
        if fault is None:
            self._proxy(handler, body)
        elif fault.lose_answer:
            self._forward(handler, body)
            handler.close_connection = True
            handler.connection.close()
        elif fault.drop:
            handler.close_connection = True
            handler.connection.close()
        else:
            self._send(handler, fault.status, fault.headers, fault.body)

    def _proxy(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        self._send(handler, *self._forward(handler, body))

    def _forward(self, handler: BaseHTTPRequestHandler, body: bytes) -> Tuple[int, Dict[str, str], bytes]:
        conn = http.client.HTTPConnection(self.upstream.hostname, self.upstream.port, timeout=30)
        headers = {k: v for k, v in handler.headers.items() if k.lower() not in HOP_HEADERS}
        conn.request(
            handler.command,
            handler.path,
            body=body if body or handler.command == "POST" else None,
            headers=headers,
        )
        response = conn.getresponse()
        data = response.read()
        kept = {k: v for k, v in response.getheaders() if k.lower() not in HOP_HEADERS}
        conn.close()
        return response.status, kept, data

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, headers: Dict[str, str], body: bytes) -> None:
        handler.send_response(status)
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
