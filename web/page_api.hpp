// page_api.hpp — the app's bridge to the web page: the URL fragment (read at start-up, kept
// in step with the scenario) and `window.alloclab` (CONTRACT.md "In the page"). Natively the
// fragment functions do nothing, so main() has one code path.
#pragma once
#include <string>
#include "app_state.hpp"

namespace alloclab::app {

// The URL fragment without '#' ("" natively or when there is none).
std::string page_link();
// Replaces the URL fragment with `link` (no new history entry).
void page_set_link(const std::string& link);
// Defines window.alloclab {ready, version, runJson, link, error, frameStats} over `state` (which must
// outlive the page) and follows manual edits of the fragment (hashchange).
void page_install_api(AppState& state);

// What window.alloclab.runJson(link) returns: the `alloclab run` JSON text for the scenario
// (parse_link -> validate -> run_scenario -> run_json, as the CLI does), or the engine's error.
Result<std::string> run_json_for_link(const std::string& link);
// The engine's version text ("0.1.0"), taken from `alloclab --version`.
std::string engine_version();

}  // namespace alloclab::app
