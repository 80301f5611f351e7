// version.hpp — the engine's version (`alloclab --version`, window.alloclab.version).
#pragma once

namespace alloclab {

inline constexpr const char* kVersion = "0.1.0";

}  // namespace alloclab
