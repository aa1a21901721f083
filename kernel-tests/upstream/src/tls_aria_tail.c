/* Byte i of the application data of record n. */
static unsigned char data_byte(int n, size_t i)
{
	return (unsigned char)(i * 31 + n * 17 + 5);
}

static void fill_data(unsigned char *buf, int n, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = data_byte(n, i);
}

FIXTURE(tls_aria)
{
	int fd;		/* the kTLS socket */
	int peer;	/* a plain TCP socket: sees and writes raw records */
};

struct aria_vectors {
	unsigned int cipher;
	unsigned int key_len;
	const unsigned char *key, *iv, *salt, *rec_seq;
	const unsigned char *rec0, *rec1;
};

FIXTURE_VARIANT(tls_aria)
{
	struct aria_vectors v;
};

FIXTURE_VARIANT_ADD(tls_aria, 12_aria_gcm)
{
	.v = {
		.cipher = TLS_CIPHER_ARIA_GCM_128,
		.key_len = TLS_CIPHER_ARIA_GCM_128_KEY_SIZE,
		.key = aria128_key,
		.iv = aria128_iv,
		.salt = aria128_salt,
		.rec_seq = aria128_rec_seq,
		.rec0 = aria128_rec0,
		.rec1 = aria128_rec1,
	},
};

FIXTURE_VARIANT_ADD(tls_aria, 12_aria_gcm_256)
{
	.v = {
		.cipher = TLS_CIPHER_ARIA_GCM_256,
		.key_len = TLS_CIPHER_ARIA_GCM_256_KEY_SIZE,
		.key = aria256_key,
		.iv = aria256_iv,
		.salt = aria256_salt,
		.rec_seq = aria256_rec_seq,
		.rec0 = aria256_rec0,
		.rec1 = aria256_rec1,
	},
};

FIXTURE_SETUP(tls_aria)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	socklen_t len = sizeof(addr);
	int lfd;

	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_GE(lfd, 0);
	ASSERT_EQ(bind(lfd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	ASSERT_EQ(listen(lfd, 1), 0);
	ASSERT_EQ(getsockname(lfd, (struct sockaddr *)&addr, &len), 0);
	self->fd = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(connect(self->fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	self->peer = accept(lfd, NULL, NULL);
	ASSERT_GE(self->peer, 0);
	close(lfd);
}

FIXTURE_TEARDOWN(tls_aria)
{
	close(self->fd);
	close(self->peer);
}

/*
 * Installs the variant's key on fd for direction (TLS_TX or TLS_RX), with
 * seq_delta added to its rec_seq. Returns 0, or -errno of the setsockopt.
 */
static int set_key(int fd, int direction, const struct aria_vectors *v,
		   unsigned char seq_delta)
{
	union {
		struct tls12_crypto_info_aria_gcm_128 a128;
		struct tls12_crypto_info_aria_gcm_256 a256;
	} ci;
	unsigned char *iv, *key, *salt, *rec_seq;
	size_t size;
	int i;

	memset(&ci, 0, sizeof(ci));
	ci.a128.info.version = TLS_1_2_VERSION;
	ci.a128.info.cipher_type = v->cipher;
	if (v->cipher == TLS_CIPHER_ARIA_GCM_128) {
		iv = ci.a128.iv;
		key = ci.a128.key;
		salt = ci.a128.salt;
		rec_seq = ci.a128.rec_seq;
		size = sizeof(ci.a128);
	} else {
		iv = ci.a256.iv;
		key = ci.a256.key;
		salt = ci.a256.salt;
		rec_seq = ci.a256.rec_seq;
		size = sizeof(ci.a256);
	}
	memcpy(iv, v->iv, 8);
	memcpy(key, v->key, v->key_len);
	memcpy(salt, v->salt, 4);
	memcpy(rec_seq, v->rec_seq, 8);
	for (i = 7; i >= 0 && seq_delta; i--) {
		unsigned int sum = rec_seq[i] + seq_delta;

		rec_seq[i] = sum;
		seq_delta = sum >> 8;
	}

	if (setsockopt(fd, IPPROTO_TCP, TCP_ULP, "tls", sizeof("tls")))
		return -errno;
	if (setsockopt(fd, SOL_TLS, direction, &ci, size))
		return -errno;
	return 0;
}

static int read_full(int fd, unsigned char *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	while (got < len) {
		n = recv(fd, buf + got, len - got, 0);
		if (n <= 0)
			return n < 0 ? -errno : -EPIPE;
		got += n;
	}
	return 0;
}

static void hexdump_diff(struct __test_metadata *_metadata, const char *what,
			 const unsigned char *got, const unsigned char *want,
			 size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (got[i] != want[i]) {
			TH_LOG("%s: first difference at byte %zu of %zu: got 0x%02x, want 0x%02x",
			       what, i, len, got[i], want[i]);
			return;
		}
	}
}

/* The records TLS_TX sends for two sends are the precomputed records. */
TEST_F(tls_aria, tx_known_answer)
{
	unsigned char data[REC1_LEN], wire[REC1_LEN + REC_OVERHEAD];
	int ret;

	ret = set_key(self->fd, TLS_TX, &variant->v, 0);
	if (ret == -ENOENT)
		SKIP(return, "no kTLS or no gcm(aria) (ENOENT)");
	ASSERT_EQ(ret, 0);

	fill_data(data, 0, REC0_LEN);
	ASSERT_EQ(send(self->fd, data, REC0_LEN, 0), REC0_LEN);
	ASSERT_EQ(read_full(self->peer, wire, REC0_LEN + REC_OVERHEAD), 0);
	hexdump_diff(_metadata, "record 0", wire, variant->v.rec0,
		     REC0_LEN + REC_OVERHEAD);
	EXPECT_EQ(memcmp(wire, variant->v.rec0, REC0_LEN + REC_OVERHEAD), 0);

	fill_data(data, 1, REC1_LEN);
	ASSERT_EQ(send(self->fd, data, REC1_LEN, 0), REC1_LEN);
	ASSERT_EQ(read_full(self->peer, wire, REC1_LEN + REC_OVERHEAD), 0);
	hexdump_diff(_metadata, "record 1", wire, variant->v.rec1,
		     REC1_LEN + REC_OVERHEAD);
	EXPECT_EQ(memcmp(wire, variant->v.rec1, REC1_LEN + REC_OVERHEAD), 0);
}

/* TLS_RX opens the precomputed records into the data they were made from. */
TEST_F(tls_aria, rx_known_answer)
{
	unsigned char want[REC1_LEN], got[REC1_LEN];
	int ret;

	ret = set_key(self->fd, TLS_RX, &variant->v, 0);
	if (ret == -ENOENT)
		SKIP(return, "no kTLS or no gcm(aria) (ENOENT)");
	ASSERT_EQ(ret, 0);

	ASSERT_EQ(send(self->peer, variant->v.rec0, REC0_LEN + REC_OVERHEAD, 0),
		  REC0_LEN + REC_OVERHEAD);
	ASSERT_EQ(read_full(self->fd, got, REC0_LEN), 0);
	fill_data(want, 0, REC0_LEN);
	hexdump_diff(_metadata, "record 0", got, want, REC0_LEN);
	EXPECT_EQ(memcmp(got, want, REC0_LEN), 0);

	ASSERT_EQ(send(self->peer, variant->v.rec1, REC1_LEN + REC_OVERHEAD, 0),
		  REC1_LEN + REC_OVERHEAD);
	ASSERT_EQ(read_full(self->fd, got, REC1_LEN), 0);
	fill_data(want, 1, REC1_LEN);
	hexdump_diff(_metadata, "record 1", got, want, REC1_LEN);
	EXPECT_EQ(memcmp(got, want, REC1_LEN), 0);
}

/* A record whose tag has one bit flipped is refused with EBADMSG. */
TEST_F(tls_aria, rx_bad_tag)
{
	unsigned char rec[REC0_LEN + REC_OVERHEAD], got[REC0_LEN];
	int ret;

	ret = set_key(self->fd, TLS_RX, &variant->v, 0);
	if (ret == -ENOENT)
		SKIP(return, "no kTLS or no gcm(aria) (ENOENT)");
	ASSERT_EQ(ret, 0);

	memcpy(rec, variant->v.rec0, sizeof(rec));
	rec[sizeof(rec) - 1] ^= 0x80;
	ASSERT_EQ(send(self->peer, rec, sizeof(rec), 0), (ssize_t)sizeof(rec));
	EXPECT_EQ(recv(self->fd, got, sizeof(got), 0), -1);
	EXPECT_EQ(errno, EBADMSG);
}

/* Record 0 under rec_seq + 1 (its AAD differs) is refused with EBADMSG. */
TEST_F(tls_aria, rx_wrong_seq)
{
	unsigned char got[REC0_LEN];
	int ret;

	ret = set_key(self->fd, TLS_RX, &variant->v, 1);
	if (ret == -ENOENT)
		SKIP(return, "no kTLS or no gcm(aria) (ENOENT)");
	ASSERT_EQ(ret, 0);

	ASSERT_EQ(send(self->peer, variant->v.rec0, REC0_LEN + REC_OVERHEAD, 0),
		  REC0_LEN + REC_OVERHEAD);
	EXPECT_EQ(recv(self->fd, got, sizeof(got), 0), -1);
	EXPECT_EQ(errno, EBADMSG);
}

/* Record 1 first: its sequence number is one ahead of TLS_RX's, refused. */
TEST_F(tls_aria, rx_skipped_record)
{
	unsigned char got[REC1_LEN];
	int ret;

	ret = set_key(self->fd, TLS_RX, &variant->v, 0);
	if (ret == -ENOENT)
		SKIP(return, "no kTLS or no gcm(aria) (ENOENT)");
	ASSERT_EQ(ret, 0);

	ASSERT_EQ(send(self->peer, variant->v.rec1, REC1_LEN + REC_OVERHEAD, 0),
		  REC1_LEN + REC_OVERHEAD);
	EXPECT_EQ(recv(self->fd, got, sizeof(got), 0), -1);
	EXPECT_EQ(errno, EBADMSG);
}

TEST_HARNESS_MAIN
