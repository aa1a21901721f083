// Stable names of the Status codes, for error messages and test output.
#include "impl/status.h"

namespace ariasuite {

const char* StatusName(Status status) {
  switch (status) {
    case Status::kOk: return "kOk";
    case Status::kBadKeyLength: return "kBadKeyLength";
    case Status::kBadIvLength: return "kBadIvLength";
    case Status::kBadTagLength: return "kBadTagLength";
    case Status::kBadInputLength: return "kBadInputLength";
    case Status::kTooLong: return "kTooLong";
    case Status::kBadState: return "kBadState";
    case Status::kAuthFailed: return "kAuthFailed";
    case Status::kBadPadding: return "kBadPadding";
    case Status::kUnsupportedImpl: return "kUnsupportedImpl";
  }
  return "kUnknownStatus";
}

}  // namespace ariasuite
