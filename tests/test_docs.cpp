// test_docs.cpp — the committed docs against the tables they come from, and what the CLI shows
// a reader: docs/guide/keys.md is exactly what `alloclab help keys --markdown` generates (read
// through the CLI's own --check), and no help or list output names a paper by the project's old
// numbers ("seed 000" … "seed 004") instead of authors and year; docs/guide/page.md lists every
// page key of web/page_keys.cpp with its values and meaning.
#include <doctest/doctest.h>
#include <fstream>
#include <iterator>
#include <algorithm>
#include <cctype>
#include "cli_harness.hpp"
#include "page_keys.hpp"

using alloclab::test::cli;

TEST_CASE("docs: docs/guide/keys.md is what the parameter table generates") {
  const std::string path = std::string(ALLOCLAB_SOURCE_DIR) + "/docs/guide/keys.md";
  const auto r = cli({"help", "keys", "--markdown", "--check", path});
  INFO("regenerate with: build/alloclab help keys --markdown > docs/guide/keys.md");
  CHECK(r.err == "");
  CHECK(r.code == 0);
}

TEST_CASE("docs: help keys --check reports a stale file and refuses bad arguments") {
  const auto missing = cli({"help", "keys", "--markdown", "--check", "/nonexistent/keys.md"});
  CHECK(missing.code == 2);
  CHECK(missing.err.find("cannot read file '/nonexistent/keys.md'") != std::string::npos);
  // A file that is not the generated page (this test's own source) is stale: status 1, named.
  const std::string self = std::string(ALLOCLAB_SOURCE_DIR) + "/tests/test_docs.cpp";
  const auto stale = cli({"help", "keys", "--markdown", "--check", self});
  CHECK(stale.code == 1);
  CHECK(stale.out == "");
  CHECK(stale.err.find("differs from the parameter table") != std::string::npos);
  for (std::vector<std::string> bad : {std::vector<std::string>{"help", "keys", "--html"}, {"help", "keys", "--markdown", "x"},
                                       {"help", "nothing"}}) {
    const auto r = cli(bad);
    CHECK(r.code == 2);
    CHECK(r.out == "");
    CHECK(r.err.find("allowed") != std::string::npos);
  }
}

TEST_CASE("docs: the key reference and --help list the same keys, values and defaults") {
  const auto help = cli({"--help"});
  const auto keys = cli({"help", "keys"});
  REQUIRE(help.code == 0);
  REQUIRE(keys.code == 0);
  CHECK(keys.out.size() > 1000);
  CHECK(help.out.find("keys:\n" + keys.out) != std::string::npos);  // --help ends with the same text
  const auto md = cli({"help", "keys", "--markdown"});
  REQUIRE(md.code == 0);
  for (const char* row : {"| `strategy` |", "| `size` |", "| `pattern` |", "## `strategy` values", "| `qtree` |"})
    CHECK_MESSAGE(md.out.find(row) != std::string::npos, row);
}

TEST_CASE("docs: what the CLI shows names papers by authors and year, never \"seed 00N\"") {
  const std::vector<std::vector<std::string>> shown = {
      {"list"}, {"--help"}, {"help", "keys"}, {"help", "keys", "--markdown"}};
  for (const auto& args : shown) {
    const auto r = cli(args);
    REQUIRE(r.code == 0);
    std::string text = r.out;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const auto at = text.find("seed 0");
    CHECK_MESSAGE(at == std::string::npos, args.back() << ": " << r.out.substr(at == std::string::npos ? 0 : at, 60));
  }
  // and the papers are there by name
  const auto list = cli({"list"});
  for (const char* who : {"Srinivasan et al. 2004", "Srisawat & Alexandridis 1999", "Bani-Ahmad 2013", "Al Shdefat 2019",
                          "Jakimczuk et al. 2013"})
    CHECK_MESSAGE(list.out.find(who) != std::string::npos, who);
}

TEST_CASE("page links: docs/guide/page.md lists every page key with its values and meaning") {
  std::ifstream in(std::string(ALLOCLAB_SOURCE_DIR) + "/docs/guide/page.md");
  REQUIRE(in.good());
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const alloclab::app::PageKeyDef& k : alloclab::app::page_keys()) {
    INFO(k.key);
    CHECK(doc.find("| `" + std::string(k.key) + "` | " + std::string(k.range) + " |") != std::string::npos);
    CHECK(doc.find(std::string(k.help)) != std::string::npos);
  }
}
