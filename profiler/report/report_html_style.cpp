// The HTML report's CSS. No @import, no url(): the page must open with no network.
#include "report/report_html_style.h"

#include <fmt/format.h>

#include "present/palette.h"

namespace feedscope::report {

namespace {

// The colours of severities and changes come from the one palette (present/palette.h), so the
// report's marks match the GUI's.
std::string rootVariables() {
  using analysis::Severity;
  using present::hex;
  using present::severityColor;
  return fmt::format(
      ":root {{ --text: #222; --muted: #666; --rule: #ddd; --high: {}; --medium: {}; --low: {};\n"
      "        --info: {}; --good: {}; --bad: {}; }}\n",
      hex(severityColor(Severity::High)), hex(severityColor(Severity::Medium)),
      hex(severityColor(Severity::Low)), hex(severityColor(Severity::Info)), hex(present::palette::kBetter),
      hex(present::palette::kWorse));
}

constexpr std::string_view kRules = R"css(
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1240px; padding: 24px 28px 48px; color: var(--text); background: #fff;
       font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
       -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--rule); }
h3 { font-size: 16px; margin: 22px 0 8px; }
h4 { font-size: 14px; margin: 14px 0 6px; }
p { margin: 6px 0; }
.meta, .note, figcaption { color: var(--muted); font-size: 12.5px; }
code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.headline { font-size: 16px; font-weight: 600; margin: 10px 0; padding: 10px 14px; background: #f4f8fc;
            border-left: 4px solid #3b73c8; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(330px, 1fr)); gap: 12px; }
.card { border: 1px solid var(--rule); border-radius: 6px; padding: 12px 14px; border-top: 5px solid var(--info); }
.card.highly_input_bound { border-top-color: var(--high); }
.card.moderately_input_bound { border-top-color: var(--medium); }
.card.not_input_bound { border-top-color: var(--good); }
.card .run { font-weight: 600; font-size: 15px; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; font-size: 12px;
         font-weight: 600; background: var(--info); margin: 4px 0; }
.badge.highly_input_bound, .badge.high { background: var(--high); }
.badge.moderately_input_bound, .badge.medium { background: var(--medium); }
.badge.not_input_bound { background: var(--good); }
.badge.low { background: var(--low); }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 8px 0 4px; }
.card dt { color: var(--muted); }
.card dd { margin: 0; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; margin: 6px 0 10px; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
th { background: #f6f6f6; font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; }
tr.total td { font-weight: 600; }
td.sub { padding-left: 26px; color: #444; }
td.sub2 { padding-left: 44px; color: #555; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; vertical-align: baseline; }
td.name { max-width: 640px; overflow-wrap: anywhere; }
td.key { white-space: nowrap; }
.improved { color: var(--good); font-weight: 600; }
.worse { color: var(--bad); font-weight: 600; }
.two { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 8px 28px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 16px 24px; }
figure { margin: 8px 0 14px; }
figure svg { display: block; font-family: inherit; }
figure svg text { fill: #222; }
.finding { border-left: 4px solid var(--info); padding: 6px 12px; margin: 10px 0; background: #fafafa; }
.finding.high { border-left-color: var(--high); }
.finding.medium { border-left-color: var(--medium); }
.finding.low { border-left-color: var(--low); }
.finding h4 { margin: 2px 0 4px; }
.finding.part { margin-left: 28px; }
.finding .cost { font-weight: 400; color: var(--muted); font-size: 12.5px; }
.finding .fix { margin-top: 4px; }
.finding table { font-size: 12.5px; }
footer { margin-top: 40px; padding-top: 8px; border-top: 1px solid var(--rule); color: var(--muted); font-size: 12px; }
@page { margin: 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  h2 { break-after: avoid; }
  h3, h4 { break-after: avoid; }
  .card, figure, .finding, table, .headline { break-inside: avoid; }
  section.run { break-before: page; }
  .charts { grid-template-columns: 1fr 1fr; }
  .two { grid-template-columns: 1fr 1fr; }
  .finding { background: none; }
}
)css";

}  // namespace

const std::string& htmlReportStyle() {
  static const std::string style = rootVariables() + std::string(kRules);
  return style;
}

}  // namespace feedscope::report
