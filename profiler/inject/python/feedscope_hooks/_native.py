"""The bridge to libfeedscope-inject.so: what a hook records goes into the process's raw stream through
the library's C functions (profiler/inject/python_entry.cpp), the same stream the CUPTI collector writes,
on the same clock (CLOCK_MONOTONIC: time.monotonic_ns()). One writer and one format for C++ and Python.
"""
import ctypes
import os
import threading
import time

# trace::TrackKind and trace::IntervalKind (profiler/trace/types.h); the library checks the ranges.
TRACK_HOST_THREAD = 1
TRACK_LOADER = 3
KIND_RANGE = 10
KIND_STEP = 11
KIND_DATA_LOADING = 12
KIND_HOST_OP = 13
KIND_LOADER_WORK = 16
# rawstream::Severity
INFO, WARNING, ERROR = 0, 1, 2

now = time.monotonic_ns

_lock = threading.Lock()
_library = None
_started_pid = None


def _load():
    global _library
    if _library is not None:
        return _library
    path = os.environ.get("FEEDSCOPE_INJECT_LIBRARY") or os.environ.get("CUDA_INJECTION64_PATH")
    if not path:
        return None
    lib = ctypes.CDLL(path)
    lib.feedscope_host_start.restype = ctypes.c_int
    lib.feedscope_host_start.argtypes = []
    lib.feedscope_host_interval.restype = None
    lib.feedscope_host_interval.argtypes = [ctypes.c_int, ctypes.c_longlong, ctypes.c_int, ctypes.c_longlong,
                                            ctypes.c_longlong, ctypes.c_char_p, ctypes.c_char_p]
    lib.feedscope_host_message.restype = None
    lib.feedscope_host_message.argtypes = [ctypes.c_int, ctypes.c_char_p]
    lib.feedscope_host_finish.restype = None
    lib.feedscope_host_finish.argtypes = []
    _library = lib
    return lib


def start():
    """Makes sure this process records (a stream of its own, also in a forked child). True when it does."""
    global _started_pid
    pid = os.getpid()
    with _lock:
        if _started_pid == pid:
            return True
        lib = _load()
        if lib is None:
            return False
        # In a child forked from a recording process the library makes the child a stream of its own
        # (the parent's must not be written there).
        ok = lib.feedscope_host_start()
        _started_pid = pid if ok else None
        return bool(ok)


def recording():
    return _started_pid == os.getpid()


def interval(track, lane, kind, start_ns, end_ns, name, arguments=None):
    if _started_pid != os.getpid():
        return
    _library.feedscope_host_interval(track, lane, kind, start_ns, end_ns, name.encode("utf-8", "replace"),
                                     arguments.encode("utf-8", "replace") if arguments else None)


def message(severity, text):
    if start():
        _library.feedscope_host_message(severity, text.encode("utf-8", "replace"))


def finish():
    """Writes everything out and closes the stream: for processes that leave through os._exit."""
    if _started_pid == os.getpid():
        _library.feedscope_host_finish()
