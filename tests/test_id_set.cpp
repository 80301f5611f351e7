// test_id_set.cpp — IdSet (core/id_set.hpp) against std::set<int> on random operations.
#include <set>
#include <vector>
#include "core/id_set.hpp"
#include "core/rng.hpp"
#include <doctest/doctest.h>

using namespace alloclab;

TEST_CASE("IdSet behaves as std::set<int>: insert, erase, contains, first, ordered iteration") {
  Rng rng(11);
  for (int n : {1, 63, 64, 65, 4096, 4097, 20000}) {
    IdSet s(n);
    std::set<int> ref;
    CHECK(s.first() == -1);
    for (int op = 0; op < 4000; ++op) {
      // cluster ids so that words and summary words empty and refill
      const int id = int(rng.below(std::uint64_t(n))) / (op % 3 == 0 ? 1 : 7);
      if (rng.below(2)) { s.insert(id); ref.insert(id); }
      else { s.erase(id); ref.erase(id); }
      REQUIRE(s.size() == int(ref.size()));
      REQUIRE(s.empty() == ref.empty());
      REQUIRE(s.contains(id) == (ref.count(id) == 1));
      REQUIRE(s.first() == (ref.empty() ? -1 : *ref.begin()));
    }
    std::vector<int> got;
    s.for_each([&](int id) { got.push_back(id); });
    CHECK(got == std::vector<int>(ref.begin(), ref.end()));
  }
}
