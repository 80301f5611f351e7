// key_reference.cpp — the key reference printed from the parameter table (key_reference.hpp).
//
// Both forms walk params() in table order through key_rows(): key, Setup panel, help, allowed
// values, default at the default scenario, and for registry keys every choice with its help;
// the Markdown form ends with the metric table (name, direction, meaning).
#include "key_reference.hpp"
#include <fstream>
#include <ostream>
#include <sstream>
#include "../metrics/results.hpp"
#include "../scenario/scenario.hpp"

namespace alloclab {

namespace {

struct Choice {
  std::string id, help;
};
struct KeyRow {
  std::string key, panel, help, values, default_value;
  std::vector<Choice> choices;  // registry keys only (choices with a help line)
};

std::vector<KeyRow> key_rows() {
  const Scenario d;
  std::vector<KeyRow> rows;
  for (const ParamDef& p : params()) {
    KeyRow r{std::string(p.key), {}, std::string(p.help), p.range, p.get(d), {}};
    for (const ParamGroupInfo& g : param_groups())
      if (g.group == p.group) r.panel = std::string(g.name);
    if (p.choices && p.choice_help)
      for (const std::string& c : p.choices())
        if (std::string_view h = p.choice_help(c); !h.empty()) r.choices.push_back({c, std::string(h)});
    rows.push_back(std::move(r));
  }
  return rows;
}

// A Markdown table cell: '|' escaped, so a help text cannot split the row.
std::string cell(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '|') o += '\\';
    o += c;
  }
  return o;
}

}  // namespace

void print_keys_text(std::ostream& out) {
  for (const KeyRow& r : key_rows())
    out << "  " << r.key << std::string(r.key.size() < 14 ? 14 - r.key.size() : 1, ' ') << r.help << "\n"
        << std::string(16, ' ') << "values: " << r.values << "; default: " << r.default_value << "\n";
}

void print_keys_markdown(std::ostream& out) {
  const std::vector<KeyRow> rows = key_rows();
  out << "# Scenario keys\n\n"
         "<!-- Generated from the parameter table by `alloclab help keys --markdown`; do not edit.\n"
         "     The test \"docs: docs/guide/keys.md is what the parameter table generates\" fails when\n"
         "     this file is stale. -->\n\n"
         "Every key of a scenario, in the table's order: the order of `alloclab --help`, of canonical\n"
         "links and of the page's Setup panels. The same `key=value` pairs work as CLI arguments, as\n"
         "lines of a scenario file (`#` comments) and in a share link's fragment\n"
         "(`index.html#key=value&key=value`). A canonical link lists only the keys that differ from\n"
         "their default. Defaults are those of the default scenario (a 16x16 mesh).\n";
  for (const ParamGroupInfo& g : param_groups()) {
    out << "\n## " << g.name << "\n\n| key | values | default | meaning |\n|---|---|---|---|\n";
    for (const KeyRow& r : rows)
      if (r.panel == g.name)
        out << "| `" << r.key << "` | " << cell(r.values) << " | "
            << (r.default_value.empty() ? std::string("(none)") : "`" + cell(r.default_value) + "`") << " | " << cell(r.help) << " |\n";
  }
  for (const KeyRow& r : rows) {
    if (r.choices.empty()) continue;
    out << "\n## `" << r.key << "` values\n\n| value | what it is |\n|---|---|\n";
    for (const Choice& c : r.choices) out << "| `" << c.id << "` | " << cell(c.help) << " |\n";
  }
  // the metric table: what a run reports and which way each figure is better (the direction
  // Compare's verdicts, the Sweep plots and the --baseline better/worse columns read)
  out << "\n## Metrics\n\nThe figures of `results` (and the CSV columns), in the metric table's order, with the\n"
         "direction the page's Compare verdicts, the Sweep plots and `alloclab sweep --baseline`'s\n"
         "`better` / `worse` columns read.\n\n| metric | better | meaning |\n|---|---|---|\n";
  for (const MetricField& f : metric_fields())
    out << "| `" << f.name << "` | " << better_text(f.better) << " | " << cell(std::string(f.help)) << " |\n";
}

int cmd_help_keys(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const auto usage = [&] {
    err << "alloclab: help keys: allowed: help keys, help keys --markdown, help keys --markdown --check FILE\n";
    return 2;
  };
  if (words.empty()) {
    print_keys_text(out);
    return 0;
  }
  if (words[0] != "--markdown") return usage();
  if (words.size() == 1) {
    print_keys_markdown(out);
    return 0;
  }
  if (words.size() != 3 || words[1] != "--check") return usage();
  std::ifstream f(words[2], std::ios::binary);
  if (!f) {
    err << "alloclab: help keys: cannot read file '" << words[2] << "'\n";
    return 2;
  }
  std::ostringstream have, want;
  have << f.rdbuf();
  print_keys_markdown(want);
  if (have.str() == want.str()) return 0;
  err << "alloclab: help keys: '" << words[2]
      << "' differs from the parameter table; regenerate it with: alloclab help keys --markdown > " << words[2] << "\n";
  return 1;
}

}  // namespace alloclab
