"""The background dispatcher: committed outbox ids become few send tasks, and none is lost on the way.

The end-to-end path (a move on the real Celery worker and SMTP listener, through this thread)
is in test_real_delivery.py; here the publish is a recorder.
"""

import os
import threading
import time

import pytest

from notifications.dispatch import Dispatcher


class Recorder:
    def __init__(self, failures: int = 0):
        self.calls: list[list[int]] = []
        self.failures = failures
        self.published = threading.Event()

    def __call__(self, ids: list[int]) -> None:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("broker down")
        self.calls.append(list(ids))
        self.published.set()

    def wait(self) -> None:
        assert self.published.wait(5), "nothing was published"
        self.published.clear()


def wait_until(condition, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_ids_committed_together_go_out_as_one_task():
    recorder = Recorder()
    dispatcher = Dispatcher(recorder, linger=0.2)
    for ids in ([1], [2, 3], [4]):
        dispatcher.submit(ids)
    recorder.wait()
    assert recorder.calls == [[1, 2, 3, 4]]


def test_a_refused_publish_is_logged_and_later_ids_still_go_out(caplog):
    recorder = Recorder(failures=1)
    dispatcher = Dispatcher(recorder, linger=0.01)
    dispatcher.submit([1])
    wait_until(lambda: "the sweeper will pick them up" in caplog.text)
    assert "could not queue 1 outbox rows" in caplog.text
    dispatcher.submit([2])
    recorder.wait()
    assert recorder.calls == [[2]]


def test_flush_publishes_what_waits_and_what_the_thread_holds_once():
    recorder = Recorder()
    dispatcher = Dispatcher(recorder, linger=0.5)
    dispatcher.submit([7])
    time.sleep(0.1)  # the thread has woken for 7 and lingers with it
    dispatcher.submit([8])
    dispatcher.flush()
    assert recorder.calls == [[7, 8]]
    time.sleep(0.6)  # the thread's linger ends: it finds nothing left to publish
    assert recorder.calls == [[7, 8]]


EXITING_PROCESS = """
import sys, time
from notifications import dispatch
dispatch._dispatcher._publish = lambda ids: print("published", ids, flush=True)
dispatch._dispatcher._linger = 30
dispatch._dispatcher.submit([41, 42])
time.sleep(0.2)  # the thread holds the ids; the process ends as a web worker would after a move
sys.exit(0)
"""


def test_a_process_that_exits_publishes_the_ids_its_thread_holds():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", EXITING_PROCESS], cwd=root, capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["published [41, 42]"]


def test_nothing_is_submitted_for_no_rows():
    recorder = Recorder()
    dispatcher = Dispatcher(recorder, linger=0.01)
    dispatcher.submit([])
    time.sleep(0.1)
    assert recorder.calls == []


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_publishes_its_own_ids_with_a_thread_of_its_own():
    """gunicorn and Celery fork workers after import: a child must not feed its parent's thread."""
    recorder = Recorder()
    dispatcher = Dispatcher(recorder, linger=0.3)
    dispatcher.submit([1])  # the parent's thread now lingers with id 1
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # the child: submit, wait for its own thread, report what it published
        try:
            dispatcher.submit([2])
            recorder.published.wait(5)
            os.write(write_end, repr(recorder.calls).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    reported = os.read(read_end, 1000).decode()
    os.waitpid(child, 0)
    assert reported == "[[2]]"
    recorder.wait()
    assert recorder.calls == [[1]]
