// layer.hpp — included by every header of engine/cli: the CLI layer is visible only to targets
// that link alloclab_cli (which defines ALLOCLAB_LAYER_CLI). The model (engine/ outside cli/)
// and the app (web/) including a CLI header is a build error (CMakeLists.txt "layers").
#pragma once
#ifndef ALLOCLAB_LAYER_CLI
#error "alloclab layers: a CLI header (engine/cli) included outside the CLI: the model and the app must not depend on the command line"
#endif
