# Feedscope's zero-code hooks for Python programs run under `feedscope record` (docs/recording.md,
# "Python programs"). `record` puts this folder first on PYTHONPATH, so Python imports this module at
# start-up in every process of the program (DataLoader workers, torchrun ranks, spawned children).
#
# It does two things and nothing else:
#   1. runs the sitecustomize this one hides (Debian ships one; a virtualenv or the user may have
#      another), exactly as Python would have;
#   2. waits for `torch` to be imported: only then is feedscope_hooks imported and attached. Until then
#      the cost is one finder asked once per top-level import (tools/bench_python_hooks.py measures it).
# Nothing here may change what the program does: every failure is swallowed and, where possible,
# written into the process's raw stream for `record` to report.
import os as _os
import sys as _sys


class _FeedscopeTorchWatcher:
    """Steps aside for every import but `torch`; for torch, hands over to feedscope_hooks."""

    def find_spec(self, name, path=None, target=None):
        if name != "torch":
            return None
        try:
            _sys.meta_path.remove(self)
            import feedscope_hooks

            return feedscope_hooks.torch_spec_with_hooks(name, path)
        except Exception:
            return None


def _install():
    if _os.environ.get("FEEDSCOPE_RAW_DIR") and "torch" not in _sys.modules:
        _sys.meta_path.insert(0, _FeedscopeTorchWatcher())


def _run_hidden_sitecustomize():
    here = _os.path.dirname(_os.path.abspath(__file__))
    try:
        import importlib.machinery

        paths = [p for p in _sys.path if _os.path.abspath(p or ".") != here]
        spec = importlib.machinery.PathFinder.find_spec("sitecustomize", paths)
        if spec is None or spec.loader is None or _os.path.abspath(spec.origin or "") == _os.path.abspath(__file__):
            return
        try:
            from importlib._bootstrap import module_from_spec  # what importlib.util uses, already loaded
        except ImportError:
            from importlib.util import module_from_spec
        module = module_from_spec(spec)
        # What the program sees as `sitecustomize` is the one it would have had.
        _sys.modules["sitecustomize"] = module
        spec.loader.exec_module(module)
    except Exception:
        # The hidden one failed as it would have failed without Feedscope: Python prints such errors
        # and goes on; so do we.
        import traceback

        traceback.print_exc()


_install()
_run_hidden_sitecustomize()
