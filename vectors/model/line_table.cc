// Entry lines of a plain-text table (see line_table.h).
#include "vectors/model/line_table.h"

namespace ariasuite::model {

std::string_view TrimBlanks(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

bool ForEachTableLine(std::string_view text, std::string_view name,
                      const std::function<std::string(int line_no, std::string_view line)>& entry,
                      std::string* error) {
  int line_no = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    const std::string_view line = TrimBlanks(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    if (line.empty() || line.front() == '#') continue;
    const std::string reason = entry(line_no, line);
    if (!reason.empty()) {
      *error = std::string(name) + ":" + std::to_string(line_no) + ": " + reason;
      return false;
    }
  }
  return true;
}

}  // namespace ariasuite::model
