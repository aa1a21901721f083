/* Included (gcc -include) into the tree's kselftest programs that tools/ariasuite kernel
 * --kernel-tree builds (tls.c, tls_aria.c): the per-test timeout the harness arms with alarm()
 * (kselftest_harness.h, TEST_TIMEOUT_DEFAULT 30 s) is multiplied by $KTEST_TIMEOUT_SCALE, which
 * the guest's /init exports from `--timeout-scale N`, as ariasuite's own harness does. Unset or
 * out of 1..100: the timeouts stay as the tree wrote them. alarm(0), which disarms, stays 0.
 */
/* The headers below come before the program's own first line, so the program's feature macro must
 * come first too: the kernel's selftests define _GNU_SOURCE (empty) and need what it declares,
 * e.g. SPLICE_F_NONBLOCK in tls.c. An identical redefinition later is no warning. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdlib.h>
#include <unistd.h>

static inline unsigned int ariasuite_scaled_alarm(unsigned int seconds) {
  const char *v = getenv("KTEST_TIMEOUT_SCALE");
  long scale = v ? strtol(v, NULL, 10) : 1;

  if (scale < 1 || scale > 100) scale = 1;
  return alarm(seconds * (unsigned int)scale);
}

#define alarm(seconds) ariasuite_scaled_alarm(seconds)
