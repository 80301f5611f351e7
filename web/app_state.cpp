// app_state.cpp — scenario loading, playback and the per-frame time budget (see app_state.hpp).
#include "app_state.hpp"
#include <algorithm>
#include <chrono>

namespace alloclab::app {

AppState::AppState() : scenario_() {
  auto s = Simulation::create(scenario_, 0);
  if (s) sim_.emplace(std::move(*s));
  else error_ = s.error().message;  // cannot happen: the default scenario is valid
}

Status AppState::load(const Scenario& s) {
  if (Status st = validate(s); !st) { error_ = st.message(); return st; }
  auto sim = Simulation::create(s, 0);
  if (!sim) { error_ = sim.error().message; return sim.error(); }
  scenario_ = s;
  sim_.emplace(std::move(*sim));
  ++generation_;
  link_changed_ = true;
  carry_ = 0;
  events_ = 0;
  util_hist_.clear();
  error_.clear();
  return {};
}

Status AppState::load_link(std::string_view link) {
  auto s = parse_link(link);
  if (!s) { error_ = s.error().message; return s.error(); }
  return load(*s);
}

void AppState::reset() {
  auto sim = Simulation::create(scenario_, 0);
  if (!sim) { error_ = sim.error().message; return; }
  sim_.emplace(std::move(*sim));
  ++generation_;
  carry_ = 0;
  events_ = 0;
  util_hist_.clear();
}

bool AppState::step_sim() {
  if (sim_->done()) return false;
  const bool more = sim_->step();
  ++events_;
  if (!sim_->status().ok()) { error_ = sim_->status().message(); playing = false; return false; }
  return more;
}

void AppState::step_once() {
  playing = false;
  step_sim();
}

void AppState::advance(double dt) {
  using clock = std::chrono::steady_clock;
  last_sim_ms_ = 0;
  if (!playing) return;
  if (sim_->done()) {
    if (repeat && sim_->status().ok()) reset();
    return;
  }
  // Events owed this frame; a long stall (tab in background) must not pile up work.
  carry_ += speed * std::clamp(dt, 0.0, 0.1);
  long long want = max_speed ? (1LL << 40) : (long long)carry_;
  carry_ -= double(max_speed ? 0 : want);
  const auto t0 = clock::now();
  const auto deadline = t0 + std::chrono::duration<double, std::milli>(budget_ms);
  // Check the clock every few events only: a single event costs microseconds.
  for (long long done = 0; done < want && !sim_->done();) {
    const long long chunk = std::min<long long>(want - done, 16);
    for (long long k = 0; k < chunk && step_sim(); ++k) {}
    done += chunk;
    if (clock::now() >= deadline) { carry_ = 0; break; }
  }
  last_sim_ms_ = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
  const Occupancy& occ = sim_->occupancy();
  util_hist_.push(float(occ.busy_count()) / float(occ.topology().nodes()));
}

}  // namespace alloclab::app
