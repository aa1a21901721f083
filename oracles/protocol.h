// The exec line protocol (oracles/PROTOCOL.md): how the runner talks to an external adapter
// program over its stdin/stdout. This file has the encoders and decoders for both sides and the
// adapter's serving loop, so an adapter written in C++ is a main() around ServeExecProtocol.
#ifndef ARIASUITE_ORACLES_PROTOCOL_H_
#define ARIASUITE_ORACLES_PROTOCOL_H_

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "oracles/backend.h"

namespace ariasuite::oracles {

inline constexpr char kProtocolHello[] = "hello ariasuite-exec 1";

// "gcm-seal aria key=.. iv=.. aad=.. in=.. tag=.. taglen=16"
std::string FormatRequestLine(const Request& request);
// Parses a request line; on failure returns false and sets *error to a one-line reason.
bool ParseRequestLine(std::string_view line, Request* out, std::string* error);

// "ok out=.. tag=..", "refused REASON", "crashed REASON", "unsupported", "error REASON".
std::string FormatResponseLine(const std::optional<Result>& result);
// Parses a response line into *out (nullopt for "unsupported", Result::crashed for "crashed");
// false with *error on "error REASON" and on a line that is not one of the four answers.
bool ParseResponseLine(std::string_view line, std::optional<Result>* out, std::string* error);

// The adapter side: answers the hello with "hello ariasuite-exec 1 <name>", then one response line
// per request line until EOF on in. A malformed request gets "error REASON" and the loop goes on.
// Returns the process exit status (0 at EOF, 1 on an output error).
int ServeExecProtocol(Backend& backend, const std::string& name, FILE* in, FILE* out);
// ServeExecProtocol on stdin and stdout with 1 MiB stream buffers, for an adapter's main(): a line
// of many kilobytes is then read and written in a few system calls rather than one per 4 KiB.
int ServeExecProtocolOnStdio(Backend& backend, const std::string& name);

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_PROTOCOL_H_
