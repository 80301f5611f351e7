// app_layer.hpp — included by the app's headers that do not include ImGui (which the model
// cannot reach anyway): the app layer is visible only to targets that link alloclab_app_core
// (which defines ALLOCLAB_LAYER_APP). The model including an app header is a build error
// (CMakeLists.txt "layers").
#pragma once
#ifndef ALLOCLAB_LAYER_APP
#error "alloclab layers: an app header (web/) included outside the app: the model must not depend on the UI"
#endif
