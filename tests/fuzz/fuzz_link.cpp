// fuzz_link.cpp — libFuzzer target for the scenario codec: the input is read both as a share
// link (parse_link) and as scenario-file text (apply_file_text). Every scenario that parses is
// validated; a valid one must survive the canonical round trip (parse_link(canonical_link(s))
// gives the same canonical link), and a valid *small* one (small machine, no trace) is also
// simulated for a few jobs with check=1, so the invariant checks run on odd parameters.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include "core/check.hpp"
#include "scenario/scenario.hpp"
#include "simulation.hpp"

using namespace alloclab;

namespace {

void round_trip(const Scenario& s) {
  const std::string link = canonical_link(s);
  auto again = parse_link(link);
  ALLOCLAB_CHECK(again.ok(), "canonical link '%s' does not parse: %s", link.c_str(), again.error().message.c_str());
  const std::string link2 = canonical_link(*again);
  ALLOCLAB_CHECK(link == link2, "round trip changed the link: '%s' -> '%s'", link.c_str(), link2.c_str());
}

void small_run(Scenario s) {
  if (!s.trace.empty() || (long long)s.width * s.height > 64) return;
  if (s.network() && ((long long)s.width * s.height > 16 || s.packet_flits > 16 || s.comm_iterations > 2)) return;
  s.jobs = s.jobs > 0 && s.jobs < 4 ? s.jobs : 4;
  s.warmup = s.warmup < 1 ? s.warmup : 1;
  s.replications = 1;
  s.check = 1;
  auto sim = Simulation::create(s, 0);
  ALLOCLAB_CHECK(sim.ok(), "a validated scenario failed to create: %s", sim.error().message.c_str());
  long long steps = 0;
  while (sim->step() && ++steps < 200000) {
  }
  if (sim->done() && sim->status().ok()) (void)sim->results();
}

void check(Result<Scenario> r) {
  if (!r) return;
  if (!validate(*r)) return;
  round_trip(*r);
  small_run(*r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check(parse_link(text));
  Scenario s;
  if (apply_file_text(s, text, "fuzz")) check(Result<Scenario>(s));
  return 0;
}
