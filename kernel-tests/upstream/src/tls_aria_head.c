// SPDX-License-Identifier: GPL-2.0
/*
 * Known-answer tests for kTLS with TLS_CIPHER_ARIA_GCM_128 and _256.
 *
 * tls.c checks records going from one kernel socket to another, which a
 * driver that encrypts wrongly in both directions passes. Here the records
 * TLS_TX sends are compared with records computed in user space, and
 * TLS_RX must accept those records and refuse them with a wrong tag or
 * under a wrong sequence number.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <linux/tls.h>

#include "../kselftest_harness.h"

#ifndef SOL_TLS
#define SOL_TLS 282
#endif

#define REC0_LEN 37
#define REC1_LEN 1029
#define REC_OVERHEAD (5 + 8 + 16)

/*
 * The arrays below were computed twice, by the TLS 1.2 record code of the
 * ariasuite project (impl/tls12_record.cc) and by OpenSSL 3's EVP ARIA-GCM
 * given the RFC 5288 nonce (salt || explicit nonce) and the RFC 5246 AAD
 * (seq_num || type || version || length); both gave the same bytes. Their
 * generator is kernel-tests/upstream/gen_vectors.cc in that project.
 * Record n carries the explicit nonce iv + n and the sequence number
 * rec_seq + n, which is what TLS_TX sends for its first two records.
 */
