// Streaming union of named host work: per thread a running union (the heap merge is in the header).
#include "analysis/named_host_stream.h"

namespace feedscope::analysis {

using trace::IntervalKind;

bool namesHostWork(IntervalKind kind) {
  return trace::isApiCall(kind) || kind == IntervalKind::HostOp || kind == IntervalKind::Range ||
         kind == IntervalKind::DataLoading;
}

bool ThreadUnion::named(std::size_t i) const {
  const IntervalKind kind = iv_->kind[i];
  if (!namesHostWork(kind)) return false;
  if (trace::isApiCall(kind)) return true;
  // A container: the first step starting at or after the interval ends inside it.
  const TimeNs start = iv_->start_ns[i], end = iv_->end_ns[i];
  auto it = std::lower_bound(steps_->begin(), steps_->end(), start,
                             [](const StepWindow& s, TimeNs t) { return s.span.start < t; });
  return it == steps_->end() || it->span.end > end;
}

bool ThreadUnion::peekNamed(Span& out) {
  while (i_ < iv_->size() && !named(i_)) ++i_;
  if (i_ >= iv_->size()) return false;
  out = {iv_->start_ns[i_], iv_->end_ns[i_]};
  return true;
}

bool ThreadUnion::next(Span& out) {
  if (!peekNamed(out)) return false;
  ++i_;
  Span more;
  while (peekNamed(more) && more.start <= out.end) {
    out.end = std::max(out.end, more.end);
    ++i_;
  }
  return true;
}

}  // namespace feedscope::analysis
