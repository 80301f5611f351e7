// page_api.hpp — the app's bridge to the web page: the URL fragment (read at start-up, kept
// in step with the scenario), `window.alloclab` (docs/dev/interface.md, docs/guide/page.md, plus the UI's
// test hooks), the clipboard, downloads and the trace file picker. Natively the same
// functions use SDL's clipboard, write files into the working directory, or do nothing, so
// the windows have one code path.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include "app_state.hpp"
#include "workload/log_machines.hpp"

namespace alloclab::app {

// The URL fragment without '#' ("" natively or when there is none).
std::string page_link();
// Replaces the URL fragment with `link` (no new history entry).
void page_set_link(const std::string& link);
// Defines window.alloclab over `state` (which must outlive the page) and follows manual edits
// of the fragment (hashchange):
//   ready, version, runJson(link), link(), error(), frameStats()   (docs/dev/interface.md + frame work in ms)
//   setMode(name), mode(), setParam(key, value), state(), presets(), loadPreset(name),
//   loadTrace(name, text), loadBuiltinTrace(file) (a promise), pickTrace(), copyLink(), resultsCsv(), resultsJson(), sweepCsv(),
//   command("sweepWords") (the sweep as `alloclab sweep` words after the scenario's keys),
//   download(kind), command(name, arg)                           (the UI's actions, for tests)
void page_install_api(AppState& state);

// Copies the page address with this link (web: navigator.clipboard; native: SDL clipboard).
void page_copy_link(const std::string& link);
// Offers `text` as a file download (web: a Blob; native: written to the working directory).
void page_download(const std::string& filename, const std::string& mime, const std::string& text);
// Whether a file picker exists (web); natively the Setup window asks for a path instead.
bool page_can_pick_files();
// Opens the browser's file picker for a trace (an <input type=file> created on demand); the
// chosen file's text comes back through AppState::load_trace.
void page_pick_trace();
// Loads a log shipped with alloclab (log_machines.hpp) with swf_size=header: the web page
// fetches traces/FILE from the site and inflates it with the browser's DecompressionStream;
// the desktop app has no gzip reader and says so in the error panel.
void page_load_builtin_trace(AppState& state, const LogMachine& log);
// Native: reads the trace file at `path` and loads it (errors to the error panel).
void page_load_trace_file(AppState& state, const std::string& path);

// One of the UI's actions, by name, for window.alloclab.command(name, arg): the same AppState
// functions the windows call. Returns "" on success or for actions without a result, else the
// text (an error message, or the result).
struct PageCommand {
  std::string_view name;
  std::string_view arg;      // the argument's form, "" for none
  std::string_view summary;  // one line
  std::string (*run)(AppState& state, const std::string& arg);
};
// The table, in the order command("help") lists it.
std::span<const PageCommand> page_commands();
// Runs the row named `name`; an unknown name returns an error listing every row's name.
std::string page_command(AppState& state, const std::string& name, const std::string& arg);

// What window.alloclab.runJson(link) returns: the `alloclab run` JSON text for the scenario
// (parse_link -> validate -> run_json_timed, as `alloclab run` does), or the engine's error.
Result<std::string> run_json_for_link(const std::string& link);
// The engine's version text ("0.1.0", engine/version.hpp).
std::string engine_version();

}  // namespace alloclab::app
