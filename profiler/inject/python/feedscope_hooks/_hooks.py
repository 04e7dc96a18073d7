"""The hooks themselves, written against torch 1.13's and torch 2.x's DataLoader (checked with Debian
12's 1.13 in CI and with 2.11 on the GPU machine: docs/recording.md). Each `_attach_*` replaces one
function of torch by a wrapper that calls the original unchanged and records around it."""
import functools
import json
import os
import sys
import threading
import time

from . import _native
from ._batches import describe_batch, tensors_of

_state = threading.local()
# Ids of the tensors of the latest batches next(loader) returned: only their .to()/.cuda() are recorded.
_batch_tensor_ids = set()
_previous_batch_ids = set()
# Per iterator: the start of its last next() while gradients were on (the cadence that makes steps).
_step_starts = {}


def _caller_line(depth=2):
    try:
        frame = sys._getframe(depth)
        return "%s:%d" % (os.path.basename(frame.f_code.co_filename), frame.f_lineno)
    except Exception:
        return ""


def _cpus():
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 0


def _record_on_this_thread(kind, start, end, name, arguments=None):
    _native.interval(_native.TRACK_HOST_THREAD, threading.get_native_id(), kind, start, end, name,
                     json.dumps(arguments) if arguments else None)


def _replace(owner, attribute, make_wrapper):
    """owner.attribute = make_wrapper(original), keeping the original's name for pickling and help()."""
    original = getattr(owner, attribute)
    wrapper = make_wrapper(original)
    functools.update_wrapper(wrapper, original)
    wrapper.__feedscope_original__ = original
    setattr(owner, attribute, wrapper)


# --- the main thread's wait in next(loader), and steps from its cadence ---------------------------------

def _attach_iterator(torch):
    base = torch.utils.data.dataloader._BaseDataLoaderIter

    def make(original):
        def __next__(self):
            start = _native.now()
            training = torch.is_grad_enabled()
            batch = None
            try:
                batch = original(self)
                return batch
            finally:
                try:
                    _after_next(self, start, _native.now(), batch, training)
                except Exception:
                    pass
        return __next__

    _replace(base, "__next__", make)


def _after_next(iterator, start, end, batch, training):
    index = getattr(iterator, "_num_yielded", 0) - 1
    loader_args = {
        "batch": index,
        "iterator": type(iterator).__name__,
        "workers": getattr(iterator, "_num_workers", 0),
        "pin_memory": bool(getattr(iterator, "_pin_memory", False)),
        "cpus": _cpus(),
    }
    exhausted = batch is None
    name = "DataLoader.__next__ " + ("end" if exhausted else "batch %d" % index)
    _record_on_this_thread(_native.KIND_DATA_LOADING, start, end, name, loader_args)
    key = id(iterator)
    if training:
        previous = _step_starts.get(key)
        if previous is not None:
            step_index = previous[1]
            _record_on_this_thread(_native.KIND_STEP, previous[0], start, "step %d" % step_index,
                                   {"steps from": "next(loader) cadence"})
        if exhausted:
            _step_starts.pop(key, None)
        else:
            _step_starts[key] = (start, index)
    if not exhausted:
        global _batch_tensor_ids, _previous_batch_ids
        ids = {id(t) for t in tensors_of(batch)}
        _previous_batch_ids, _batch_tensor_ids = _batch_tensor_ids, ids


# --- each worker process: every batch it builds -----------------------------------------------------------

class _IndexQueue:
    """The worker's index queue, unchanged, remembering which batch the worker is building."""

    def __init__(self, queue):
        self._queue = queue

    def get(self, *args, **kwargs):
        r = self._queue.get(*args, **kwargs)
        if isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int):
            _state.batch = r[0]
        return r

    def __getattr__(self, name):
        return getattr(self._queue, name)


def _attach_worker_loop(torch):
    worker = torch.utils.data._utils.worker

    def make(original):
        def _worker_loop(*args, **kwargs):
            recording = False
            try:
                recording = _native.start()  # a stream of its own, forked or spawned
                _state.worker = kwargs.get("worker_id", args[10] if len(args) > 10 else None)
                if "index_queue" in kwargs:
                    kwargs["index_queue"] = _IndexQueue(kwargs["index_queue"])
                elif len(args) > 2:
                    args = args[:2] + (_IndexQueue(args[2]),) + args[3:]
            except Exception:
                pass
            try:
                return original(*args, **kwargs)
            finally:
                # Workers leave through os._exit: no atexit handler writes the stream's end.
                if recording:
                    try:
                        _native.finish()
                    except Exception:
                        pass
        return _worker_loop

    _replace(worker, "_worker_loop", make)


def _attach_fetchers(torch):
    fetch = torch.utils.data._utils.fetch

    def make(original):
        def fetch_batch(self, possibly_batched_index):
            start = _native.now()
            cpu_start = time.thread_time_ns()
            data = None
            try:
                data = original(self, possibly_batched_index)
                return data
            finally:
                worker = getattr(_state, "worker", None)
                if worker is not None:
                    try:
                        index = getattr(_state, "batch", None)
                        args = {"worker": worker, "batch type": type(data).__name__ if data is not None else None,
                                "cpu_ns": time.thread_time_ns() - cpu_start}
                        if index is not None:
                            args["batch"] = index
                        try:
                            args["samples"] = len(possibly_batched_index)
                        except TypeError:
                            pass
                        name = "load batch %d" % index if index is not None else "load batch"
                        _native.interval(_native.TRACK_LOADER, worker, _native.KIND_LOADER_WORK, start, _native.now(),
                                         name, json.dumps(args))
                    except Exception:
                        pass
        return fetch_batch

    for cls in (fetch._MapDatasetFetcher, fetch._IterableDatasetFetcher):
        _replace(cls, "fetch", make)


# --- pinning: the batch's type and whether its tensors came out pinned -----------------------------------

def _attach_pin_memory(torch):
    module = torch.utils.data._utils.pin_memory

    def make(original):
        def pin_memory(data, *args, **kwargs):
            start = _native.now()
            result = None
            try:
                result = original(data, *args, **kwargs)
                return result
            finally:
                try:
                    _record_on_this_thread(_native.KIND_RANGE, start, _native.now(), "pin_memory",
                                           describe_batch(data, result))
                except Exception:
                    pass
        return pin_memory

    _replace(module, "pin_memory", make)


# --- .to() / .cuda() of batch tensors, and host synchronisations ----------------------------------------

def _non_blocking(args, kwargs):
    if "non_blocking" in kwargs:
        return bool(kwargs["non_blocking"])
    return any(a is True for a in args)


def _attach_tensor_copies(torch):
    def make(method):
        def make_wrapper(original):
            def wrapper(self, *args, **kwargs):
                if id(self) not in _batch_tensor_ids and id(self) not in _previous_batch_ids:
                    return original(self, *args, **kwargs)
                start = _native.now()
                out = None
                try:
                    out = original(self, *args, **kwargs)
                    return out
                finally:
                    try:
                        pinned = self.is_pinned() if not self.is_cuda else None
                        _record_on_this_thread(_native.KIND_HOST_OP, start, _native.now(), "Tensor." + method, {
                            "device": str(out.device) if out is not None else None,
                            "non_blocking": _non_blocking(args, kwargs),
                            "source pinned": pinned,
                            "bytes": self.element_size() * self.nelement(),
                            "line": _caller_line(),
                        })
                    except Exception:
                        pass
            return wrapper
        return make_wrapper

    for method in ("to", "cuda"):
        _replace(torch.Tensor, method, make(method))


def _attach_synchronisations(torch):
    def tensor_sync(method):
        def make_wrapper(original):
            def wrapper(self, *args, **kwargs):
                if not self.is_cuda:
                    return original(self, *args, **kwargs)
                start = _native.now()
                try:
                    return original(self, *args, **kwargs)
                finally:
                    try:
                        _record_on_this_thread(_native.KIND_HOST_OP, start, _native.now(), "Tensor." + method,
                                               {"line": _caller_line(), "synchronises": True})
                    except Exception:
                        pass
            return wrapper
        return make_wrapper

    for method in ("item", "cpu", "tolist"):
        _replace(torch.Tensor, method, tensor_sync(method))

    def make_synchronize(original):
        def synchronize(*args, **kwargs):
            start = _native.now()
            try:
                return original(*args, **kwargs)
            finally:
                try:
                    _record_on_this_thread(_native.KIND_HOST_OP, start, _native.now(), "torch.cuda.synchronize",
                                           {"line": _caller_line(), "synchronises": True})
                except Exception:
                    pass
        return synchronize

    _replace(torch.cuda, "synchronize", make_synchronize)


# --- optimizer steps: the end of the last training step --------------------------------------------------

_last_optimizer_end = [0]


def _attach_optimizer(torch):
    """torch 2.x: the global step hooks give each Optimizer.step as a range. torch 1.13: every optimizer's
    step (wrapped by Optimizer._hook_for_profile) ends in _optimizer_step_code(), which marks its end."""
    module = sys.modules.get("torch.optim.optimizer")
    if module is not None and hasattr(module, "register_optimizer_step_post_hook"):
        starts = {}

        def pre(opt, args, kwargs):
            starts[id(opt)] = _native.now()

        def post(opt, args, kwargs):
            end = _native.now()
            _last_optimizer_end[0] = end
            start = starts.pop(id(opt), None)
            if start is not None:
                _record_on_this_thread(_native.KIND_HOST_OP, start, end, "Optimizer.step#%s.step" % type(opt).__name__)

        module.register_optimizer_step_pre_hook(pre)
        module.register_optimizer_step_post_hook(post)
        return
    optimizer = torch.optim.Optimizer
    if not hasattr(optimizer, "_optimizer_step_code"):
        raise AttributeError("this torch has neither global optimizer step hooks nor Optimizer._optimizer_step_code")

    def make(original):
        def _optimizer_step_code(self, *args, **kwargs):
            try:
                return original(self, *args, **kwargs)
            finally:
                _last_optimizer_end[0] = _native.now()
        return _optimizer_step_code

    _replace(optimizer, "_optimizer_step_code", make)


def _close_last_steps():
    """At exit: the step each training iterator left open (no next(loader) came after it) ends with
    the last optimizer step that followed its start; without one it is left out."""
    end = _last_optimizer_end[0]
    for key, (start, index) in list(_step_starts.items()):
        if end > start:
            _record_on_this_thread(_native.KIND_STEP, start, end, "step %d" % index,
                                   {"steps from": "next(loader) cadence, the last one to its optimizer step"})
    _step_starts.clear()


_HOOKS = [
    ("DataLoader.__next__", _attach_iterator),
    ("DataLoader workers", _attach_worker_loop),
    ("batch fetch", _attach_fetchers),
    ("pin_memory", _attach_pin_memory),
    ("Tensor.to", _attach_tensor_copies),
    ("synchronisations", _attach_synchronisations),
    ("Optimizer.step", _attach_optimizer),
]


def attach_all(torch):
    import atexit

    atexit.register(_close_last_steps)
    attached, missing = [], []
    for name, attach in _HOOKS:
        try:
            attach(torch)
            attached.append(name)
        except Exception as e:
            missing.append(name)
            severity = _native.WARNING
            _native.message(severity, "Python hook '%s' not attached (torch %s): %s: %s"
                            % (name, getattr(torch, "__version__", "?"), type(e).__name__, e))
    _native.message(_native.INFO, "Python hooks attached to torch %s: %s" % (getattr(torch, "__version__", "?"),
                                                                             ", ".join(attached) or "none"))
