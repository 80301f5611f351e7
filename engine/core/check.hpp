// check.hpp — invariant assertions that stay on in release builds.
// A broken invariant is a bug in alloclab, not bad input: it names what broke (node, job, time)
// and aborts so tests and sanitizers catch it at the spot. Bad *input* never reaches here.
#pragma once
#include <cstdio>
#include <cstdlib>

#define ALLOCLAB_CHECK(cond, ...)                                                        \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "alloclab invariant failed at %s:%d: %s: ", __FILE__, __LINE__, \
                   #cond);                                                               \
      std::fprintf(stderr, __VA_ARGS__);                                                 \
      std::fputc('\n', stderr);                                                          \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)
