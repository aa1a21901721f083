// The lines of a plain-text table compiled into a program (vectors/MANIFEST, fuzz/allowlist.txt):
// one entry per line, blank lines and lines starting with # (after blanks) left out.
#ifndef ARIASUITE_VECTORS_MODEL_LINE_TABLE_H_
#define ARIASUITE_VECTORS_MODEL_LINE_TABLE_H_

#include <functional>
#include <string>
#include <string_view>

namespace ariasuite::model {

// s without the spaces, tabs and carriage returns at either end.
std::string_view TrimBlanks(std::string_view s);

// Calls entry(line_no, line) for each entry line of text (1-based numbers, the line trimmed), in
// order. An entry returns "" when it takes the line, else the reason it does not: the walk stops
// there and returns false with *error set to "<name>:<line_no>: <reason>".
bool ForEachTableLine(std::string_view text, std::string_view name,
                      const std::function<std::string(int line_no, std::string_view line)>& entry,
                      std::string* error);

}  // namespace ariasuite::model

#endif  // ARIASUITE_VECTORS_MODEL_LINE_TABLE_H_
