// A run built with RunFixture, analysed, and turned into a timeline model, for the view tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "analysis/run_analysis.h"
#include "support/run_fixture.h"
#include "view/timeline_model.h"

namespace feedscope::testing {

struct AnalysedModel {
  trace::Session session;
  std::vector<analysis::RunAnalysis> analyses;
  std::unique_ptr<view::TimelineModel> model;

  // Takes the fixture's finished session (every run in it) and builds the model.
  explicit AnalysedModel(trace::Session s) : session(std::move(s)) {
    std::vector<view::RunInput> inputs;
    for (const auto& run : session.runs) analyses.push_back(analysis::analyzeRun(run, session.strings));
    for (std::size_t i = 0; i < session.runs.size(); ++i) {
      inputs.push_back({&session.runs[i], &session.strings, &analyses[i]});
    }
    model = std::make_unique<view::TimelineModel>(view::TimelineModel::build(inputs));
  }

  // The index of the first lane of `kind` (and stream, when given).
  std::size_t lane(view::LaneKind kind, std::int64_t stream = -1) const {
    for (std::size_t l = 0; l < model->lanes().size(); ++l) {
      const auto& lane = model->lanes()[l];
      if (lane.kind == kind && (stream < 0 || lane.stream == stream)) return l;
    }
    ADD_FAILURE() << "no lane of kind " << view::laneKindLabel(kind);
    return 0;
  }
};

}  // namespace feedscope::testing
