// scenario.cpp — the parameter table and the codec built on it.
//
// Each key is declared once, beside the Scenario's fields, in declare_keys() (scenario.hpp), by
// a typed row helper (int_row, real_row, enum_row, id_row, spec_row and the size, uint64 and
// path rows): the declaration gives the field, the bounds or names, the Setup panel and the
// help; the helper here derives the range text, the parser (errors name the key and the
// range), the canonical printer and the choices. Defaults are whatever a default-constructed
// Scenario holds, so "is this value the default?" is a comparison of canonical texts.
// Cross-key rules are rows' `check` hooks.
//
// Sections, in order:
//   row helpers         bad, bound_text; int_row, real_row, enum_row, spec_row, id_row,
//                       size_row, uint64_row, path_row (one declaration derives range text,
//                       parser, printer and choices)
//   the table           KeyRows (the builder declare_keys fills), make_params, param groups,
//                       params, find_param
//   applying            apply, apply_pair
//   validation          max_job_nodes, estimate_memory, validate
//   the link codec      split_value_list, url_encode / url_decode, canonical_link, parse_link
//   scenario files      apply_file_text
#include "scenario.hpp"
#include <algorithm>
#include <cctype>
#include <deque>
#include <iterator>
#include <type_traits>
#include <utility>
#include "../core/text.hpp"
#include "../core/table.hpp"
#include "../net/patterns.hpp"
#include "../sched/scheduler.hpp"

namespace alloclab {

namespace {

Error bad(std::string_view key, std::string_view value, std::string_view allowed) {
  return Error{std::string(key) + ": '" + std::string(value) + "' is not valid; allowed: " + std::string(allowed)};
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// A bound as written in a range text: 1e-6, 1e6, 1e15, 0.5, 100.
std::string bound_text(double x) {
  std::string s = format_number(x);
  if (const auto e = s.find('e'); e != std::string::npos) {  // 1e-06 -> 1e-6, 1e+15 -> 1e15
    std::string exp = s.substr(e + 1);
    const bool neg = !exp.empty() && exp[0] == '-';
    if (!exp.empty() && (exp[0] == '-' || exp[0] == '+')) exp.erase(0, 1);
    while (exp.size() > 1 && exp[0] == '0') exp.erase(0, 1);
    return s.substr(0, e) + "e" + (neg ? "-" : "") + exp;
  }
  std::size_t zeros = 0;  // 1000000 -> 1e6
  while (zeros < s.size() && s[s.size() - 1 - zeros] == '0') ++zeros;
  if (zeros >= 6 && zeros + 1 == s.size()) return s.substr(0, 1) + "e" + std::to_string(zeros);
  return s;
}


ParamDef row(std::string_view key, ParamType type, ParamGroup group, std::string range, std::string_view help) {
  ParamDef p;
  p.key = key;
  p.type = type;
  p.group = group;
  p.range = std::move(range);
  p.help = help;
  return p;
}

// Integer in [lo, hi]; "lo..hi" (two values: "lo, hi").
template <class F>
ParamDef int_row(std::string_view key, ParamGroup g, long long lo, long long hi, F field, std::string_view help) {
  ParamDef p = row(key, ParamType::Int, g,
                   hi == lo + 1 ? std::to_string(lo) + ", " + std::to_string(hi) : std::to_string(lo) + ".." + std::to_string(hi), help);
  p.min = lo;
  p.max = hi;
  p.set = [key, lo, hi, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    long long x;
    if (!parse_int64(v, x) || x < lo || x > hi) return bad(key, v, range);
    field(s) = static_cast<std::remove_reference_t<decltype(field(s))>>(x);
    return {};
  };
  p.get = [field](const Scenario& s) { return std::to_string(field(s)); };
  return p;
}

// A real quantity: `noun` ("a time") with symbol `sym` in [lo, hi]. With `zero` ("off"), 0 is
// the special value named so and lo is 0: "0 (off) or a time 0 < T <= 1e15".
struct RealBounds {
  double lo, hi;
  std::string_view noun;
  char sym;
  std::string_view zero = {};
};
template <class F>
ParamDef real_row(std::string_view key, ParamGroup g, RealBounds b, F field, std::string_view help) {
  const std::string S(1, b.sym);
  std::string range = b.zero.empty()
                          ? std::string(b.noun) + " " + bound_text(b.lo) + " <= " + S + " <= " + bound_text(b.hi)
                          : "0 (" + std::string(b.zero) + ") or " + std::string(b.noun) + " 0 < " + S + " <= " + bound_text(b.hi);
  ParamDef p = row(key, ParamType::Real, g, std::move(range), help);
  p.set = [key, b, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    double x;
    if (!parse_double(v, x) || !(x >= b.lo) || !(x <= b.hi)) return bad(key, v, range);
    field(s) = x;
    return {};
  };
  p.get = [field](const Scenario& s) { return format_number(field(s)); };
  return p;
}

// One of a fixed list of names (Names, scenario.hpp), each standing for a value of the field's type.
template <class T, class F>
ParamDef enum_row(std::string_view key, ParamGroup g, Names<T> names, F field, std::string_view help) {
  std::vector<std::string> ids;
  for (const auto& n : names) ids.emplace_back(n.first);
  ParamDef p = row(key, ParamType::Enum, g, join(ids), help);
  p.set = [key, names, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    for (const auto& n : names)
      if (n.first == v) { field(s) = n.second; return {}; }
    return bad(key, v, range);
  };
  p.get = [names, field](const Scenario& s) {
    for (const auto& n : names)
      if (n.second == field(s)) return std::string(n.first);
    return std::string(names.front().first);
  };
  p.choices = [ids] { return ids; };
  return p;
}

// An id from a registry (strategies, schedulers, patterns) held as text. The range text is the
// ids, or `summary` when the list is too long for a line; errors list every id.
template <class F>
ParamDef id_row(std::string_view key, ParamGroup g, std::function<std::vector<std::string>()> ids, F field, std::string_view help,
                std::string_view summary = {}) {
  ParamDef p = row(key, ParamType::Enum, g, summary.empty() ? join(ids()) : std::string(summary), help);
  p.set = [key, ids, field](Scenario& s, std::string_view v) -> Status {
    const auto all = ids();
    if (std::find(all.begin(), all.end(), v) == all.end()) return bad(key, v, join(all));
    field(s) = std::string(v);
    return {};
  };
  p.get = [field](const Scenario& s) { return field(s); };
  p.choices = ids;
  return p;
}

// A distribution spec: its grammar, parser and printer are owned by workload/specs.*.
template <class F, class Parse, class Print>
ParamDef spec_row(std::string_view key, ParamGroup g, std::string_view forms, F field, Parse parse, Print print, std::string_view help) {
  ParamDef p = row(key, ParamType::Spec, g, std::string(forms), help);
  p.set = [field, parse](Scenario& s, std::string_view v) -> Status {
    auto r = parse(v);
    if (!r) return r.error();
    field(s) = *r;
    return {};
  };
  p.get = print;
  return p;
}

// Changing the row's value invalidates a loaded trace (it is re-read with the new options).
ParamDef reloads_trace(ParamDef p) {
  p.set = [set = std::move(p.set)](Scenario& s, std::string_view v) -> Status {
    Status st = set(s, v);
    if (st) s.trace_data.reset();
    return st;
  };
  return p;
}

ParamDef size_row(std::string_view key, ParamGroup g, std::string_view help) {
  const std::string range = "WxH or WxHxD, each side 1.." + std::to_string(kMaxSide) + ", at most " +
                            std::to_string(kMaxNodes) + " nodes";
  ParamDef p = row(key, ParamType::Size, g, range, help);
  p.min = 1;
  p.max = kMaxSide;
  p.set = [key, range](Scenario& s, std::string_view v) -> Status {
    const auto x = v.find('x');
    const auto x2 = x == std::string_view::npos ? x : v.find('x', x + 1);
    long long w, h, d = 1;
    if (x == std::string_view::npos || !parse_int64(v.substr(0, x), w) || !parse_int64(v.substr(x + 1, x2 - x - 1), h) ||
        (x2 != std::string_view::npos && !parse_int64(v.substr(x2 + 1), d)) || w < 1 || h < 1 || d < 1 || w > kMaxSide ||
        h > kMaxSide || d > kMaxSide || w * h * d > kMaxNodes)
      return bad(key, v, range);
    s.width = int(w);
    s.height = int(h);
    s.depth = int(d);
    return {};
  };
  p.get = [](const Scenario& s) { return s.topo_size_text(); };
  return p;
}

ParamDef uint64_row(std::string_view key, ParamGroup g, std::uint64_t Scenario::*field, std::string_view help) {
  ParamDef p = row(key, ParamType::UInt64, g, "0..18446744073709551615", help);
  p.set = [key, field, range = p.range](Scenario& s, std::string_view v) -> Status {
    unsigned long long x;
    if (!parse_uint64(v, x)) return bad(key, v, range);
    s.*field = x;
    return {};
  };
  p.get = [field](const Scenario& s) { return std::to_string(s.*field); };
  return p;
}

constexpr std::size_t kMaxPath = 4096;
ParamDef path_row(std::string_view key, ParamGroup g, std::string_view what, std::string_view help) {
  ParamDef p = row(key, ParamType::Path, g, "path to " + std::string(what), help);
  p.set = [key](Scenario& s, std::string_view v) -> Status {
    if (v.size() > kMaxPath) return bad(key, v.substr(0, 40), "a path of at most " + std::to_string(kMaxPath) + " characters");
    if (s.trace != v) s.trace_data.reset();
    s.trace = std::string(v);
    return {};
  };
  p.get = [](const Scenario& s) { return s.trace; };
  return p;
}

// The row builder declare_keys() fills (scenario.hpp): each call appends the row the helper of
// the same name above builds and returns it, so the declaration can set its hooks.
class KeyRows {
 public:
  template <class F>
  ParamDef& int_row(std::string_view key, ParamGroup g, long long lo, long long hi, F field, std::string_view help) {
    return add(alloclab::int_row(key, g, lo, hi, field, help));
  }
  template <class F>
  ParamDef& real_row(std::string_view key, ParamGroup g, RealBounds b, F field, std::string_view help) {
    return add(alloclab::real_row(key, g, b, field, help));
  }
  template <class T, class F>
  ParamDef& enum_row(std::string_view key, ParamGroup g, Names<T> names, F field, std::string_view help) {
    return add(alloclab::enum_row(key, g, std::move(names), field, help));
  }
  // registry: strategies, schedulers or patterns (the ids are the rows' ids, in table order;
  // a choice's help is its row's help).
  template <class Info, class F>
  ParamDef& id_row(std::string_view key, ParamGroup g, std::span<const Info> (*registry)(), F field, std::string_view help,
                   std::string_view summary = {}) {
    ParamDef& p = add(alloclab::id_row(key, g, [registry] { return ids_of(registry()); }, field, help, summary));
    p.choice_help = [registry](std::string_view id) -> std::string_view {
      const Info* r = find_by_id(registry(), id);
      return r ? r->help : std::string_view{};
    };
    return p;
  }
  // An id_row whose first choice, `auto` (the default), stands for the row the rest of the
  // scenario implies (`auto_help` says which); the other choices are the registry's ids.
  template <class Info, class F>
  ParamDef& auto_id_row(std::string_view key, ParamGroup g, std::span<const Info> (*registry)(), F field,
                        std::string_view auto_help, std::string_view help) {
    ParamDef& p = add(alloclab::id_row(
        key, g,
        [registry] {
          std::vector<std::string> ids{"auto"};
          for (std::string& id : ids_of(registry())) ids.push_back(std::move(id));
          return ids;
        },
        field, help));
    p.choice_help = [registry, auto_help](std::string_view id) -> std::string_view {
      if (id == "auto") return auto_help;
      const Info* r = find_by_id(registry(), id);
      return r ? r->help : std::string_view{};
    };
    return p;
  }
  template <class F, class Parse, class Print>
  ParamDef& spec_row(std::string_view key, ParamGroup g, std::string_view forms, F field, Parse parse, Print print, std::string_view help) {
    return add(alloclab::spec_row(key, g, forms, field, parse, print, help));
  }
  ParamDef& size_row(std::string_view key, ParamGroup g, std::string_view help) { return add(alloclab::size_row(key, g, help)); }
  ParamDef& uint64_row(std::string_view key, ParamGroup g, std::uint64_t Scenario::*field, std::string_view help) {
    return add(alloclab::uint64_row(key, g, field, help));
  }
  ParamDef& path_row(std::string_view key, ParamGroup g, std::string_view what, std::string_view help) {
    return add(alloclab::path_row(key, g, what, help));
  }
  ParamDef& reloads_trace(ParamDef& p) { return p = alloclab::reloads_trace(std::move(p)); }
  std::vector<ParamDef> take() { return {std::make_move_iterator(rows_.begin()), std::make_move_iterator(rows_.end())}; }

 private:
  ParamDef& add(ParamDef p) { return rows_.emplace_back(std::move(p)); }
  std::deque<ParamDef> rows_;  // a deque: the reference a call returns stays valid
};

std::vector<ParamDef> make_params() {
  KeyRows k;
  declare_keys(k);
  return k.take();
}

constexpr ParamGroupInfo kGroups[] = {
    {ParamGroup::Scenario, "Scenario", true},   {ParamGroup::Workload, "Workload", true},
    {ParamGroup::Strategy, "Strategy", true},   {ParamGroup::Scheduler, "Scheduler", true},
    {ParamGroup::Network, "Network", false},    {ParamGroup::Measurement, "Measurement", false},
};

}  // namespace

bool Scenario::network() const {
  const PatternInfo* p = find_pattern(pattern);
  return p && p->network();
}

std::span<const ParamGroupInfo> param_groups() { return kGroups; }

std::span<const ParamDef> params() {
  static const std::vector<ParamDef> table = make_params();  // immutable after first use
  return table;
}

const ParamDef* find_param(std::string_view key) {
  for (const ParamDef& p : params())
    if (p.key == key) return &p;
  return nullptr;
}

Status apply(Scenario& s, std::string_view key, std::string_view value) {
  const ParamDef* p = find_param(key);
  if (!p) {
    std::string known;
    for (const ParamDef& q : params()) known += (known.empty() ? "" : ", ") + std::string(q.key);
    std::string k(key.substr(0, 64));
    return Error{"unknown key '" + k + "'; known keys: " + known};
  }
  return p->set(s, value);
}

Status apply_pair(Scenario& s, std::string_view kv) {
  const auto eq = kv.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Error{"'" + std::string(kv.substr(0, 64)) + "' is not key=value"};
  return apply(s, kv.substr(0, eq), kv.substr(eq + 1));
}

namespace {
// Processors of the largest job the scenario can produce (before allocation rounding).
long long max_job_nodes(const Scenario& s) {
  const long long W = s.width, H = s.height, D = s.depth;
  if (s.trace_data) {
    long long m = 0;
    for (const TraceJob& j : s.trace_data->jobs) m = std::max(m, (long long)j.shape.area());
    return m;
  }
  switch (s.job_size.kind) {
    case SizeSpec::Kind::Uniform: {
      const long long b = (long long)s.job_size.b;
      return std::min(b, W) * std::min(b, H) * std::min(b, D);
    }
    case SizeSpec::Kind::Fixed:
      return std::min((long long)s.job_size.a, W) * std::min((long long)s.job_size.b, H) * std::min((long long)s.job_size.c, D);
    default: return W * H * D;
  }
}

std::string mib(long long bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }
}  // namespace

MemoryEstimate estimate_memory(const Scenario& s) {
  MemoryEstimate m;
  const long long N = (long long)s.width * s.height * s.depth;
  const SchedulerInfo* sched = find_scheduler(s.scheduler);
  m.machine = N * (5 + 32 + 200) * (sched && sched->plans_on_copy ? 2 : 1);
  if (s.network()) {
    m.network = N * (1024 + 80LL * s.buffer_flits);
    const long long n = std::max(1LL, max_job_nodes(s));
    m.packets = N * find_pattern(s.pattern)->queued_per_node(n, s.topo().dims()) * 128;
    if (find_pattern(s.pattern)->collective != CollectiveKind::None)  // messages of up to S/4 bytes
      m.packets *= std::max(1LL, s.allreduce_bytes / (4LL * s.flit_bytes * s.packet_flits) + 1);
  }
  const long long jobs = s.total_jobs();
  if (s.trace_data) {
    m.trace = (long long)s.trace_data->jobs.size() * (long long)sizeof(TraceJob);
    m.queue = std::min(jobs, (long long)s.trace_data->jobs.size()) * 128;
  } else if (s.arrival.kind == ArrivalSpec::Kind::Batch) {
    m.queue = jobs * 128;
  }
  return m;
}

Status validate(const Scenario& s) {
  for (const ParamDef& p : params())
    if (p.check)
      if (Status st = p.check(s); !st) return st;
  if (const MemoryEstimate m = estimate_memory(s); m.total() > kMemoryBudget) {
    // name the largest part and what shrinks it
    std::string what;
    long long biggest = 0;
    auto part = [&](long long v, const char* text) { if (v > biggest) { biggest = v; what = text; } };
    part(m.machine, "the machine (use a smaller size)");
    part(m.network, "the network model (use a smaller size, smaller buffer_flits or pattern=none)");
    part(m.packets, "packets queued by the pattern (use smaller jobs (job_size), another pattern or pattern=none)");
    part(m.queue, "jobs waiting at once with batch arrivals or a trace (use fewer jobs or arrival=poisson:RATE)");
    part(m.trace, "the trace (use a shorter trace)");
    return Error{"scenario: estimated memory " + mib(m.total()) + " exceeds the budget of " + mib(kMemoryBudget) +
                 "; the largest part is " + what + ": " + mib(biggest)};
  }
  return {};
}

Result<std::vector<std::string>> split_value_list(std::string_view key, std::string_view text) {
  Scenario probe;
  if (text.find(';') != std::string_view::npos) {
    auto parts = split_on(text, ';');
    for (const auto& p : parts)
      if (Status st = apply(probe, key, p); !st) return st.error();
    return parts;
  }
  if (text.find(',') != std::string_view::npos) {
    auto parts = split_on(text, ',');
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const auto c = parts[i - 1].find(':');
      if (c != std::string::npos && parts[i].find(':') == std::string::npos) parts[i] = parts[i - 1].substr(0, c + 1) + parts[i];
    }
    bool all = true;
    for (const auto& p : parts) all = all && apply(probe, key, p).ok();
    if (all) return parts;
  }
  if (Status st = apply(probe, key, text); !st) return st.error();
  return std::vector<std::string>{std::string(text)};
}

std::string url_encode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string o;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ':' || c == ',' || c == '/')
      o += char(c);
    else {
      o += '%';
      o += hex[c >> 4];
      o += hex[c & 15];
    }
  }
  return o;
}

Result<std::string> url_decode(std::string_view s) {
  std::string o;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      auto hv = [](char c) { return std::isdigit((unsigned char)c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1; };
      if (i + 2 >= s.size()) return Error{"link: truncated %-escape"};
      const int a = hv(s[i + 1]), b = hv(s[i + 2]);
      if (a < 0 || b < 0) return Error{"link: bad %-escape"};
      o += char(a * 16 + b);
      i += 2;
    } else if (s[i] == '+') {
      o += ' ';
    } else {
      o += s[i];
    }
  }
  return o;
}

std::string canonical_link(const Scenario& s) {
  const Scenario d;
  Scenario dflt = d;
  // job_size's default depends on the machine, so compare against a default on this machine
  dflt.width = s.width;
  dflt.height = s.height;
  dflt.depth = s.depth;
  dflt.machine = s.machine;  // and on a pod machine it is slices
  std::string out;
  for (const ParamDef& p : params()) {
    const std::string v = p.get(s);
    if (v == p.get(p.default_follows_size ? dflt : d) || (p.means_default && p.means_default(s))) continue;
    if (!out.empty()) out += '&';
    out += std::string(p.key) + "=" + url_encode(v);
  }
  return out;
}

Result<Scenario> parse_link(std::string_view link) {
  if (link.size() > 65536) return Error{"link: longer than 65536 characters"};
  if (!link.empty() && link.front() == '#') link.remove_prefix(1);
  Scenario s;
  std::size_t start = 0;
  while (start <= link.size()) {
    std::size_t end = link.find('&', start);
    if (end == std::string_view::npos) end = link.size();
    const std::string_view part = link.substr(start, end - start);
    if (!part.empty()) {
      const auto eq = part.find('=');
      if (eq == std::string_view::npos || eq == 0)
        return Error{"link: '" + std::string(part.substr(0, 64)) + "' is not key=value"};
      auto k = url_decode(part.substr(0, eq));
      if (!k) return k.error();
      auto v = url_decode(part.substr(eq + 1));
      if (!v) return v.error();
      if (Status st = apply(s, *k, *v); !st) return st.error();
    }
    if (end == link.size()) break;
    start = end + 1;
  }
  return s;
}

Status apply_file_text(Scenario& s, std::string_view text, std::string_view source) {
  Status result;
  for_each_line(text, [&](std::string_view line, long long no) {
    if (const auto h = line.find('#'); h != std::string_view::npos) line = line.substr(0, h);
    line = trim_space(line);
    if (line.empty()) return true;
    // spaces around '=' are allowed in files
    const auto eq = line.find('=');
    Status st = eq == std::string_view::npos ? apply_pair(s, line)
                                             : apply(s, trim_space(line.substr(0, eq)), trim_space(line.substr(eq + 1)));
    if (!st) result = Error{std::string(source) + " line " + std::to_string(no) + ": " + st.message()};
    return bool(st);
  });
  return result;
}

}  // namespace alloclab
