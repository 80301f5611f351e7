// flow_control.hpp — how a freed flit-buffer slot is signalled upstream (key `flow_control`);
// the two variants are described in network.hpp.
#pragma once
#include <cstdint>

namespace alloclab {

enum class FlowControl : std::uint8_t {
  Refill,  // a slot may be refilled in the cycle it empties (ProcSimity; the default)
  Credit,  // credits return over a 1-cycle channel
};

}  // namespace alloclab
