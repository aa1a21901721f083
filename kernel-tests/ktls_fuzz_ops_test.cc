#include "kernel-tests/ktls_fuzz_ops.h"

#include <dirent.h>
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace ktls_fuzz {
namespace {

TEST(KtlsFuzzOps, GeneratedListsPrintAndParseBack) {
  for (uint64_t seed : {1ULL, 2ULL, 0xdeadbeefULL}) {
    for (uint64_t i = 0; i < 200; ++i) {
      Program p = Generate(seed, i, 40);
      std::string text = FormatProgram(p), err;
      Program q;
      ASSERT_TRUE(ParseProgram(text, &q, &err)) << err << "\n" << text;
      EXPECT_EQ(q.seed, p.seed);
      ASSERT_EQ(q.ops.size(), p.ops.size());
      for (size_t k = 0; k < p.ops.size(); ++k) EXPECT_TRUE(q.ops[k] == p.ops[k]) << k;
    }
  }
}

TEST(KtlsFuzzOps, GenerationIsDeterministicAndSeedDependent) {
  EXPECT_EQ(FormatProgram(Generate(7, 3, 40)), FormatProgram(Generate(7, 3, 40)));
  EXPECT_NE(FormatProgram(Generate(7, 3, 40)), FormatProgram(Generate(8, 3, 40)));
  EXPECT_NE(FormatProgram(Generate(7, 3, 40)), FormatProgram(Generate(7, 4, 40)));
}

TEST(KtlsFuzzOps, GeneratedListsStayWithinTheirBudgetsAndUseEveryOperation) {
  std::set<int> kinds;
  for (uint64_t i = 0; i < 2000; ++i) {
    Program p = Generate(11, i, 40);
    EXPECT_LE(p.ops.size(), 40u);
    uint64_t tx = 0;
    int queued = 0;
    for (const Op& op : p.ops) {
      kinds.insert(static_cast<int>(op.kind));
      switch (op.kind) {
        case Kind::kSplice:
        case Kind::kSendfile: EXPECT_LE(op.len, 60000u); [[fallthrough]];
        case Kind::kSend:
        case Kind::kSendType:
        case Kind::kWritev: tx += op.len; break;
        case Kind::kRec:
          EXPECT_LE(op.len, 16384u);
          ++queued;
          break;
        case Kind::kCorrupt:
        case Kind::kReplay: EXPECT_GE(queued, 1); break;
        case Kind::kSwap: EXPECT_GE(queued, 2); break;
        default: break;
      }
    }
    EXPECT_LE(tx, 192u * 1024);
  }
  EXPECT_EQ(kinds.size(), 19u);
}

TEST(KtlsFuzzOps, ParsesCopiedTapLinesAndComments) {
  Program p;
  std::string err;
  ASSERT_TRUE(
      ParseProgram("# seed 42\n; a comment\n# send 100 more dontwait\n\n"
                   "writev 3 17 ; three pieces\nrecv 5 peek waitall\nrec 22 40\neof\n",
                   &p, &err))
      << err;
  EXPECT_EQ(p.seed, 42u);
  ASSERT_EQ(p.ops.size(), 5u);
  EXPECT_TRUE(p.ops[0].more && p.ops[0].dontwait && p.ops[0].len == 100);
  EXPECT_EQ(p.ops[1].arg, 3u);
  EXPECT_EQ(p.ops[1].len, 17u);
  EXPECT_TRUE(p.ops[2].peek && p.ops[2].waitall);
  EXPECT_EQ(p.ops[3].arg, 22u);
  EXPECT_EQ(FormatOp(p.ops[0]), "send 100 more dontwait");
}

TEST(KtlsFuzzOps, ParsesTheTxEndAndSpliceOut) {
  Program p;
  std::string err;
  ASSERT_TRUE(
      ParseProgram("seed 3\nsend 10 more\ntxshut\ntxclose\nspliceout 40000 dontwait\n"
                   "spliceout 1\n",
                   &p, &err))
      << err;
  ASSERT_EQ(p.ops.size(), 5u);
  EXPECT_EQ(p.ops[1].kind, Kind::kTxShut);
  EXPECT_EQ(p.ops[2].kind, Kind::kTxClose);
  EXPECT_EQ(p.ops[3].kind, Kind::kSpliceOut);
  EXPECT_EQ(p.ops[3].len, 40000u);
  EXPECT_TRUE(p.ops[3].dontwait);
  EXPECT_FALSE(p.ops[4].dontwait);
  EXPECT_EQ(FormatProgram(p),
            "seed 3\nsend 10 more\ntxshut\ntxclose\nspliceout 40000 dontwait\nspliceout 1\n");
}

// The generator's txshut / txclose often follow a send that leaves a record open, and spliceout
// asks for at least one byte.
TEST(KtlsFuzzOps, GeneratedTxEndsOftenFollowAnOpenRecord) {
  int ends = 0, after_more = 0, splices = 0;
  for (uint64_t i = 0; i < 2000; ++i) {
    Program p = Generate(12, i, 40);
    for (size_t k = 0; k < p.ops.size(); ++k) {
      const Op& op = p.ops[k];
      if (op.kind == Kind::kSpliceOut) {
        ++splices;
        EXPECT_GE(op.len, 1u);
      }
      if (op.kind != Kind::kTxShut && op.kind != Kind::kTxClose) continue;
      ++ends;
      if (k > 0 && p.ops[k - 1].kind == Kind::kSend && p.ops[k - 1].more) ++after_more;
    }
  }
  EXPECT_GT(ends, 200);
  EXPECT_GT(after_more, ends / 3);
  EXPECT_GT(splices, 1000);
}

TEST(KtlsFuzzOps, BadListsNameTheLine) {
  struct Case {
    const char* text;
    const char* error;
  } cases[] = {
      {"send 1\n", "line 0: no \"seed N\" line"},
      {"seed 1\nsned 4\n", "line 2: unknown operation \"sned\""},
      {"seed 1\nsend\n", "line 2: send takes 1 number(s)"},
      {"seed 1\nsend 12x\n", "line 2: send: \"12x\" is not a number up to 131072"},
      {"seed 1\nsend 131073\n", "line 2: send: \"131073\" is not a number up to 131072"},
      {"seed 1\nsendfile 4 more\n", "line 2: sendfile does not take \"more\""},
      {"seed 1\nrecvmsg 4 waitall\n", "line 2: recvmsg does not take \"waitall\""},
      {"seed 1\nwritev 0 4\n", "line 2: writev needs at least 1 iovec"},
      {"seed 1\nwritev 1025 4\n", "line 2: writev: \"1025\" is not a number up to 1024"},
      {"seed 1\nrec 256 4\n", "line 2: rec: \"256\" is not a number up to 255"},
      {"seed 1\nseed 2\n", "line 2: a second seed line"},
      {"seed 1\nspliceout 4 peek\n", "line 2: spliceout does not take \"peek\""},
      {"seed 1\nspliceout\n", "line 2: spliceout takes 1 number(s)"},
      {"seed 1\ntxshut 4\n", "line 2: txshut does not take \"4\""},
      {"seed 1\ntxclose more\n", "line 2: txclose does not take \"more\""},
      {"poll\nseed 2\n", "line 2: the seed line must come before the operations"},
      {"seed -1\n", "line 1: seed takes one number"},
  };
  for (const Case& c : cases) {
    Program p;
    std::string err;
    EXPECT_FALSE(ParseProgram(c.text, &p, &err)) << c.text;
    EXPECT_EQ(err, c.error) << c.text;
  }
}

TEST(KtlsFuzzOps, FillIsAFunctionOfSeedStreamAndOffset) {
  uint8_t a[100], b[60], c[100];
  Fill(5, 9, 0, a, sizeof(a));
  Fill(5, 9, 40, b, sizeof(b));
  EXPECT_EQ(memcmp(a + 40, b, sizeof(b)), 0);
  Fill(5, 10, 0, c, sizeof(c));
  EXPECT_NE(memcmp(a, c, sizeof(a)), 0);
  Fill(6, 9, 0, c, sizeof(c));
  EXPECT_NE(memcmp(a, c, sizeof(a)), 0);
}

// The kept reproducers (fuzz_corpus/*.ops, replayed in every guest run) parse, and print back as
// the same list.
TEST(KtlsFuzzOps, TheCorpusParses) {
  const std::string dir = "kernel-tests/fuzz_corpus";
  DIR* d = opendir(dir.c_str());
  ASSERT_NE(d, nullptr) << dir;
  int files = 0;
  while (struct dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n.size() < 5 || n.compare(n.size() - 4, 4, ".ops") != 0) continue;
    std::ifstream f(dir + "/" + n);
    std::stringstream text;
    text << f.rdbuf();
    Program p, q;
    std::string err;
    EXPECT_TRUE(ParseProgram(text.str(), &p, &err)) << n << ": " << err;
    EXPECT_FALSE(p.ops.empty()) << n;
    ASSERT_TRUE(ParseProgram(FormatProgram(p), &q, &err)) << n << ": " << err;
    EXPECT_EQ(FormatProgram(q), FormatProgram(p)) << n;
    ++files;
  }
  closedir(d);
  EXPECT_GE(files, 11);
}

}  // namespace
}  // namespace ktls_fuzz
