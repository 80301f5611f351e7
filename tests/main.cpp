// main.cpp — doctest's runner for the alloclab test suite (native and wasm).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
