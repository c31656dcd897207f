"""Real parts for the delivery tests: an SMTP listener on loopback and a Celery worker process on Redis."""

from __future__ import annotations

import asyncio
import email
import email.policy
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 30


@dataclass
class Received:
    to: list[str]
    subject: str
    text: str
    html: str
    headers: dict[str, str]
    attachments: list[tuple[str, str, bytes]] = field(default_factory=list)  # (filename, content type, content)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(predicate: Any, timeout: float = WAIT_SECONDS) -> None:
    """Poll ``predicate`` (work finishing in the worker process) until it holds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the worker")
        time.sleep(0.01)


class SmtpSink:
    """Collects every message; can stall the first delivery to one address (to kill a worker mid-send)."""

    def __init__(self) -> None:
        self.messages: list[Received] = []
        self.lock = threading.Lock()
        self.hold_address: str | None = None
        self.holding = threading.Event()
        self.released = threading.Event()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address == self.hold_address:
            self.hold_address = None
            self.holding.set()
            while not self.released.is_set():
                await asyncio.sleep(0.02)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        html = parsed.get_body(("html",))
        received = Received(
            to=list(envelope.rcpt_tos),
            subject=str(parsed["Subject"]).strip(),
            text=parsed.get_body(("plain",)).get_content().replace("\r\n", "\n"),
            html=html.get_content().replace("\r\n", "\n") if html else "",
            headers={key: str(value) for key, value in parsed.items()},
            attachments=[(part.get_filename(), part.get_content_type(), part.get_payload(decode=True))
                         for part in parsed.iter_attachments()],
        )
        with self.lock:
            self.messages.append(received)
        return "250 Message accepted"

    def hold_first_to(self, address: str) -> None:
        self.holding.clear()
        self.released.clear()
        self.hold_address = address

    def wait_for(self, count: int, timeout: float = WAIT_SECONDS) -> list[Received]:
        """At least ``count`` messages, polling (the worker runs in another process)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.005)
        raise AssertionError(f"expected {count} mails, got {len(self.messages)}")

    def start(self) -> SmtpSink:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.released.set()
        self.controller.stop()


class Worker:
    """``celery -A turnpost worker`` in its own process group, on the test database and a Redis db."""

    def __init__(self, broker_url: str, smtp_port: int, db_name: str, log_path: Path, lease_seconds: int = 1):
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.notifications.worker_settings",
            "TURNPOST_WORKER_BROKER_URL": broker_url,
            "TURNPOST_WORKER_SMTP_PORT": str(smtp_port),
            "TURNPOST_WORKER_DB_NAME": db_name,
            "TURNPOST_MAIL_LEASE_SECONDS": str(lease_seconds),
            "PYTHONPATH": str(ROOT),
        }
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> Worker:
        self.log_path.write_text("")
        log = self.log_path.open("a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "turnpost", "worker", "-P", "solo", "--without-gossip",
             "--without-mingle", "--without-heartbeat", "--loglevel=INFO", "-n", f"test-{os.getpid()}@%h"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + WAIT_SECONDS
        while " ready." not in self.log_path.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the worker did not start:\n" + self.log_path.read_text()[-3000:])
            time.sleep(0.05)
        return self

    def kill(self) -> None:
        """SIGKILL the whole worker, as a crash or an OOM kill would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
