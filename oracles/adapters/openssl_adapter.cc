// Example exec adapter (oracles/PROTOCOL.md): the OpenSSL 3 backend served over the line
// protocol on stdin/stdout. `--impl exec:path/to/openssl_adapter` must give the same answers as
// `--oracle openssl`, which is what conformance/exec_protocol_test checks.
#include <openssl/opensslv.h>

#include <cstdio>

#include "oracles/backend.h"
#include "oracles/protocol.h"

int main() {
  std::unique_ptr<ariasuite::oracles::Backend> backend = ariasuite::oracles::MakeOpenSslBackend();
  return ariasuite::oracles::ServeExecProtocolOnStdio(
      *backend, std::string("openssl ") + OPENSSL_VERSION_TEXT);
}
