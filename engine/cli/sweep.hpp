// sweep.hpp — `alloclab sweep` (every combination of listed key values, R replications each,
// CSV of means and 95% half-widths) and `alloclab merge` (shard outputs → one CSV).
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>
#include "../core/error.hpp"

namespace alloclab {

// The key=value words of a scenario or preset file ('#' comments and blanks dropped).
Result<std::vector<std::string>> sweep_file_words(const std::string& path);
// The same words from the text of such a file (spaces dropped).
std::vector<std::string> sweep_text_words(const std::string& text);
// The file of preset NAME ($ALLOCLAB_ASSETS or assets, /scenarios/NAME.txt).
std::string preset_path(const std::string& name);
int cmd_sweep(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int cmd_merge(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
