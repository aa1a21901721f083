// Constant-time annotation for the secret-taint check (tools/ct/, `tools/ariasuite ct`). The check
// runs our code under valgrind memcheck with the key and other secrets marked undefined, so every
// branch and memory index that depends on a secret is reported. A verdict that is public by design
// (the tag matched or not, the padding was valid or not) is first computed without branches, then
// declared public with ct::Public right before the one branch that acts on it:
//   if (ct::Public(diff) != 0) return Status::kAuthFailed;
// (BoringSSL calls this constant_time_declassify.) Outside valgrind the client request is a few
// instructions that do nothing (valgrind.h's design), so the annotation stays in normal builds and
// the check tests the code that ships. Built with MemorySanitizer (the check's taint build for the
// paths valgrind cannot run, tools/ct/msan/), it unpoisons instead. Built where valgrind's headers
// are absent (a vendored copy of impl/), or with ARIASUITE_CT_NO_VALGRIND defined, it does nothing
// and the library builds all the same.
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
#elif defined(__has_include) && !defined(ARIASUITE_CT_NO_VALGRIND)
#if __has_include(<valgrind/memcheck.h>)
#define ARIASUITE_CT_DECLASSIFY_VALGRIND 1
#include <valgrind/memcheck.h>
#endif
#endif

namespace ariasuite::ct {

// Marks len bytes at p as public (defined, for memcheck; unpoisoned, for MSan).
inline void Declassify(const void* p, size_t len) {
#if defined(ARIASUITE_CT_DECLASSIFY_MSAN)
  __msan_unpoison(p, len);
#elif defined(ARIASUITE_CT_DECLASSIFY_VALGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
#else
  (void)p;  // built without valgrind's headers: nothing to tell
  (void)len;
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
