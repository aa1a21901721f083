// An exec adapter serving our scalar path over the line protocol (oracles/PROTOCOL.md), for the
// findings command's test: a reproducer's request lines piped into it are answered as the
// standard demands (every forbidden request refused), beside a stand-in adapter that deviates.
#include <memory>

#include "oracles/backend.h"
#include "oracles/protocol.h"

int main() {
  std::unique_ptr<ariasuite::oracles::Backend> backend =
      ariasuite::oracles::MakeOursBackend(ariasuite::Impl::kScalar);
  return ariasuite::oracles::ServeExecProtocolOnStdio(*backend, "ariasuite scalar");
}
