/* Included (gcc -include) into the kernel's tools/testing/selftests/net/tls.c only when that file
 * does not compile as shipped because its rekey tests call tls_crypto_info_init() with a fourth
 * argument, the key byte Linux 6.14 added, while the function still takes three (Debian's
 * linux-source-6.12 6.12.117: the 6.14 rekey tests were backported without that signature
 * change). The fourth argument is dropped: every TLS 1.2 path passes 0, which is what the
 * three-argument function does (zero keys); the TLS 1.3 rekey paths that pass 1 are not in the
 * variants ariasuite runs by default (12_aria_gcm, 12_aria_gcm_256, 12_aes_gcm), and the kernel
 * of that tree has no TLS 1.3 rekey anyway. kernel-tests/vm/selftest.py reports that it was used.
 */
#define tls_crypto_info_init(version, cipher, info, ...) \
  tls_crypto_info_init_3args(version, cipher, info)
