// decision_json.hpp — the JSON text of one allocation decision, shared by `alloclab place` and
// `alloclab diff`: blocks as the interface writes them and an explanation's steps.
#pragma once
#include <string>
#include "alloc/explain.hpp"
#include "core/text.hpp"  // json_string, used with these
#include "topology/topology.hpp"

namespace alloclab {

// A block as [x1,y1,x2,y2] (base and inclusive end; an end below its base wraps on a torus), or
// [x1,y1,z1,x2,y2,z2] on a 3D machine (depth > 1).
std::string block_json(const Topology& t, const Block& b);
// The blocks of an allocation as a JSON array of block_json, separated by `sep`.
std::string blocks_json(const Topology& t, const Allocation& a, const char* sep);
// An explanation's steps as [{"title": ..., "caption": ...}, ...].
std::string steps_json(const Explanation& e);

}  // namespace alloclab
