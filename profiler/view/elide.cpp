// Eliding run names, counting UTF-8 code points so that "µ" or "é" is never split.
#include "view/elide.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace feedscope::view {
namespace {

constexpr std::string_view kEllipsis = "…";

// Byte offsets where each code point starts.
std::vector<std::size_t> codePointStarts(std::string_view s) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80) starts.push_back(i);
  }
  return starts;
}

bool isSeparator(char c) {
  return std::string_view("._-/\\ :+=,;()[]{}#@~").find(c) != std::string_view::npos;
}

// A name as words, each with the separators before it ("kineto", "_num", "_workers", ".json").
struct Piece {
  std::string sep;
  std::string word;
};

std::vector<Piece> split(std::string_view name) {
  std::vector<Piece> pieces;
  std::size_t i = 0;
  while (i < name.size()) {
    Piece p;
    while (i < name.size() && isSeparator(name[i])) p.sep += name[i++];
    while (i < name.size() && !isSeparator(name[i])) p.word += name[i++];
    pieces.push_back(std::move(p));
  }
  return pieces;
}

// Timestamps and process ids: they differ between any two runs and say nothing to a reader.
bool isLongNumber(const std::string& word) {
  return word.size() >= 8 && std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The kept pieces written out, each stretch left out as one "…".
std::string render(const std::vector<Piece>& pieces, const std::vector<bool>& kept) {
  std::string out;
  bool gap = false;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (!kept[k]) {
      gap = true;
      continue;
    }
    // After a gap the separator is dropped: "kineto…workers_0", not "kineto…_workers_0".
    out += gap ? std::string(kEllipsis) : pieces[k].sep;
    out += pieces[k].word;
    gap = false;
  }
  if (gap) out += kEllipsis;
  return out;
}

std::string keepDistinguishing(const std::string& name, const std::vector<Piece>& pieces,
                               const std::vector<bool>& distinguishing, std::size_t maxChars) {
  std::vector<std::size_t> order;
  auto addDistinguishing = [&](bool numbers) {
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      if (!distinguishing[k] || isLongNumber(pieces[k].word) != numbers) continue;
      order.push_back(k);
      if (!numbers && k > 0) order.push_back(k - 1);  // its context: "workers" before "4"
    }
  };
  addDistinguishing(false);
  order.push_back(0);
  order.push_back(pieces.size() - 1);
  addDistinguishing(true);
  std::vector<bool> kept(pieces.size(), false);
  bool keptDistinguishing = false;
  for (std::size_t k : order) {
    if (kept[k]) continue;
    // Context only beside a distinguishing word: "h200…" alone tells nothing.
    if (!keptDistinguishing && !distinguishing[k]) continue;
    kept[k] = true;
    if (codePointCount(render(pieces, kept)) <= maxChars) {
      keptDistinguishing = keptDistinguishing || distinguishing[k];
    } else {
      kept[k] = false;
    }
  }
  if (keptDistinguishing) return render(pieces, kept);
  // Not even the first distinguishing word fits: as much of its start as fits, a "…" for what comes
  // before it and one for the rest ("…custombat…"): a word is recognised by its start, and one cut
  // reads better than two ("…cu…batch…").
  for (std::size_t k : order) {
    if (!distinguishing[k]) continue;
    const std::size_t lead = k > 0 ? 1 : 0;
    if (maxChars < lead + 3) break;
    const std::string& word = pieces[k].word;
    const auto starts = codePointStarts(word);
    const std::size_t room = maxChars - lead - 1;  // the trailing "…"
    return (lead > 0 ? std::string(kEllipsis) : std::string()) + word.substr(0, starts[std::min(room, starts.size() - 1)]) +
           std::string(kEllipsis);
  }
  return elideMiddle(name, maxChars);
}

// Indices whose text another index shares.
std::vector<std::size_t> clashing(const std::vector<std::string>& shown) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    for (std::size_t j = 0; j < shown.size(); ++j) {
      if (i != j && shown[i] == shown[j]) {
        out.push_back(i);
        break;
      }
    }
  }
  return out;
}

}  // namespace

std::size_t codePointCount(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
  return n;
}

std::string elideMiddle(std::string_view name, std::size_t maxChars) {
  const auto starts = codePointStarts(name);
  if (starts.size() <= maxChars || maxChars < 3) return std::string(name);
  // The end keeps more than the start: runs of one experiment tend to share a prefix ("h200_…").
  const std::size_t keep = maxChars - 1;  // one character for "…"
  const std::size_t head = keep / 3;
  const std::size_t tail = keep - head;
  std::string out(name.substr(0, starts[head]));
  out += kEllipsis;
  out += name.substr(starts[starts.size() - tail]);
  return out;
}

std::vector<std::string> distinctNames(const std::vector<std::string>& names, std::size_t maxChars) {
  std::vector<std::vector<Piece>> pieces;
  for (const auto& n : names) pieces.push_back(split(n));
  // A word distinguishes a name when one of its peers lacks it; its peers are the names that share a
  // word with it, so that a name unlike all others ("short" beside two sweep runs) does not make
  // every word of theirs distinguishing.
  std::vector<std::set<std::string>> words(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (const auto& p : pieces[i]) {
      if (!p.word.empty()) words[i].insert(p.word);
    }
  }
  auto sharesAWord = [&](std::size_t i, std::size_t j) {
    return std::any_of(words[i].begin(), words[i].end(), [&](const std::string& w) { return words[j].count(w) > 0; });
  };
  // Names that share no word with any other ("worker0.1623143089801" beside "worker1.1623143089811")
  // have every other name as a peer.
  auto peers = [&](std::size_t i, std::size_t j) {
    if (sharesAWord(i, j)) return true;
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (k != i && sharesAWord(i, k)) return false;
    }
    return true;
  };
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names.size() == 1) {
      shown.push_back(elideMiddle(names[i], maxChars));
      continue;
    }
    if (codePointCount(names[i]) <= maxChars || pieces[i].empty()) {
      shown.push_back(names[i]);
      continue;
    }
    std::vector<bool> distinguishing(pieces[i].size(), false);
    bool anyDistinguishing = false;
    for (std::size_t k = 0; k < pieces[i].size(); ++k) {
      const std::string& w = pieces[i][k].word;
      if (w.empty()) continue;
      for (std::size_t j = 0; j < names.size(); ++j) {
        if (j != i && peers(i, j) && words[j].count(w) == 0) {
          distinguishing[k] = true;
          anyDistinguishing = true;
          break;
        }
      }
    }
    shown.push_back(anyDistinguishing ? keepDistinguishing(names[i], pieces[i], distinguishing, maxChars)
                                      : elideMiddle(names[i], maxChars));
  }
  // Still the same text (names that differ only in where their words are): more room, a character
  // at a time.
  std::size_t widest = 0;
  for (const auto& n : names) widest = std::max(widest, codePointCount(n));
  for (std::size_t chars = maxChars + 1; chars <= widest; ++chars) {
    const auto clash = clashing(shown);
    if (clash.empty()) break;
    for (std::size_t i : clash) shown[i] = elideMiddle(names[i], chars);
  }
  return shown;
}

std::size_t runNameChars(std::size_t runs) {
  if (runs <= 2) return 20;
  if (runs <= 4) return 14;
  return 8;
}

}  // namespace feedscope::view
