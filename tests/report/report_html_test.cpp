// The HTML report: escaping, self-containment, the figures it shows, and the data of its charts and
// timeline strips on runs with known answers. Rendering in Chromium is checked when it is installed.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>

#include "analysis/gap_histogram.h"
#include "analysis/comparison.h"
#include "report/html_text.h"
#include "report/kernel_summary.h"
#include "importers/kineto_import.h"
#include "report/report.h"
#include "report/report_html_charts.h"
#include "report/svg_canvas.h"
#include "report/svg_chart.h"
#include "report/timeline_strip.h"
#include "support/run_fixture.h"
#include "support/temp_dir.h"

namespace feedscope::report {
namespace {

using testing::kBase;
using testing::RunFixture;
using testing::TempDir;

std::string dataPath(const std::string& rel) {
  return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

// Two steps, a hostile kernel name, a pageable copy in a gap, a hostile run and range name.
trace::Session hostileSession() {
  RunFixture f("<b>run</b> & \"co\"");
  f.kernel(0, 10, 7, 1, 0, "<script>alert(1)</script>");
  f.kernel(20, 30, 7, 2);
  f.kernel(40, 60, 7, 3, 0, "<script>alert(1)</script>");
  f.h2d(5, 25, 4096);
  f.step(0, 30, 1);
  f.step(30, 60, 2);
  f.host(trace::IntervalKind::Range, "<img src=x onerror=alert(2)>", 0, 60);
  return f.finish();
}

TEST(HtmlText, EscapesMarkupAndRepairsBrokenUtf8) {
  EXPECT_EQ(htmlEscaped("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
  EXPECT_EQ(htmlEscaped("µs → ✓"), "µs → ✓");
  EXPECT_EQ(htmlEscaped(std::string("a\xff"
                                    "b")),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(htmlEscaped(std::string("\xC3")), "\xEF\xBF\xBD");  // truncated sequence
  EXPECT_EQ(htmlEscaped(std::string("a\x01z")), "a z");
}

TEST(HtmlReport, EveryTraceStringIsShownAsText) {
  trace::Session s = hostileSession();
  std::string html = renderHtmlReport(buildReport(s, "<i>input</i>.json", {}));
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>run"), std::string::npos);
  EXPECT_EQ(html.find("<i>input"), std::string::npos);
  // The kernel table shows the name, escaped.
  EXPECT_NE(html.find("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>"), std::string::npos);
  EXPECT_NE(html.find("Run: &lt;b&gt;run&lt;/b&gt; &amp; &quot;co&quot;"), std::string::npos);
  EXPECT_NE(html.find("&lt;i&gt;input&lt;/i&gt;.json"), std::string::npos);
}

TEST(HtmlReport, LongKernelNamesAreShortenedWithTheFullNameInTheTooltip) {
  RunFixture f;
  std::string name = "void k<" + std::string(300, 'x') + ">";
  f.kernel(0, 10, 7, 0, 0, name);
  trace::Session& s = f.finish();
  std::string html = renderHtmlReport(buildReport(s, "x", {}));
  std::string escaped = "void k&lt;" + std::string(300, 'x') + "&gt;";
  EXPECT_NE(html.find("title=\"" + escaped + "\"><code>void k&lt;" + std::string(133, 'x') + "…</code>"),
            std::string::npos);
}

TEST(HtmlReport, IsSelfContained) {
  trace::Session s = hostileSession();
  std::string html = renderHtmlReport(buildReport(s, "x", {}));
  for (const char* forbidden : {"http:", "https:", "src=", "href=", "<link", "@import", "<script", "<iframe",
                                "<object", "<embed", "@font-face"}) {
    EXPECT_EQ(html.find(forbidden), std::string::npos) << forbidden;
  }
  // Patterns are referenced within the page only.
  std::regex url(R"(url\(([^)]*)\))");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), url); it != std::sregex_iterator(); ++it) {
    EXPECT_EQ((*it)[1].str().front(), '#') << (*it)[0].str();
  }
  EXPECT_NE(html.find("@media print"), std::string::npos);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count(html, "<svg"), count(html, "</svg>"));
  EXPECT_EQ(count(html, "<table"), count(html, "</table>"));
  EXPECT_EQ(count(html, "<section"), count(html, "</section>"));
  EXPECT_EQ(count(html, "<figure"), count(html, "</figure>"));
}

TEST(HtmlReport, TellsTheStoryOfTheH200Pair) {
  trace::Session s;
  io::importKinetoFile(dataPath("h200/h200_naive.json.gz"), s);
  io::importKinetoFile(dataPath("h200/h200_stream.json.gz"), s);
  Report report = buildReport(s, "h200", {});
  compareAgainst(report, 0);
  std::string html = renderHtmlReport(report);
  // The verdict comes before everything else.
  std::size_t verdict = html.find("<h2>Verdict</h2>");
  std::size_t headline = html.find("h200_stream: 1.76x the steps per second of h200_naive");
  ASSERT_NE(verdict, std::string::npos);
  ASSERT_NE(headline, std::string::npos);
  EXPECT_LT(verdict, html.find("<h2>Comparison"));
  EXPECT_LT(headline, html.find("<h2>Charts</h2>"));
  EXPECT_LT(html.find("<h2>Charts</h2>"), html.find("<h2>Run: h200_naive</h2>"));
  EXPECT_NE(html.find("badge highly_input_bound"), std::string::npos);
  EXPECT_NE(html.find("45.06 %"), std::string::npos);
  EXPECT_NE(html.find("Input copies from pageable memory"), std::string::npos);
  EXPECT_NE(html.find("<b>Fix:</b>"), std::string::npos);
  EXPECT_NE(html.find("Evidence: 10 ranges"), std::string::npos);
  EXPECT_NE(html.find("and 5 more"), std::string::npos);
  // Four charts, then a whole-window strip and a step strip per run.
  EXPECT_EQ(count(html, "aria-label=\"Step time per step\""), 1u);
  EXPECT_EQ(count(html, "aria-label=\"Step breakdown\""), 1u);
  EXPECT_EQ(count(html, "aria-label=\"Host-to-device bandwidth against copy size\""), 1u);
  EXPECT_EQ(count(html, "aria-label=\"Idle time of compute by gap length\""), 1u);
  EXPECT_EQ(count(html, "aria-label=\"Timeline of "), 2u);
  EXPECT_EQ(count(html, "<h4>Timeline: a representative step"), 2u);
  EXPECT_EQ(count(html, "<svg"), 8u);
  // A comparison row with its direction.
  EXPECT_NE(html.find("▲ better"), std::string::npos);
  EXPECT_LT(html.size(), 1'000'000u);  // strips and charts stay small however long the trace
}

TEST(HtmlReport, HostOnlyTraceRendersWithoutCharts) {
  trace::Session s;
  io::importKinetoFile(dataPath("kineto/cpu_only.json.gz"), s);
  std::string html = renderHtmlReport(buildReport(s, "cpu", {}));
  EXPECT_NE(html.find("No GPU activity"), std::string::npos);
  EXPECT_EQ(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("</html>"), std::string::npos);
}

TEST(TimelineStrip, LanesAreBusyFractionsPerColumn) {
  RunFixture f;
  f.kernel(0, 10);
  f.kernel(20, 30);
  f.h2d(5, 25, 4096);  // pageable
  f.host(trace::IntervalKind::Range, "r", 0, 30);
  trace::Session& s = f.finish();
  analysis::RunAnalysis ra = analysis::analyzeRun(s.runs[0], s.strings);
  TimelineStrip strip = buildTimelineStrip(s.runs[0], ra.devices.at(0), {kBase, kBase + 40}, 2);
  ASSERT_EQ(strip.lanes.size(), 2u);
  const StripLane& kernels = strip.lanes[0];
  EXPECT_EQ(kernels.label, "kernels · stream 7");
  EXPECT_EQ(kernels.average, (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(kernels.peak, (std::vector<double>{1.0, 1.0}));  // a 5 ns sub-column was fully busy
  EXPECT_DOUBLE_EQ(kernels.busy_fraction, 0.5);
  const StripLane& h2d = strip.lanes[1];
  EXPECT_EQ(h2d.label, "H2D copies");
  EXPECT_EQ(h2d.average, (std::vector<double>{0.75, 0.25}));
  EXPECT_EQ(h2d.pageable, (std::vector<double>{0.75, 0.25}));
  // The one gap of compute, [10, 20), waited on the pageable copy.
  auto pageable = static_cast<std::size_t>(analysis::GapCause::CopyWaitPageable);
  EXPECT_EQ(strip.starvation[pageable], (std::vector<double>{0.5, 0.0}));
  for (std::size_t c = 0; c < strip.starvation.size(); ++c) {
    if (c != pageable) {
      EXPECT_EQ(strip.starvation[c], (std::vector<double>{0.0, 0.0})) << c;
    }
  }
}

TEST(TimelineStrip, FoldsQuietStreamsAndPicksTheMedianStep) {
  RunFixture f;
  for (int stream = 1; stream <= 8; ++stream) f.kernel(0, stream * 10, stream);
  f.step(0, 12, 1);
  f.step(12, 30, 2);
  f.step(30, 44, 3);
  trace::Session& s = f.finish();
  analysis::RunAnalysis ra = analysis::analyzeRun(s.runs[0], s.strings);
  const analysis::DeviceAnalysis& d = ra.devices.at(0);
  TimelineStrip strip = buildTimelineStrip(s.runs[0], d, d.whole.window, 10);
  ASSERT_EQ(strip.lanes.size(), kMaxKernelLanes);
  EXPECT_EQ(strip.lanes[0].label, "kernels · stream 4");  // the five busiest, in stream order
  EXPECT_EQ(strip.lanes[4].label, "kernels · stream 8");
  EXPECT_EQ(strip.lanes[5].label, "kernels · 3 other streams");
  EXPECT_EQ(strip.steps.size(), 3u);
  const analysis::StepMetrics* step = representativeStep(d);
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(step->step.number, 3);  // 14 ns: the median of 12, 18 and 14
}

TEST(HtmlCharts, IdleGapHistogramAndKernelTotals) {
  RunFixture f;
  f.kernel(0, 1000, 7, 0, 0, "a");
  f.kernel(1500, 2500, 7, 0, 0, "b");    // gap 500 ns
  f.kernel(7500, 8500, 7, 0, 0, "b");    // gap 5 µs
  f.kernel(58500, 59500, 7, 0, 0, "a");  // gap 50 µs
  f.kernel(59500, 62500, 7, 0, 0, "c");  // touching: no gap
  trace::Session& s = f.finish();
  analysis::RunAnalysis ra = analysis::analyzeRun(s.runs[0], s.strings);
  // The histogram both the GUI and the report draw: bins from the shortest gap on, idle time per bin.
  const analysis::GapHistogram h = analysis::gapHistogram({&ra.devices.at(0)});
  ASSERT_EQ(h.labels.size(), 5u);  // < 1 µs, 1–3, 3–10, 10–30, 30–100 µs
  EXPECT_EQ(h.labels.front(), "< 1 µs");
  EXPECT_EQ(h.labels[2], "3–10 µs");
  EXPECT_EQ(h.labels[4], "30–100 µs");
  EXPECT_EQ(h.counts[0], (std::vector<std::uint64_t>{1, 0, 1, 0, 1}));
  EXPECT_DOUBLE_EQ(h.idle_ms[0][0], 0.0005);
  EXPECT_DOUBLE_EQ(h.idle_ms[0][2], 0.005);
  EXPECT_DOUBLE_EQ(h.idle_ms[0][4], 0.05);
  Report report;
  report.runs = {&s.runs[0]};
  report.analyses = {ra};
  const std::string svg = idleGapHistogram(report);
  EXPECT_NE(svg.find("gaps of 30–100 µs: 1 gap, 50.0 µs idle"), std::string::npos) << svg;

  auto kernels = busiestKernels(s.runs[0], s.strings, 0, ra.devices.at(0).whole.window, 2);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].name, "c");
  EXPECT_EQ(kernels[0].total_ns, 3000);
  EXPECT_EQ(kernels[1].name, "a");  // 2000 ns, ahead of b by name
  EXPECT_EQ(kernels[1].count, 2u);
}

TEST(SvgChart, TicksNumbersAndPixelDeduplication) {
  EXPECT_EQ(niceTicks(0, 10, 5), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  EXPECT_EQ(niceTicks(0, 2.1e7, 5), (std::vector<double>{0, 5e6, 1e7, 1.5e7, 2e7}));
  EXPECT_EQ(logTicks(50, 20000), (std::vector<double>{100, 1000, 10000}));
  EXPECT_EQ(svgNumber(12.0), "12");
  EXPECT_EQ(svgNumber(12.04), "12");
  EXPECT_EQ(svgNumber(-0.01), "0");
  EXPECT_EQ(svgNumber(3.25), "3.3");
  ChartSeries dense{"copies <pinned>", "#000", {}, false};
  for (int i = 0; i < 1000; ++i) dense.points.push_back({1e6, 50.0 + (i % 2) * 1e-6, ""});
  dense.points.push_back({1e3, 5.0, ""});
  std::string svg = svgXYChart("dense", {dense}, {"size", true, {}}, {"GB/s", false, {}});
  EXPECT_EQ(count(svg, "<circle"), 2u);
  EXPECT_NE(svg.find("copies &lt;pinned&gt;"), std::string::npos);
  std::string empty = svgXYChart("empty", {}, {"x", false, {}}, {"y", false, {}});
  EXPECT_NE(empty.find("no data"), std::string::npos);
}

// Renders the report of the H200 pair in headless Chromium: it must draw a full page (a blank page
// compresses to a few kB) and run no script. Skipped where Chromium is not installed.
TEST(HtmlReportInChromium, RendersAPageAndRunsNoScript) {
  // FEEDSCOPE_CHROMIUM names another browser binary (or a missing one, to check the skip).
  std::string chromium;
  if (const char* chosen = std::getenv("FEEDSCOPE_CHROMIUM")) {
    if (std::filesystem::exists(chosen)) chromium = chosen;
  } else {
    for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
      if (std::filesystem::exists(candidate)) chromium = candidate;
    }
  }
  if (chromium.empty()) {
    GTEST_SKIP() << "chromium is not installed (optional: FEEDSCOPE_SETUP_OPTIONAL=1 tools/setup.sh)";
  }
  TempDir dir;
  trace::Session s;
  io::importKinetoFile(dataPath("h200/h200_naive.json.gz"), s);
  trace::Session hostile = hostileSession();
  Report report = buildReport(s, "h200", {});
  Report second = buildReport(hostile, "hostile", {});
  report.runs.push_back(second.runs[0]);
  report.analyses.push_back(second.analyses[0]);
  report.run_strings.push_back(&hostile.strings);
  std::string page = dir.file("report.html", renderHtmlReport(report));
  std::string png = dir.file("report.png");
  std::string flags =
      " --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update"
      " --disable-sync --no-first-run --user-data-dir=" +
      dir.file("profile");
  std::string shot = chromium + flags + " --screenshot=" + png + " --window-size=1400,4000 file://" + page +
                     " >/dev/null 2>&1";
  ASSERT_EQ(std::system(shot.c_str()), 0) << shot;
  std::string image = testing::readWholeFile(png);
  ASSERT_GT(image.size(), 24u);
  EXPECT_EQ(image.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned>(static_cast<unsigned char>(image[at])) << 24) |
           (static_cast<unsigned>(static_cast<unsigned char>(image[at + 1])) << 16) |
           (static_cast<unsigned>(static_cast<unsigned char>(image[at + 2])) << 8) |
           static_cast<unsigned>(static_cast<unsigned char>(image[at + 3]));
  };
  EXPECT_EQ(be32(16), 1400u);  // IHDR width
  EXPECT_EQ(be32(20), 4000u);  // IHDR height
  EXPECT_GT(image.size(), 100'000u);

  std::string dom = dir.file("dom.html");
  std::string dump = chromium + flags + " --dump-dom file://" + page + " >" + dom + " 2>/dev/null";
  ASSERT_EQ(std::system(dump.c_str()), 0) << dump;
  std::string text = testing::readWholeFile(dom);
  EXPECT_NE(text.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_EQ(text.find("<script"), std::string::npos);
  EXPECT_EQ(text.find("<img"), std::string::npos);
}

}  // namespace
}  // namespace feedscope::report
