// model_includes_cli.cpp — built with the model's settings (alloclab_model): must not compile
// (ctest layers_model_includes_cli expects the layer #error).
#include "cli/cli.hpp"
