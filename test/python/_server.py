"""Starts a real nodeplane server (``node bin/nodeplane.js serve``) and runs its CLI."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

#: The checkout whose server is tested; NODEPLANE_SERVER_DIR points at another one.
REPO = Path(os.environ.get("NODEPLANE_SERVER_DIR") or Path(__file__).resolve().parents[2])
CLI = str(REPO / "bin" / "nodeplane.js")
START_TIMEOUT = 60


def database_env(data_dir: str) -> Dict[str, str]:
    """On the PostgreSQL run (NODEPLANE_TEST_POSTGRES_URL set by test/run-all.sh), a database
    of the data directory's own, as test/helpers/database.ts gives the TypeScript suites."""
    admin_url = os.environ.get("NODEPLANE_TEST_POSTGRES_URL")
    if not admin_url:
        return {}
    digest = hashlib.sha256(data_dir.encode()).digest()
    name = "np_py_" + digest.hex()[:20]
    subprocess.run(["psql", admin_url, "-qc", "CREATE DATABASE " + name], check=True, capture_output=True)
    return {
        "DATABASE_URL": admin_url.rsplit("/", 1)[0] + "/" + name,
        "NODEPLANE_SECRET_KEY": base64.b64encode(hashlib.sha256(digest).digest()).decode(),
    }


class ServerProcess:
    """A ``nodeplane serve`` child on 127.0.0.1 with its own data directory.

    :param port: 0 picks a free port
    :param env: extra ``NODEPLANE_*`` settings
    """

    def __init__(
        self, port: int = 0, env: Optional[Dict[str, str]] = None, data_dir: Optional[str] = None
    ) -> None:
        self.port = port
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="nodeplane-pytest-")
        # No provider release build at start: only the registry's own tests want one.
        self.env = dict(
            os.environ,
            NODEPLANE_PROVISION_SECONDS="0",
            NODEPLANE_TEARDOWN_SECONDS="0",
            NODEPLANE_PROVIDER_BUILD="off",
        )
        self.env.update(database_env(self.data_dir))
        self.env.update(env or {})
        self.url = ""
        #: Every JSON log line printed so far.
        self.logs: List[Dict[str, Any]] = []
        self._listening = threading.Event()
        self._proc: Optional[subprocess.Popen] = None

    def start(self) -> "ServerProcess":
        args = [
            "node",
            CLI,
            "serve",
            "--port",
            str(self.port),
            "--host",
            "127.0.0.1",
            "--data",
            self.data_dir,
        ]
        self._proc = subprocess.Popen(
            args,
            cwd=str(REPO),
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            universal_newlines=True,
        )
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._proc.stderr.read, daemon=True).start()  # type: ignore[union-attr]
        deadline = time.monotonic() + START_TIMEOUT
        while not self._listening.wait(0.05):
            if self._proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("nodeplane serve did not start (exit {})".format(self._proc.returncode))
        return self

    def _read_stdout(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        for line in self._proc.stdout:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            self.logs.append(entry)
            if entry.get("msg") == "listening":
                self.url = entry["url"]
                self._listening.set()

    def requests_logged(self, method: str, path: str, settle: float = 0.3) -> int:
        """How many requests the server has logged for ``method path``, once no more arrive.

        The server logs a request after answering it, so wait until the count holds still.
        """

        def count() -> int:
            return sum(
                1
                for e in self.logs
                if e.get("msg") == "request" and e.get("method") == method and e.get("path") == path
            )

        while True:
            before = count()
            time.sleep(settle)
            if count() == before:
                return before

    def cli(self, *args: str) -> "subprocess.CompletedProcess[str]":
        """Runs ``nodeplane <args> --data <dir>`` to completion."""
        result = subprocess.run(
            ["node", CLI] + list(args) + ["--data", self.data_dir],
            cwd=str(REPO),
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            universal_newlines=True,
            timeout=START_TIMEOUT,
        )
        if result.returncode != 0:
            raise RuntimeError("nodeplane {} failed: {}".format(" ".join(args), result.stderr))
        return result

    def create_key(
        self, name: str, scope: str = "read_write", email: Optional[str] = None
    ) -> Tuple[str, str]:
        """Creates an API key; returns its id (from stderr) and the key (stdout's last line)."""
        args = ["keys", "create", "--name", name, "--scope", scope]
        if email:
            args += ["--email", email]
        result = self.cli(*args)
        match = re.search(r"Created key (\S+)", result.stderr)
        assert match, result.stderr
        return match.group(1), result.stdout.strip().splitlines()[-1]

    def restart(self) -> None:
        """Stops the server cleanly (SIGTERM) and starts it again on the same port and data."""
        assert self._proc is not None
        self._proc.send_signal(signal.SIGTERM)
        self._proc.wait(10)
        self.port = int(self.url.rsplit(":", 1)[1])
        self._listening.clear()
        self.start()

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.send_signal(signal.SIGTERM)
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        shutil.rmtree(self.data_dir, ignore_errors=True)
