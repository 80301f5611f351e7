// page_api.cpp — window.alloclab, the URL fragment, clipboard, downloads and the trace picker
// (see page_api.hpp). The JS parts are EM_JS functions; the C entry points they call are
// exported with EMSCRIPTEN_KEEPALIVE and take the AppState pointer that JS received at install
// time (no globals on the C++ side). Nothing from the URL or a file is ever put into the page
// as HTML: text goes to C++ or to textContent only.
//
// Sections, in order:
//   commands            run_json_for_link; the table kPageCommands (the hooks
//                       behind window.alloclab: modes, keys, playback, pins, Explain, Compare,
//                       Sweep, state() as JSON, help) that page_command dispatches on;
//                       page_load_trace_file
//   C entry points      alloclab_run_json, alloclab_frame_times, alloclab_hash_changed,
//                       alloclab_command, alloclab_load_trace (exported for the JS side)
//   JS side             EM_JS: the fragment, window.alloclab's install, clipboard, downloads,
//                       the trace file picker
//   front-end bridges   page_link, page_set_link, page_install_api, page_copy_link,
//                       page_download, page_can_pick_files, page_pick_trace,
//                       page_load_builtin_trace (web and native)
#include "page_api.hpp"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <fstream>
#include "core/text.hpp"
#include "page_facts.hpp"
#include "presets.hpp"
#include "sweep/axis.hpp"
#include "run_json.hpp"
#include "version.hpp"
#include "windows.hpp"
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include <SDL.h>
#endif

namespace alloclab::app {

Result<std::string> run_json_for_link(const std::string& link) {
  auto s = parse_link(link);
  if (!s) return s.error();
  if (Status st = validate(*s); !st) return st.error();
  return run_json_timed(*s);
}

std::string engine_version() { return kVersion; }

namespace {

// state(): the page's state as one JSON object (mode, playback, queue, pins, Compare, Sweep,
// replications, trace, traffic view, Explain's step).
std::string state_json(AppState& state) {
  const Simulation& sim = state.sim();
  std::string times;
  for (const auto& r : state.compare_runs()) {
    char b2[40];
    std::snprintf(b2, sizeof b2, "%s%.17g", times.empty() ? "" : ",", r ? r->now() : -1.0);
    times += b2;
  }
  char buf[2048];
  std::snprintf(buf, sizeof buf,
                "{\"mode\":\"%s\",\"playing\":%s,\"now\":%.17g,\"events\":%lld,\"done\":%s,\"running\":%zu,"
                "\"queue\":%zu,\"pinned\":%d,\"pinnedTraffic\":{\"job\":%d,\"channels\":%d,\"held\":%d,\"flits\":%d},"
                "\"history\":%zu,\"compareRuns\":%zu,\"compareTimes\":[%s],"
                "\"sweep\":{\"running\":%s,\"done\":%d,\"total\":%d,\"progress\":%.4f},"
                "\"replications\":{\"running\":%s,\"done\":%d,\"total\":%d},\"trace\":\"%s\",\"traceJobs\":%zu,\"traceLastArrival\":%.17g,"
                "\"traffic\":\"%s\"}",
                mode_name(state.mode()), state.playback().playing() ? "true" : "false", sim.now(), state.events(), sim.done() ? "true" : "false",
                sim.running().size(), sim.queue_length(), state.pin().job(), state.report().pinned_traffic().job, state.report().pinned_traffic().channels,
                state.report().pinned_traffic().held, state.report().pinned_traffic().flits, state.history().samples().size(),
                state.compare_runs().size(),
                times.c_str(),
                state.sweep().running() ? "true" : "false", state.sweep().tasks_done(), state.sweep().tasks_total(), state.sweep().progress(),
                state.replications().running() ? "true" : "false", state.replications().tasks_done(), state.replications().tasks_total(),
                state.scenario().trace.find('"') == std::string::npos ? state.scenario().trace.c_str() : "?",
                state.scenario().trace_data ? state.scenario().trace_data->jobs.size() : std::size_t(0),
                state.scenario().trace_data && !state.scenario().trace_data->jobs.empty() ? state.scenario().trace_data->jobs.back().arrival : 0.0,
                state.report().traffic_view());
  // Explain mode's step as the window showed it last frame
  std::string out(buf);
  out.pop_back();
  const ExplainCursor& ex = state.explain_cursor();
  char b3[64];
  std::snprintf(b3, sizeof b3, ",\"step\":%d,\"steps\":%d", ex.step(), ex.steps());
  char b5[64];
  std::snprintf(b5, sizeof b5, ",\"historyGap\":%.6g", state.history().largest_gap());
  out += b5;
  // the Mesh window's canvas as drawn last frame (page pixels), its zoom, the layers it shows
  // and the node under the mouse
  const FrameReport::Mesh& mv = state.report().mesh();
  // the failed host under the mouse (pods, host_mtbf; -1: none), and the failed hosts now
  const HostFailures* hosts = sim.hosts();
  const int failed_host = hosts && mv.hover == kFailedHost && mv.hx >= 0 ? host_at(hosts->pod(), mv.hx, mv.hy, std::max(0, mv.hz)) : -1;
  char b4[512];
  std::snprintf(b4, sizeof b4,
                ",\"mesh\":{\"drawn\":%s,\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f,\"zoom\":%.3f,\"layers\":{\"first\":%d,"
                "\"count\":%d,\"depth\":%d,\"tiles\":%d,\"cubes\":%s},\"hover\":{\"x\":%d,\"y\":%d,\"z\":%d,\"job\":%d,"
                "\"failedHost\":%d},\"failedHosts\":%d,\"hostChanges\":%lld,\"header\":{\"busy\":%d,\"failed\":%d},\"repaints\":%zu,\"tileRects\":[",
                mv.drawn ? "true" : "false", double(mv.x0), double(mv.y0), double(mv.x1 - mv.x0), double(mv.y1 - mv.y0), double(mv.zoom),
                mv.first, mv.count, mv.depth, mv.tiles, mv.cubes ? "true" : "false", mv.hx, mv.hy, mv.hz, mv.hover, failed_host,
                hosts ? hosts->failed_hosts() : 0, hosts ? hosts->changes() : 0LL, mv.header_busy, mv.header_failed, mv.repaints);
  out += b4;
  for (int i = 0; i < std::min(mv.tiles, FrameReport::Mesh::kTiles); ++i) {  // [x0, y0, x1, y1, z] in page pixels
    const auto& r = mv.tile_rect[std::size_t(i)];
    std::snprintf(b4, sizeof b4, "%s[%.1f,%.1f,%.1f,%.1f,%d]", i ? "," : "", double(r[0]), double(r[1]), double(r[2]), double(r[3]),
                  mv.tile_z[std::size_t(i)]);
    out += b4;
  }
  out += "]";
  // the share of busy nodes; the 3D view (orbit_canvas.hpp): drawn instead of the layers, its
  // camera, cut, boxes, faces
  const OrbitView& ov = state.orbit();
  std::snprintf(b4, sizeof b4,
                ",\"busy\":%.4f,\"orbit\":{\"on\":%s,\"drawn\":%s,\"yaw\":%.3f,\"pitch\":%.3f,\"zoom\":%.3f,\"top\":%d,\"boxes\":%d,"
                "\"faces\":%d,\"exact\":%s,\"ms\":%.3f,\"sorts\":%lld,\"sortFrames\":%lld,\"replays\":%lld}}",
                double(sim.occupancy().busy_count()) / double(sim.occupancy().topology().nodes()), ov.three_d ? "true" : "false",
                mv.orbit ? "true" : "false", double(ov.yaw), double(ov.pitch), double(ov.zoom), mv.top, mv.boxes, mv.faces,
                mv.exact ? "true" : "false", double(mv.orbit_ms), mv.sorts, mv.sort_frames, mv.replays);
  out += b4;
  // appended piecewise (a chain of operator+ trips GCC 12's false -Wrestrict warning)
  out += ",\"explain\":{\"strategy\":";
  out += json_string(ex.strategy());
  out += b3;
  out += ",\"title\":";
  out += json_string(ex.title());
  out += ",\"caption\":";
  out += json_string(ex.caption());
  out += "}}";
  return out;
}

// "a,b,c" -> {"a", "b", "c"} (empty parts dropped).
std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  for (char ch : text + ",") {
    if (ch != ',') { part += ch; continue; }
    if (!part.empty()) parts.push_back(part);
    part.clear();
  }
  return parts;
}

std::string status_text(const Status& st) { return st ? std::string() : st.message(); }

std::string timing_json(AppState& state) {  // recent frames' work in parts: simulation, UI building, draw-list submission (ms)
  std::string out = "{";
  const char* names[3] = {"sim", "build", "submit"};
  for (int k = 0; k < 3; ++k) {
    const auto& r = state.timing().part_history(k);
    out += std::string(k ? "," : "") + "\"" + names[k] + "\":[";
    for (std::size_t i = 0; i < r.size(); ++i) {
      char b[24];
      std::snprintf(b, sizeof b, "%s%.3f", i ? "," : "", r.at(i));
      out += b;
    }
    out += "]";
  }
  return out + "}";
}

std::string gantt_json(AppState& state) {  // what the Gantt window drew last frame
  const FrameReport::Gantt& g = state.report().gantt();
  char b[400];
  std::snprintf(b, sizeof b,
                "{\"bars\":%d,\"hovered\":%d,\"pinned\":%d,\"bar\":{\"job\":%d,\"x\":%.1f,\"y\":%.1f,\"h\":%.3f,\"nodes\":%d,"
                "\"rgb\":[%u,%u,%u]},\"perNode\":%.5f,\"area\":{\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f}}",
                g.bars, g.hovered, state.pin().job(), g.bar_job, double(g.bar_x), double(g.bar_y), double(g.bar_h), g.bar_nodes,
                g.bar_rgb >> 16, g.bar_rgb >> 8 & 0xff, g.bar_rgb & 0xff, double(g.per_node), double(g.x0), double(g.y0),
                double(g.x1 - g.x0), double(g.y1 - g.y0));
  return b;
}

// meshView: the layers or the 3D view, its camera and cut, as the Mesh window's controls set them.
std::string mesh_view_command(AppState& state, const std::string& arg) {
  OrbitView& v = state.orbit();
  if (arg == "layers" || arg == "3d") {
    v.three_d = arg == "3d";
  } else if (arg == "reset") {
    v.reset();
  } else if (arg.rfind("cut=", 0) == 0) {
    v.cut = std::atoi(arg.c_str() + 4);
  } else if (arg.rfind("orbit=", 0) == 0 && arg.find(',') != std::string::npos) {
    v.reset();
    v.orbit(float(std::atof(arg.c_str() + 6)) - v.yaw, float(std::atof(arg.c_str() + arg.find(',') + 1)) - v.pitch);
  } else {
    return "meshView: '" + arg + "' is not one of layers, 3d, reset, cut=K, orbit=YAW,PITCH";
  }
  return "";
}

std::string compare_command(AppState& state, const std::string& arg) {
  const std::vector<std::string> ids = split_commas(arg);
  if (ids.size() < 2 || ids.size() > 4) return "compare: 2 to 4 strategies";
  for (const auto& id : ids) if (!find_strategy(id)) return "compare: unknown strategy '" + id + "'";
  state.set_compare_ids(ids);
  state.restart_compare();
  return "";
}

// "ff,bf|0.01,0.02|2[|KEY]": strategies | values (bare numbers allowed) | replications [| the
// swept key, arrival by default], then start.
std::string sweep_command(AppState& state, const std::string& arg) {
  const auto parts = split_on(arg, '|');
  if (parts.size() < 3 || parts.size() > 4) return "sweep: strategies|values|replications[|key]";
  SweepSettings set;
  set.ids = split_commas(parts[0]);
  set.key = parts.size() == 4 ? parts[3] : "arrival";
  auto vals = axis_values(state.scenario(), set.key, parts[1]);
  if (!vals) return vals.error().message;
  set.values = std::move(*vals);
  set.replications = std::clamp(std::atoi(parts[2].c_str()), 1, 1000);
  if (set.ids.empty()) return "sweep: no strategies";
  state.set_sweep_settings(std::move(set));
  state.start_sweep();
  return "";
}

// What the Compare window shows per metric: each strategy's paired verdict against the first,
// the best run of the single-run table and every run's value (JSON).
std::string compare_verdicts(AppState& state, const std::string&) {
  const auto& ids = state.compare_ids();
  const PairedTable t = paired_table(state.compare_paired());
  std::string paired = "{";
  for (std::size_t i = 1; i < t.done.size() && i < ids.size(); ++i) {
    if (!t.done[i]) continue;
    paired += std::string(paired.size() > 1 ? "," : "") + json_string(ids[i]) + ":{";
    bool first = true;
    for (const MetricField& f : metric_fields(metric_rows(state.scenario().pod()))) {
      paired += std::string(first ? "" : ",") + json_string(std::string(f.name)) + ":" + json_string(verdict_text(t.verdict(f, i)));
      first = false;
    }
    paired += "}";
  }
  const auto& runs = state.compare_runs();
  std::vector<Results> res(runs.size());
  std::vector<char> have(runs.size(), 0);
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (runs[i]) res[i] = runs[i]->results(), have[i] = 1;
  std::string best = "{", values = "{";
  for (const MetricField& f : metric_fields(metric_rows(state.scenario().pod()))) {
    const int b = best_run(f, res, have);
    best += std::string(best.size() > 1 ? "," : "") + json_string(std::string(f.name)) + ":" +
            json_string(b >= 0 && std::size_t(b) < ids.size() ? ids[std::size_t(b)] : "");
    values += std::string(values.size() > 1 ? "," : "") + json_string(std::string(f.name)) + ":[";
    for (std::size_t i = 0; i < res.size(); ++i) {
      char buf[40];
      std::snprintf(buf, sizeof buf, "%s%.17g", i ? "," : "", have[i] ? res[i].*f.member : 0.0);
      values += buf;
    }
    values += "]";
  }
  return "{\"paired\":" + paired + "},\"best\":" + best + "},\"values\":" + values + "}}";
}

// The engine's metric table as the scenario prints it (the pod rows on a pod machine): name,
// direction, help (JSON).
std::string metrics_json(AppState& state, const std::string&) {
  std::string out = "[";
  for (const MetricField& f : metric_fields(metric_rows(state.scenario().pod())))
    out += std::string(out.size() > 1 ? "," : "") + "{\"name\":" + json_string(std::string(f.name)) + ",\"better\":" +
           json_string(std::string(better_text(f.better))) + ",\"help\":" + json_string(std::string(f.help)) + "}";
  return out + "]";
}

// The card shown: the loaded preset's #: lines (JSON; "" when none).
std::string lesson_json(AppState& state, const std::string&) {
  const Preset* p = find_preset(state.lesson());
  if (!p) return "";
  auto pt = preset_first_point(*p);
  if (!pt) return pt.error().message;
  const PresetInfo& i = pt->info;
  return "{\"name\":" + json_string(state.lesson()) + ",\"title\":" + json_string(i.title) + ",\"paper\":" + json_string(i.paper) +
         ",\"figure\":" + json_string(i.figure) + ",\"mode\":" + json_string(i.mode) + ",\"x\":" + json_string(i.x) +
         ",\"shows\":" + json_string(i.shows) + ",\"look\":" + json_string(i.look) + ",\"paper_says\":" + json_string(i.paper_says) +
         ",\"ours\":" + json_string(i.ours) + "}";
}

std::string help_text(AppState&, const std::string&);

// The UI's actions: page_command dispatches on `name`; command("help") and the unknown-command
// error list the rows.
const PageCommand kPageCommands[] = {
    {.name = "setMode", .arg = "Run|Compare|Sweep|Explain", .summary = "switch mode",
     .run = [](AppState& s, const std::string& arg) -> std::string {
       auto m = mode_from_name(arg);
       if (!m) return "unknown mode '" + arg + "' (Run, Compare, Sweep, Explain)";
       s.set_mode(*m);
       return "";
     }},
    {.name = "mode", .arg = "", .summary = "the current mode",
     .run = [](AppState& s, const std::string&) -> std::string { return mode_name(s.mode()); }},
    {.name = "link", .arg = "", .summary = "the scenario's canonical link",
     .run = [](AppState& s, const std::string&) { return s.link(); }},
    {.name = "timing", .arg = "", .summary = "recent frames' work in ms: sim, build, submit (JSON)",
     .run = [](AppState& s, const std::string&) { return timing_json(s); }},
    {.name = "setParam", .arg = "KEY=VALUE", .summary = "set one key (as the Setup panel does; the run restarts)",
     .run = [](AppState& s, const std::string& arg) -> std::string {
       const auto eq = arg.find('=');
       if (eq == std::string::npos) return "'" + arg + "' is not key=value";
       return status_text(s.set_param(arg.substr(0, eq), arg.substr(eq + 1)));
     }},
    {.name = "play", .arg = "", .summary = "start playback",
     .run = [](AppState& s, const std::string&) -> std::string { s.playback().play(); return ""; }},
    {.name = "pause", .arg = "", .summary = "pause playback",
     .run = [](AppState& s, const std::string&) -> std::string { s.playback().pause(); return ""; }},
    {.name = "step", .arg = "", .summary = "one event",
     .run = [](AppState& s, const std::string&) -> std::string { s.step_once(); return ""; }},
    {.name = "reset", .arg = "", .summary = "back to time 0",
     .run = [](AppState& s, const std::string&) -> std::string { s.reset(); return ""; }},
    {.name = "runToEnd", .arg = "", .summary = "run the scenario to its end",
     .run = [](AppState& s, const std::string&) -> std::string { s.run_to_end(); return ""; }},
    {.name = "speed", .arg = "EVENTS_PER_SECOND|max", .summary = "playback speed",
     .run = [](AppState& s, const std::string& arg) -> std::string {
       s.playback().set_speed(std::atof(arg.c_str()));
       s.playback().set_max_speed(arg == "max");
       return "";
     }},
    {.name = "explainStep", .arg = "next|prev|INDEX", .summary = "Explain mode: move to a step (0-based)",
     .run = [](AppState& s, const std::string& arg) -> std::string {
       if (arg == "next") s.explain_cursor().next();
       else if (arg == "prev") s.explain_cursor().prev();
       else s.explain_cursor().go(std::atoi(arg.c_str()));
       return "";
     }},
    {.name = "pin", .arg = "JOB", .summary = "pin a job (-1: none)",
     .run = [](AppState& s, const std::string& arg) -> std::string { s.pin().set(JobId(std::atoi(arg.c_str()))); return ""; }},
    {.name = "meshView", .arg = "layers|3d|reset|cut=K|orbit=YAW,PITCH", .summary = "the Mesh window's view of a 3D machine (cut=-1: every layer)",
     .run = mesh_view_command},
    {.name = "gantt", .arg = "", .summary = "what the Gantt window drew last frame (JSON)",
     .run = [](AppState& s, const std::string&) { return gantt_json(s); }},
    {.name = "firstDifference", .arg = "", .summary = "Compare: the `alloclab diff` JSON, runs stopped there",
     .run = [](AppState& s, const std::string&) -> std::string {
       if (Status st = s.first_difference(); !st) return st.message();
       return s.first_diff_json();
     }},
    {.name = "presets", .arg = "", .summary = "the preset names, one per line",
     .run = [](AppState&, const std::string&) {
       std::string out;
       for (const Preset& p : presets()) out += std::string(p.name) + "\n";
       return out;
     }},
    {.name = "loadPreset", .arg = "NAME", .summary = "load a preset",
     .run = [](AppState& s, const std::string& arg) { return status_text(load_preset(s, arg)); }},
    {.name = "compare", .arg = "ID,ID[,ID[,ID]]", .summary = "Compare 2 to 4 strategies", .run = compare_command},
    {.name = "sweep", .arg = "IDS|VALUES|REPLICATIONS[|KEY]", .summary = "start a sweep (e.g. ff,bf|0.01,0.02|2, or ff|4,8|2|service)",
     .run = sweep_command},
    {.name = "compareVerdicts", .arg = "", .summary = "Compare: paired verdicts, best run and values per metric (JSON)",
     .run = compare_verdicts},
    {.name = "metrics", .arg = "", .summary = "the metric table: name, direction, help (JSON)", .run = metrics_json},
    {.name = "shareLink", .arg = "", .summary = "the link with the page keys (mode, compare, sweep_*)",
     .run = [](AppState& s, const std::string&) { return s.share_link(); }},
    {.name = "sweepAxis", .arg = "", .summary = "the x-axis label the Sweep window drew last",
     .run = [](AppState& s, const std::string&) { return s.report().sweep_axis(); }},
    {.name = "lesson", .arg = "", .summary = "the loaded preset's card (JSON)", .run = lesson_json},
    {.name = "cancelSweep", .arg = "", .summary = "stop the sweep",
     .run = [](AppState& s, const std::string&) -> std::string { s.cancel_sweep(); return ""; }},
    {.name = "startReplications", .arg = "", .summary = "run the scenario's replications",
     .run = [](AppState& s, const std::string&) -> std::string { s.start_replications(); return ""; }},
    {.name = "resultsCsv", .arg = "", .summary = "the Results window as CSV",
     .run = [](AppState& s, const std::string&) { return results_csv(results_source(s)); }},
    {.name = "resultsJson", .arg = "", .summary = "the Results window as JSON",
     .run = [](AppState& s, const std::string&) { return results_json_text(results_source(s)); }},
    {.name = "sweepCsv", .arg = "", .summary = "the sweep's CSV",
     .run = [](AppState& s, const std::string&) { return s.sweep().csv(); }},
    {.name = "compareCsv", .arg = "", .summary = "Compare with replications: the --baseline CSV",
     .run = [](AppState& s, const std::string&) { return s.compare_paired_csv(); }},
    {.name = "sweepWords", .arg = "", .summary = "the sweep as `alloclab sweep` words after the scenario's keys, one per line",
     .run = [](AppState& s, const std::string&) {
       std::string out;
       for (const std::string& w : s.sweep_words()) out += (out.empty() ? "" : "\n") + w;
       return out;
     }},
    {.name = "plots", .arg = "", .summary = "the charts drawn last frame: rectangles, axes, ticks, legend, bars (JSON)",
     .run = [](AppState& s, const std::string&) { return plots_json(s.report()); }},
    {.name = "controls", .arg = "", .summary = "the traffic checkbox, speed slider, Gantt axes and Explain coordinates drawn last frame (JSON)",
     .run = [](AppState& s, const std::string&) { return controls_json(s.report()); }},
    {.name = "layout", .arg = "", .summary = "the windows drawn last frame, their overflow, the menu bar's width, tabs, the narrow strip (JSON)",
     .run = [](AppState& s, const std::string&) { return layout_json(s.report()); }},
    {.name = "state", .arg = "", .summary = "the page's state (JSON)",
     .run = [](AppState& s, const std::string&) { return state_json(s); }},
    {.name = "help", .arg = "", .summary = "this list: one line per command", .run = help_text},
};

std::string command_names() {
  std::string s;
  for (const PageCommand& c : kPageCommands) s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

std::string help_text(AppState&, const std::string&) {
  std::string out;
  for (const PageCommand& c : kPageCommands)
    out += std::string(c.name) + (c.arg.empty() ? "" : " " + std::string(c.arg)) + " - " + std::string(c.summary) + "\n";
  return out;
}

}  // namespace

std::span<const PageCommand> page_commands() { return kPageCommands; }

std::string page_command(AppState& state, const std::string& name, const std::string& arg) {
  for (const PageCommand& c : kPageCommands)
    if (c.name == name) return c.run(state, arg);
  return "unknown command '" + name + "'; commands: " + command_names();
}

void page_load_trace_file(AppState& state, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) { state.set_error("trace: cannot read '" + path + "'"); return; }
  std::ostringstream ss;
  ss << in.rdbuf();
  (void)state.load_trace(path, ss.str());
}

namespace {
// A malloc'd copy for JS (which frees it with _free).
char* to_js(const std::string& s) {
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (p) std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}
}  // namespace

}  // namespace alloclab::app

// ---- C entry points for window.alloclab (exported; JS passes back the AppState pointer)
extern "C" {

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_run_json(const char* link, int* ok) {
  auto r = alloclab::app::run_json_for_link(link ? link : "");
  *ok = r ? 1 : 0;
  return alloclab::app::to_js(r ? *r : r.error().message);
}

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_link(const alloclab::app::AppState* state) { return alloclab::app::to_js(state->link()); }

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
int alloclab_frame_times(const alloclab::app::AppState* state, float* out, int cap) {
  const auto& ring = state->timing().frame_ms();
  const int n = int(ring.size()) < cap ? int(ring.size()) : cap;
  for (int i = 0; i < n; ++i) out[i] = ring.at(ring.size() - std::size_t(n) + std::size_t(i));
  return n;
}

#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_error(const alloclab::app::AppState* state) { return alloclab::app::to_js(state->error()); }

// A manual edit of the fragment: load it (errors go to the error panel; the old scenario stays).
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void alloclab_hash_changed(alloclab::app::AppState* state, const char* link) {
  if (link && state->share_link() != link) (void)state->load_link(link);
}

// window.alloclab.command(name, arg): the UI's actions (page_command).
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_command(alloclab::app::AppState* state, const char* name, const char* arg) {
  return alloclab::app::to_js(alloclab::app::page_command(*state, name ? name : "", arg ? arg : ""));
}

// The text of a trace file chosen in the page: parsed by the engine and loaded; returns the
// error message ("" when loaded), which also goes to the error panel.
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_load_trace(alloclab::app::AppState* state, const char* name, const char* text) {
  const alloclab::Status st = state->load_trace(name ? name : "trace.csv", text ? text : "");
  return alloclab::app::to_js(st ? std::string() : st.message());
}

// The same for bytes already inflated by the page (a .swf.gz through DecompressionStream) in a
// malloc'd buffer of n bytes; header != 0: a shipped log (AppState::load_trace's shipped_log:
// it replays on its machine, the Paragon on its 26x16 mesh, the T3D on its 8x4x4 torus with a
// strategy that runs there). Returns the error message ("" when loaded).
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
char* alloclab_load_trace_bytes(alloclab::app::AppState* state, const char* name, const char* bytes, double n, int header) {
  const alloclab::Status st = state->load_trace(name ? name : "trace.csv", std::string_view(bytes, std::size_t(n)), header != 0);
  return alloclab::app::to_js(st ? std::string() : st.message());
}

// A trace the page could not read (a fetch or gzip failure): shown in the error panel.
#ifdef __EMSCRIPTEN__
EMSCRIPTEN_KEEPALIVE
#endif
void alloclab_trace_error(alloclab::app::AppState* state, const char* message) { state->set_error(message ? message : ""); }

}  // extern "C"

#ifdef __EMSCRIPTEN__
// clang-format off
EM_JS(char*, js_page_link, (), {
  var h = window.location.hash || "";
  if (h.charAt(0) === "#") h = h.substring(1);
  var n = lengthBytesUTF8(h) + 1;
  var p = _malloc(n);
  stringToUTF8(h, p, n);
  return p;
});

EM_JS(void, js_page_set_link, (const char* link), {
  var l = UTF8ToString(link);
  var url = window.location.pathname + window.location.search + (l ? "#" + l : "");
  try { window.history.replaceState(window.history.state, "", url); } catch (e) { console.error(e); }
});

EM_JS(void, js_install_api, (void* state, const char* version), {
  var take = function (p) { var s = UTF8ToString(p); _free(p); return s; };
  // Strings go to C through _malloc, not ccall's "string" (which copies onto the wasm stack:
  // a multi-megabyte fragment or argument would overflow it).
  var put = function (s) {
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    if (!p) throw new Error("alloclab: out of memory for a " + s.length + "-character string");
    stringToUTF8(s, p, n);
    return p;
  };
  // window.alloclab was created by web/api_pre.js; fill it in place (references stay valid).
  var api = window.alloclab || (window.alloclab = {});
  Object.assign(api, {
    ready: false,
    version: UTF8ToString(version),
    // The `alloclab run` JSON text for a link (a string; "" or undefined = the default
    // scenario); throws a TypeError for anything else and an Error with the engine's message
    // for a bad link.
    runJson: function (link) {
      if (link === undefined) link = "";
      if (typeof link !== "string")
        throw new TypeError("alloclab.runJson: the link must be a string, not " + (link === null ? "null" : typeof link));
      if (link.length > 65536) throw new Error("link: longer than 65536 characters");
      var okp = _malloc(4), lp = 0;
      try {
        lp = put(link);
        var out = _alloclab_run_json(lp, okp);
        var ok = getValue(okp, "i32");
        var text = take(out);
        if (!ok) throw new Error(text);
        return text;
      } finally { _free(okp); if (lp) _free(lp); }
    },
    // The canonical link of the scenario shown in the panels.
    link: function () { return take(_alloclab_link(state)); },
    // The message shown in the error panel ("" when none).
    error: function () { return take(_alloclab_error(state)); },
    // Recent frame *work* times in milliseconds, oldest first: simulation budget + ImGui
    // building + draw-list submission, measured in C++ (not the swap interval).
    frameStats: function () {
      var cap = 240, buf = _malloc(cap * 4);
      try {
        var n = _alloclab_frame_times(state, buf, cap);
        var a = [];
        for (var i = 0; i < n; ++i) a.push(getValue(buf + i * 4, "float"));
        return a;
      } finally { _free(buf); }
    }
  });
  var command = function (name, arg) {
    return take(ccall("alloclab_command", "number", ["number", "string", "string"], [state, String(name), arg === undefined ? "" : String(arg)]));
  };
  var fail = function (msg) { if (msg) throw new Error(msg); return true; };
  Object.assign(api, {
    // The UI's actions (the same C++ functions the windows call); test hooks and scripting.
    command: command,
    setMode: function (m) { return fail(command("setMode", m)); },
    mode: function () { return command("mode"); },
    setParam: function (k, v) { return fail(command("setParam", k + "=" + v)); },
    state: function () { return JSON.parse(command("state")); },
    // Recent frames' work split into {sim, build, submit} arrays (ms), oldest first.
    frameParts: function () { return JSON.parse(command("timing")); },
    presets: function () { return command("presets").split("\n").filter(function (x) { return x; }); },
    loadPreset: function (n) { return fail(command("loadPreset", n)); },
    resultsCsv: function () { return command("resultsCsv"); },
    resultsJson: function () { return command("resultsJson"); },
    sweepCsv: function () { return command("sweepCsv"); },
    compareCsv: function () { return command("compareCsv"); },
    // Loads trace text (SWF if the name ends in .swf, else CSV); throws the engine's message.
    loadTrace: function (name, text) {
      return fail(take(ccall("alloclab_load_trace", "number", ["number", "string", "string"], [state, String(name), String(text)])));
    },
    // Bytes of a trace (a stream; .gz names inflated by the browser's DecompressionStream) into
    // the engine; resolves to "" or the error message (which the error panel shows too).
    _loadStream: function (name, stream, header) {
      var s = /\.gz$/i.test(name) ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
      return new Response(s).arrayBuffer().then(function (buf) {
        var bytes = new Uint8Array(buf);
        var p = _malloc(bytes.length + 1);
        HEAPU8.set(bytes, p);
        try {
          return take(ccall("alloclab_load_trace_bytes", "number", ["number", "string", "number", "number", "number"],
                            [state, String(name), p, bytes.length, header ? 1 : 0]));
        } finally { _free(p); }
      }, function (e) {
        var m = "trace " + name + ": " + (/\.gz$/i.test(name) ? "corrupt or truncated gzip data"
                                                                   : "cannot read the file (" + (e && e.message ? e.message : e) + ")");
        ccall("alloclab_trace_error", null, ["number", "string"], [state, m]);
        return m;
      });
    },
    // A log shipped with the site (traces/FILE, log_machines.hpp): fetched, inflated, loaded
    // with swf_size=header. Resolves to "" or the error message.
    loadBuiltinTrace: function (file) {
      return fetch("traces/" + file).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return api._loadStream(file, r.body, true);
      }).catch(function (e) {
        var m = "trace " + file + ": cannot fetch it from the site (" + (e && e.message ? e.message : e) + ")";
        ccall("alloclab_trace_error", null, ["number", "string"], [state, m]);
        return m;
      });
    },
    // The file picker: an <input type=file> created on first use, never shown; its file's
    // bytes (.swf.gz inflated in the browser) go to C++ (errors appear in the error panel).
    pickTrace: function () {
      var input = api._traceInput;
      if (!input) {
        input = document.createElement("input");
        input.type = "file";
        input.accept = ".swf,.gz,.csv,.txt";
        input.style.display = "none";
        input.addEventListener("change", function () {
          var f = input.files && input.files[0];
          if (!f) return;
          api._loadStream(f.name, f.stream(), false);
          input.value = "";
        });
        document.body.appendChild(input);
        api._traceInput = input;
      }
      input.click();
    },
    copyLink: function () { return api._copy(command("link")); },
    download: function (kind) {
      var map = { csv: ["alloclab-results.csv", "text/csv", "resultsCsv"], json: ["alloclab-results.json", "application/json", "resultsJson"],
                  sweep: ["alloclab-sweep.csv", "text/csv", "sweepCsv"], compare: ["alloclab-compare.csv", "text/csv", "compareCsv"] };
      var m = map[kind];
      if (!m) throw new Error("download: csv, json, sweep or compare");
      api._download(m[0], m[1], command(m[2]));
    },
    // the page address with a link as fragment, to the clipboard (remembered for tests)
    _copy: function (link) {
      var url = window.location.origin + window.location.pathname + window.location.search + (link ? "#" + link : "");
      api._lastCopied = url;
      try {
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(function () {});
      } catch (e) {}
      return url;
    },
    _download: function (name, mime, text) {
      var blob = new Blob([text], { type: mime });
      var a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = name;
      a.style.display = "none";
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
      api._lastDownload = { name: name, type: mime, size: text.length, text: text };
    }
  });
  window.addEventListener("hashchange", function (e) {
    // the fragment that was navigated to (location.hash may already be the app's own link again:
    // a frame can replaceState() between the navigation and this event)
    var u = e && e.newURL ? e.newURL : window.location.href;
    var at = u.indexOf("#");
    var h = at >= 0 ? u.substring(at) : "";
    if (h.charAt(0) === "#") h = h.substring(1);
    var p = put(h);
    try { _alloclab_hash_changed(state, p); } finally { _free(p); }
  });
  api.ready = true;
});
EM_JS(void, js_copy_link, (const char* link), {
  if (window.alloclab && window.alloclab._copy) window.alloclab._copy(UTF8ToString(link));
});

EM_JS(void, js_download, (const char* name, const char* mime, const char* text), {
  if (window.alloclab && window.alloclab._download) window.alloclab._download(UTF8ToString(name), UTF8ToString(mime), UTF8ToString(text));
});

EM_JS(void, js_pick_trace, (), {
  if (window.alloclab && window.alloclab.pickTrace) window.alloclab.pickTrace();
});

EM_JS(void, js_load_builtin_trace, (const char* file), {
  if (window.alloclab && window.alloclab.loadBuiltinTrace) window.alloclab.loadBuiltinTrace(UTF8ToString(file));
});
// clang-format on
#endif

namespace alloclab::app {

std::string page_link() {
#ifdef __EMSCRIPTEN__
  char* p = js_page_link();
  std::string s(p);
  std::free(p);
  return s;
#else
  return {};
#endif
}

void page_set_link([[maybe_unused]] const std::string& link) {
#ifdef __EMSCRIPTEN__
  js_page_set_link(link.c_str());
#endif
}

void page_install_api([[maybe_unused]] AppState& state) {
#ifdef __EMSCRIPTEN__
  const std::string v = engine_version();
  js_install_api(&state, v.c_str());
#endif
}

}  // namespace alloclab::app

namespace alloclab::app {

void page_copy_link([[maybe_unused]] const std::string& link) {
#ifdef __EMSCRIPTEN__
  js_copy_link(link.c_str());
#else
  const std::string text = "index.html#" + link;
  SDL_SetClipboardText(text.c_str());
#endif
}

void page_download(const std::string& filename, [[maybe_unused]] const std::string& mime, const std::string& text) {
#ifdef __EMSCRIPTEN__
  js_download(filename.c_str(), mime.c_str(), text.c_str());
#else
  std::ofstream out(filename, std::ios::binary);
  out << text;
  std::fprintf(stderr, "alloclab_app: wrote %s (%zu bytes)\n", filename.c_str(), text.size());
#endif
}

bool page_can_pick_files() {
#ifdef __EMSCRIPTEN__
  return true;
#else
  return false;
#endif
}

void page_pick_trace() {
#ifdef __EMSCRIPTEN__
  js_pick_trace();
#endif
}

void page_load_builtin_trace([[maybe_unused]] AppState& state, const LogMachine& log) {
#ifdef __EMSCRIPTEN__
  js_load_builtin_trace(std::string(log.file).c_str());
#else
  state.set_error("trace " + std::string(log.file) + ": the desktop app reads plain SWF only; use the CLI or the page for .swf.gz logs");
#endif
}

}  // namespace alloclab::app
