// table.hpp — lookups shared by the engine's registries (strategies, schedulers, traffic
// patterns, routing functions): each is a table of rows with an `id`, searched and listed the
// same way.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace alloclab {

// The row of `table` whose id is `id`, or nullptr.
template <class Row>
const Row* find_by_id(std::span<const Row> table, std::string_view id) {
  for (const Row& r : table)
    if (r.id == id) return &r;
  return nullptr;
}

// The ids of `table`, in table order.
template <class Row>
std::vector<std::string> ids_of(std::span<const Row> table) {
  std::vector<std::string> v;
  for (const Row& r : table) v.emplace_back(r.id);
  return v;
}

}  // namespace alloclab
