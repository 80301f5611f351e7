// model_includes_app.cpp — built with the model's settings (alloclab_model): must not compile
// (ctest layers_model_includes_app expects the layer #error).
#include "../../web/app_state.hpp"
