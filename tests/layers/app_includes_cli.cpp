// app_includes_cli.cpp — built with the app's settings (alloclab_app_core): must not compile
// (ctest layers_app_includes_cli expects the layer #error).
#include "cli/sweep.hpp"
