"""What a batch is made of: its tensors (through tuples, lists, dicts, namedtuples and the attributes
of a custom batch class), and, around DataLoader's pin_memory(), whether they came out pinned. A custom
class without a pin_memory() method passes through pin_memory unchanged (torch returns it as it is),
so its tensors stay pageable although pin_memory=True was asked: the trap this names at the type."""
import collections.abc

_MAX_DEPTH = 4
_MAX_TENSORS = 256


def _is_tensor(x):
    cls = type(x)
    return cls.__module__.startswith("torch") and hasattr(x, "is_pinned") and hasattr(x, "data_ptr")


def tensors_of(data, depth=0, found=None):
    found = [] if found is None else found
    if depth > _MAX_DEPTH or len(found) >= _MAX_TENSORS or data is None or isinstance(data, (str, bytes)):
        return found
    if _is_tensor(data):
        found.append(data)
    elif isinstance(data, collections.abc.Mapping):
        for value in data.values():
            tensors_of(value, depth + 1, found)
    elif isinstance(data, (list, tuple)):
        for value in data:
            tensors_of(value, depth + 1, found)
    else:
        fields = getattr(data, "__dict__", None)
        if isinstance(fields, dict):
            for value in fields.values():
                tensors_of(value, depth + 1, found)
        for slot in getattr(type(data), "__slots__", ()) or ():
            tensors_of(getattr(data, slot, None), depth + 1, found)
    return found


def _is_container(data):
    return isinstance(data, (collections.abc.Mapping, list, tuple, str, bytes)) or _is_tensor(data)


def describe_batch(before, after):
    """The arguments of a pin_memory range: the batch's type as the loader produced it, whether that
    type can be pinned, its tensors and how many are pinned after pin_memory()."""
    tensors = tensors_of(after)
    pinned = 0
    for t in tensors:
        try:
            pinned += bool(t.is_pinned())
        except Exception:
            pass
    custom = not _is_container(before)
    described = {
        "batch type": type(before).__name__,
        "tensors": len(tensors),
        "pinned tensors": pinned,
    }
    if custom:
        described["defines pin_memory"] = callable(getattr(type(before), "pin_memory", None))
    return described
