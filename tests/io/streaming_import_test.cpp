// The streaming Kineto import: cut anywhere (chunks of any size, batches of any size, one or two
// threads) it builds exactly the run the whole document gives; metadata after the events still
// applies; the splitter's own syntax checks; progress and cancellation between chunks.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "read/decompressed_stream.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "importers/kineto_import.h"
#include "importers/open_input.h"
#include "read/trace_json_splitter.h"
#include "support/gzip_text.h"
#include "support/independent_kineto.h"
#include "support/temp_dir.h"

namespace feedscope::io {
namespace {

std::string dataPath(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

// Every column of every track, and the names behind the string ids.
void expectSameRun(const trace::Run& a, const trace::StringTable& sa, const trace::Run& b,
                   const trace::StringTable& sb, const std::string& context) {
  ASSERT_EQ(a.tracks.size(), b.tracks.size()) << context;
  EXPECT_EQ(a.labels, b.labels) << context;
  EXPECT_EQ(a.records.invalid, b.records.invalid) << context;
  ASSERT_EQ(a.devices.size(), b.devices.size()) << context;
  for (std::size_t d = 0; d < a.devices.size(); ++d) EXPECT_EQ(a.devices[d].name, b.devices[d].name) << context;
  for (std::size_t t = 0; t < a.tracks.size(); ++t) {
    const auto& x = a.tracks[t].intervals;
    const auto& y = b.tracks[t].intervals;
    EXPECT_EQ(a.tracks[t].name, b.tracks[t].name) << context;
    ASSERT_EQ(x.size(), y.size()) << context;
    EXPECT_EQ(x.start_ns, y.start_ns) << context;
    EXPECT_EQ(x.end_ns, y.end_ns) << context;
    EXPECT_EQ(x.kind, y.kind) << context;
    EXPECT_EQ(x.bytes, y.bytes) << context;
    EXPECT_EQ(x.correlation, y.correlation) << context;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (sa.get(x.name[i]) != sb.get(y.name[i])) {
        ADD_FAILURE() << context << ": name of interval " << i << " of track " << t;
        break;
      }
    }
  }
}

trace::Run streamed(const std::string& bytes, trace::StringTable& strings, const StreamImportOptions& options,
                    InflaterKind inflater = InflaterKind::Best) {
  DecompressedStream::Options o;
  o.inflater = inflater;
  DecompressedStream in(bytes, "inline", o);
  return importKinetoStream(in, strings, "t", "inline", {}, {}, options);
}

TEST(StreamingImport, AnyChunkBatchAndThreadingGivesTheRunOfTheWholeDocument) {
  struct Case {
    const char* file;
    std::vector<std::size_t> chunks;
  };
  // Byte-sized chunks only on the small traces: each chunk is a call.
  const Case cases[] = {{"kineto/compare_base.json.gz", {1, 7, 4096, 1 << 20}},
                        {"kineto/cpu_only.json.gz", {1, 13, 1 << 20}},
                        {"kineto/mi250_rocm.json.gz", {3, 1 << 20}},
                        {"kineto/a100_simple_add.json.gz", {61, 1 << 16}},
                        {"kineto/sampled_rank0.json.gz", {1000, 1 << 20}},
                        {"h200/h200_naive.json.gz", {4093, 1 << 20}}};
  for (const Case& c : cases) {
    const std::string gz = testing::readWholeFile(dataPath(c.file));
    trace::StringTable wholeStrings;
    trace::Run whole = importKinetoJson(testing::gunzipFile(dataPath(c.file)), wholeStrings, "t", "inline");
    for (std::size_t chunk : c.chunks) {
      for (std::size_t batch : {std::size_t{1}, std::size_t{1000}, std::size_t{1} << 20}) {
        for (bool threaded : {false, true}) {
          StreamImportOptions options{threaded, chunk, batch};
          trace::StringTable strings;
          trace::Run run = streamed(gz, strings, options);
          expectSameRun(whole, wholeStrings, run, strings,
                        std::string(c.file) + " chunk " + std::to_string(chunk) + " batch " + std::to_string(batch) +
                            (threaded ? " threaded" : ""));
        }
      }
    }
  }
}

TEST(StreamingImport, MetadataAfterTheEventsAppliesAsBefore) {
  const std::string events = R"("traceEvents": [
    {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":100.5,"dur":2,"args":{"device":0,"stream":7}},
    {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":9,"tid":3,"ts":99,"dur":1,"args":{"correlation":4}}])";
  const std::string meta = R"("baseTimeNanoseconds": 1000000000, "traceName": "after",
    "deviceProperties": [{"id": 0, "name": "NVIDIA H200"}], "distributedInfo": {"rank": 3, "world_size": 8},
    "schemaVersion": 1)";
  trace::StringTable before, after;
  trace::Run first = importKinetoJson("{" + meta + ", " + events + "}", before, "t", "inline");
  trace::Run last = importKinetoJson("{" + events + ", " + meta + "}", after, "t", "inline");
  expectSameRun(first, before, last, after, "metadata after the events");
  ASSERT_EQ(last.tracks.size(), 2u);
  EXPECT_EQ(last.tracks[0].intervals.start_ns[0], 1'000'000'000 + 100'500);
  ASSERT_EQ(last.devices.size(), 1u);
  EXPECT_EQ(last.devices[0].name, "NVIDIA H200");
  EXPECT_EQ(last.labels.at("traceName"), "after");
  EXPECT_EQ(last.labels.at("rank"), "3");
  EXPECT_EQ(last.labels.at("world_size"), "8");
  EXPECT_EQ(last.labels.at("schemaVersion"), "1");
}

TEST(StreamingImport, StringsMayHoldBracketsCommasAndEscapedQuotes) {
  const std::string json =
      R"({"traceName": "a\"]}, {[", "traceEvents": [{"ph":"X","cat":"kernel","name":"k\"],{\\","pid":0,"tid":1,)"
      R"("ts":1,"dur":2,"args":{"device":0,"stream":1}}, {"ph":"X","cat":"kernel","name":"\\","pid":0,"tid":1,"ts":5,"dur":1}]})";
  for (std::size_t chunk : {1, 2, 3, 5, 1024}) {
    trace::StringTable strings;
    trace::Run run = streamed(json, strings, {false, chunk, 1});
    ASSERT_EQ(run.tracks.size(), 1u);
    ASSERT_EQ(run.tracks[0].intervals.size(), 2u);
    EXPECT_EQ(strings.get(run.tracks[0].intervals.name[0]), "k\"],{\\");
    EXPECT_EQ(strings.get(run.tracks[0].intervals.name[1]), "\\");
    EXPECT_EQ(run.labels.at("traceName"), "a\"]}, {[");
  }
}

// The scan takes whole 64-byte blocks inside entries (quotes paired by parity, brackets outside
// strings counted) and falls back to byte-wise scanning on a block with a backslash. Entries longer
// than a block, with brackets, commas and escaped quotes in strings at every offset, nested args and
// strings that cross block edges, must be cut exactly as byte-wise: the names come back whole.
TEST(StreamingImport, LongEntriesWithBracketsAndEscapesInStringsAreCutAsByteWise) {
  std::string json = R"({"traceEvents": [)";
  std::vector<std::string> names;
  for (int i = 0; i < 40; ++i) {
    std::string name(static_cast<std::size_t>(i * 7 % 90), 'n');
    const char* tricky[] = {"]}", "{[", "\\\"", ",", "\\\\", "}}]]"};
    name.insert(name.size() / 2, tricky[i % 6]);
    if (i % 5 == 0) name += "\\\"}";
    std::string unescaped;
    for (std::size_t c = 0; c < name.size(); ++c) {
      if (name[c] == '\\') ++c;
      unescaped += name[c];
    }
    names.push_back(unescaped);
    if (i > 0) json += i % 3 == 0 ? " ,\n " : ",";
    json += R"({"ph":"X","cat":"kernel","name":")" + name + R"(","pid":0,"tid":1,"ts":)" + std::to_string(10 * i + 5) +
            R"(,"dur":1,"args":{"device":0,"stream":1,"shapes":[[1,2],[3,[4]]],"note":")" +
            std::string(static_cast<std::size_t>(i * 13 % 70), 'x') + R"(]"}})";
  }
  json += "]}";
  for (std::size_t chunk : {1, 5, 63, 64, 65, 200, 4096}) {
    for (bool threaded : {false, true}) {
      trace::StringTable strings;
      trace::Run run = streamed(json, strings, {threaded, chunk, 1});
      ASSERT_EQ(run.tracks.size(), 1u) << chunk;
      ASSERT_EQ(run.tracks[0].intervals.size(), names.size()) << chunk;
      for (std::size_t i = 0; i < names.size(); ++i) {
        ASSERT_EQ(strings.get(run.tracks[0].intervals.name[i]), names[i]) << "chunk " << chunk << " entry " << i;
      }
    }
  }
}

std::string errorOf(const std::string& json, std::size_t chunk) {
  try {
    trace::StringTable strings;
    (void)streamed(json, strings, {false, chunk, 1});
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(StreamingImport, BrokenStructureIsInvalidJsonWhereverTheCutsFall) {
  const std::string ok = R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":1,"ts":1,"dur":2})";
  const std::vector<std::string> broken = {
      "{\"traceEvents\": [" + ok + ",]}",         // a comma before ']'
      "{\"traceEvents\": [," + ok + "]}",         // a comma before the first entry
      "{\"traceEvents\": [" + ok + ",," + ok + "]}",
      "{\"traceEvents\": [" + ok + " " + ok + "]}",  // no comma
      "{\"traceEvents\": [" + ok + "}]}",          // a stray brace
      "{\"traceEvents\": [" + ok + "]",            // truncated
      "{\"traceEvents\": [" + ok,                  // truncated inside the events
      "{\"traceEvents\" [" + ok + "]}",            // no colon
      "{\"traceEvents\": [" + ok + "] \"x\": 1}",  // no comma at the top level
      "{\"traceEvents\": [" + ok + "], }",         // a comma before '}'
      "{\"traceName\": \"x, \"traceEvents\": []}",  // a string left open swallows the rest
  };
  for (const std::string& json : broken) {
    for (std::size_t chunk : {1, 4, 1024}) {
      std::string message = errorOf(json, chunk);
      EXPECT_EQ(message.rfind("inline: invalid JSON (", 0), 0u) << json << " chunk " << chunk << ": " << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
  EXPECT_EQ(errorOf("{\"traceEvents\": [" + ok + "]} {}", 3),
            "inline: invalid JSON (content after the end of the document: two traces in one file?)");
  EXPECT_EQ(errorOf("{\"traceEvents\": {}}", 3), "inline: not a Kineto trace (a field has the wrong type)");
  EXPECT_EQ(errorOf("\"a string\"", 3), "inline: JSON but not a trace (expected an object with traceEvents)");
  EXPECT_EQ(errorOf("{\"traceName\": \"x\"}", 3), "inline: JSON but not a trace (no traceEvents array)");
  EXPECT_EQ(errorOf("", 3), "inline: empty file");
}

// Entries are read on the pipeline's thread when it runs: what is wrong with one is said in the same
// words, with the same entry number, as on one thread, and after the entries before it.
TEST(StreamingImport, AnEntryErrorReadsTheSameOnOneThreadAndOnTwo) {
  std::string json = R"({"traceEvents": [)";
  for (int i = 0; i < 3000; ++i) {
    json += R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":1,"ts":)" + std::to_string(i) + R"(,"dur":1},)";
  }
  const std::vector<std::string> bad = {R"({"ph":"X","cat":"kernel","name":"k","ts":"soon","dur":1})",
                                        R"({"ph":"X","cat":7,"name":"k","ts":1,"dur":1})", R"(17)"};
  const std::vector<std::string> expected = {"inline: not a trace (a timestamp is not a number in event 3001)",
                                             "inline: not a Kineto trace (a field has the wrong type after event 3000)",
                                             "inline: not a trace (traceEvents entry 3001 is not an object)"};
  for (std::size_t b = 0; b < bad.size(); ++b) {
    const std::string doc = json + bad[b] + "]}";
    for (bool threaded : {false, true}) {
      std::string message = "(no error)";
      try {
        trace::StringTable strings;
        (void)streamed(doc, strings, {threaded, 4096, 1000});
      } catch (const InputError& e) {
        message = e.what();
      }
      EXPECT_EQ(message, expected[b]) << (threaded ? "threaded" : "one thread");
    }
  }
}

TEST(StreamingImport, ProgressRisesToOneAndAThrowingCallbackStopsBetweenChunks) {
  const std::string path = dataPath("kineto/ns_resolution_rank0.json.gz");
  OpenedFile file = openRegularInput(path);
  std::vector<double> fractions;
  {
    DecompressedStream in(file.file.get(), path, file.size, {});
    trace::StringTable strings;
    (void)importKinetoStream(in, strings, "t", path, [&](double f) { fractions.push_back(f); });
  }
  ASSERT_GT(fractions.size(), 4u);  // one per chunk of the 15 MB of JSON, and the end
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_GT(fractions.front(), 0.0);
  EXPECT_LT(fractions.front(), 0.5);
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);

  struct Cancelled {};
  OpenedFile again = openRegularInput(path);
  DecompressedStream in(again.file.get(), path, again.size, {});
  trace::StringTable strings;
  EXPECT_THROW((void)importKinetoStream(in, strings, "t", path, [](double) { throw Cancelled{}; }), Cancelled);
  // Stopped after the first chunk: what was read ahead is at most the queue's few chunks.
  EXPECT_LT(in.compressedConsumed(), again.size);
}

// A FIFO is read once, as a stream, on the two threads, and recognised from its first bytes.
TEST(StreamingImport, AFifoGivesTheRunOfTheFile) {
  const std::string path = dataPath("h200/h200_naive.json.gz");
  testing::TempDir dir;
  const std::string fifo = (dir.path / "trace.json.gz").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string gz = testing::readWholeFile(path);
  std::thread writer([&] {
    std::ofstream out(fifo, std::ios::binary);
    out.write(gz.data(), static_cast<std::streamsize>(gz.size()));
  });
  trace::Session piped = openInput(fifo);
  writer.join();
  trace::Session file;
  importKinetoFile(path, file);
  ASSERT_EQ(piped.runs.size(), 1u);
  expectSameRun(file.runs[0], file.strings, piped.runs[0], piped.strings, "fifo");
}

// A gzip bomb of blanks (or one giant entry, or garbage) was held whole: 4 GiB of input
// peaked at 6 GiB. Blanks between entries are never held, and a single piece is bounded.
class CountingSink : public TraceJsonSink {
 public:
  void eventBatch(JsonPiece piece) override { events += std::count(piece.data, piece.data + piece.size, '{'); }
  void topLevelKey(JsonPiece) override {}
  void otherDocument(JsonPiece) override {}
  long events = 0;
};

TEST(StreamingImport, BlanksBetweenEntriesAreNeverHeldAndAPieceIsBounded) {
  CountingSink sink;
  TraceJsonSplitter splitter(sink, "blanks", 1 << 20);
  const std::string blanks(1 << 20, ' ');
  splitter.feed(R"({"traceEvents": [ {"ph": "X"}, )", 31);
  for (int i = 0; i < 200; ++i) splitter.feed(blanks.data(), blanks.size());  // 200 MiB of blanks
  const std::string last = R"({"ph": "X"}, )";
  splitter.feed(last.data(), last.size());
  for (int i = 0; i < 200; ++i) splitter.feed(blanks.data(), blanks.size());
  splitter.feed("{\"ph\": \"X\"}]}", 13);
  splitter.finish();
  EXPECT_EQ(sink.events, 3);
  EXPECT_LT(splitter.heldBytes(), std::size_t{4} << 20);

  auto refusal = [](const std::string& head, char fill) {
    CountingSink s;
    TraceJsonSplitter giant(s, "giant");
    giant.feed(head.data(), head.size());
    const std::string chunk(1 << 20, fill);
    try {
      for (std::size_t i = 0; i <= (kMaxPieceBytes >> 20) + 1; ++i) giant.feed(chunk.data(), chunk.size());
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal(R"({"traceEvents": [{"name": ")", 'x'),
            "giant: invalid JSON (an entry of traceEvents longer than 64 MiB: not a trace)");
  EXPECT_EQ(refusal(R"({"deviceProperties": ")", 'x'),
            "giant: invalid JSON (a top-level value longer than 64 MiB: not a trace)");
  EXPECT_EQ(refusal("", '\0'), "giant: invalid JSON (the document is neither a JSON object nor an array: not a trace)");
}

// The streaming import holds a piece at a time, so the 4 GiB cap of reading a trace whole does not
// apply to it (a trace of several GB must open); a gzip bomb is stopped by its ratio instead.
TEST(StreamingImport, NoSizeCapButAGzipBombIsStoppedByItsRatio) {
  const std::string path = dataPath("kineto/ns_resolution_rank0.json.gz");  // 15 MB of JSON
  const std::string gz = testing::readWholeFile(path);
  DecompressedStream::Options small;
  small.maxBytes = 8u << 20;
  DecompressedStream capped(gz, "t", small);
  trace::StringTable strings;
  EXPECT_NO_THROW((void)importKinetoStream(capped, strings, "t", "t"));
  EXPECT_GT(capped.produced(), small.maxBytes);

  std::string blanks = R"({"traceEvents": [)" + std::string(std::size_t{48} << 20, ' ') + "]}";
  std::string bomb = testing::gzipString(blanks);
  ASSERT_GT(blanks.size() / bomb.size(), kMaxStreamingRatio);
  for (bool threaded : {false, true}) {
    DecompressedStream in(bomb, "bomb.json.gz", {});
    StreamImportOptions options;
    options.threaded = threaded;
    options.ratio_checked_after_bytes = 16u << 20;
    try {
      (void)importKinetoStream(in, strings, "t", "bomb.json.gz", {}, {}, options);
      ADD_FAILURE() << "a gzip bomb was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), "bomb.json.gz: decompresses to more than 200 times its size (a gzip bomb?); refusing");
    }
    EXPECT_LT(in.produced(), std::uint64_t{20} << 20);  // stopped soon after the threshold
  }
}

}  // namespace
}  // namespace feedscope::io
