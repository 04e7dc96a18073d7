"""Feedscope's hooks into PyTorch's data path, attached when `torch` is imported in a process run under
`feedscope record` (docs/recording.md, "Python programs"). What they record, as ranges the analysis
already reads (profiler/trace/range_names.cpp):

  main thread   `DataLoader.__next__ batch N` (data loading: the wait in next(loader)), `step N` (the
                loop's cadence: from one next(loader) to the next, while gradients are on),
                `Tensor.to` / `Tensor.cuda` of batch tensors (device, non_blocking, whether the source
                was pinned, the calling line), `Tensor.item` / `Tensor.cpu` of CUDA tensors and
                `torch.cuda.synchronize` (host synchronisations, with the calling line),
                `Optimizer.step` (torch 2.x's global optimizer hook)
  pin thread    `pin_memory`: the batch's type, its tensors and how many came out pinned
  each worker   `load batch N` on the worker's own lane (fetch of its samples + collate)

Each hook attaches on its own; one that cannot (another torch's internals) is left out and said in the
stream ("Python hook 'pin_memory' not attached: ..."), and `record` prints it. A hook never changes
what the program sees: its calls, return values, exceptions and timing apart from the recording itself.
"""
import sys

from . import _native

_attached = False


def _attach(torch_module):
    global _attached
    if _attached:
        return
    _attached = True
    if not _native.start():
        return
    from . import _hooks

    _hooks.attach_all(torch_module)


def torch_spec_with_hooks(name, path=None):
    """The real spec of `torch`, its loader wrapped so that the hooks attach once torch has executed
    (sitecustomize's watcher calls this when the program imports torch)."""
    import importlib.machinery

    spec = importlib.machinery.PathFinder.find_spec(name, path)
    if spec is None or spec.loader is None:
        return spec
    loader = spec.loader
    original_exec = loader.exec_module

    def exec_module(module):
        original_exec(module)
        try:
            _attach(module)
        except Exception as e:  # never the program's problem
            try:
                _native.message(_native.WARNING, "Python hooks not attached: %s: %s" % (type(e).__name__, e))
            except Exception:
                pass

    loader.exec_module = exec_module
    return spec
