"""Throwaway PostgreSQL and Redis servers, for tests that restart or stop them.

Never the machine's servers: each of these runs on a free loopback port from a temporary
directory and is removed afterwards.  PostgreSQL refuses to run as root, so under root its
commands run as the ``postgres`` user (``runuser``).
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

WAIT_SECONDS = 20


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(path.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


class ThrowawayPostgres:
    """``initdb`` + ``pg_ctl`` on a free port; ``restart`` and ``stop`` are what the tests do to it."""

    def __init__(self) -> None:
        bin_dir = _postgres_bin()
        if bin_dir is None:
            pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
        self.bin = bin_dir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="turnpost-pg-"))
        self.data = self.dir / "data"
        self._as_owner = os.geteuid() == 0
        self.running = False
        if self._as_owner:
            shutil.chown(self.dir, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        argv = [str(self.bin / command[0]), *command[1:]]
        if self._as_owner:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}\n{done.stderr}")

    def start(self) -> ThrowawayPostgres:
        """Start the server (initialising it the first time); a running server is left as it is."""
        if self.running:
            return self
        if not self.data.exists():
            self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync")
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.dir} -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.dir / "log"), "-w", "start")
        self.running = True
        return self

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        self.running = False

    def restart(self) -> None:
        """Stop (closing every client's connection, as a PostgreSQL restart does) and start again."""
        self.stop()
        self.start()

    def copy_database(self, settings: dict, name: str) -> None:
        """Create ``name`` here as a copy (schema and rows) of that database on the server of ``settings``."""
        source = ["-h", settings["HOST"], "-p", str(settings["PORT"] or 5432), "-U", settings["USER"] or "postgres"]
        dump = subprocess.run(
            [str(self.bin / "pg_dump"), "--no-owner", "--no-privileges", *source, name],
            capture_output=True, check=True, timeout=60,
            env={**os.environ, "PGPASSWORD": settings.get("PASSWORD") or ""},
        )
        psql = [str(self.bin / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q"]
        subprocess.run([*psql, "-d", "postgres", "-c", f'CREATE DATABASE "{name}"'], capture_output=True, check=True)
        subprocess.run([*psql, "-d", name, "-v", "ON_ERROR_STOP=1"], input=dump.stdout, capture_output=True, check=True)

    def destroy(self) -> None:
        if self.running:
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class ThrowawayRedis:
    """``redis-server`` on a free port, in memory only; ``stop`` and ``start`` keep the port."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            pytest.skip("redis-server is not installed")
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> ThrowawayRedis:
        """Start the server, empty (a running one is left as it is)."""
        if self.process is not None and self.process.poll() is None:
            return self
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + WAIT_SECONDS
        while not self._answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.02)
        return self

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # a paused server cannot act on SIGTERM
            self.process.terminate()
            self.process.wait(10)

    def pause(self) -> None:
        """Freeze the server (SIGSTOP): it keeps its keys and its port, and answers nothing, as across a partition."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)
