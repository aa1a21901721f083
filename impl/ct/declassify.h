// Constant-time annotation for the secret-taint check (tools/ct/, `tools/ariasuite ct`). The check
// runs our code under valgrind memcheck with the key and other secrets marked undefined, so every
// branch and memory index that depends on a secret is reported. A verdict that is public by design
// (the tag matched or not, the padding was valid or not) is first computed without branches, then
// declared public with ct::Public right before the one branch that acts on it:
//   if (ct::Public(diff) != 0) return Status::kAuthFailed;
// (BoringSSL calls this constant_time_declassify.) Outside valgrind the client request is a few
// instructions that do nothing (valgrind.h's design), so the annotation stays in normal builds and
// the check tests the code that ships. Built with MemorySanitizer (the check's taint build for the
// paths valgrind cannot run, tools/ct/msan/), it unpoisons instead.
#ifndef ARIASUITE_IMPL_CT_DECLASSIFY_H_
#define ARIASUITE_IMPL_CT_DECLASSIFY_H_

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define ARIASUITE_CT_DECLASSIFY_MSAN 1
#endif
#endif
#ifdef ARIASUITE_CT_DECLASSIFY_MSAN
#include <sanitizer/msan_interface.h>
#else
#include <valgrind/memcheck.h>
#endif

namespace ariasuite::ct {

// Marks len bytes at p as public (defined, for memcheck; unpoisoned, for MSan).
inline void Declassify(const void* p, size_t len) {
#ifdef ARIASUITE_CT_DECLASSIFY_MSAN
  __msan_unpoison(p, len);
#else
  (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
#endif
}

// Returns v, declared public.
template <typename T>
inline T Public(T v) {
  Declassify(&v, sizeof(v));
  return v;
}

}  // namespace ariasuite::ct

#endif  // ARIASUITE_IMPL_CT_DECLASSIFY_H_
