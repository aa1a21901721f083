// The command-line conventions of tools/cli/app.h: values land where the options say; a bad value,
// an unknown argument, a missing value and a required flag left out are each ONE stderr line
// "PROGRAM: MESSAGE (usage: ...)" naming the argument, with the error status; --help is the
// generated help on stdout and status 0.
#include "tools/cli/app.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::cli {
namespace {

struct Parsed {
  std::optional<int> status;
  std::string out, err;
  // What the options received.
  std::string json, dir;
  bool quick = false;
  int count = 7;
  std::vector<std::string> exclude, files;
};

// A program "prog" with the shapes the mains use: a string flag, a bare flag, a number with a
// range, a required flag, a repeatable flag and positionals.
Parsed Parse(std::vector<std::string> args, int error_status = 2) {
  Parsed r;
  std::unique_ptr<CLI::App> app = NewApp("prog", "A test program.");
  app->add_option("--json", r.json, "where the JSON goes")->type_name("FILE");
  app->add_flag("--quick", r.quick, "fewer repetitions");
  app->add_option("--count", r.count, "how many")->type_name("N")->check(CLI::Range(1, 9));
  app->add_option("--dir", r.dir, "the build folder")->type_name("DIR")->required();
  app->add_option("--exclude", r.exclude, "leave out F")->type_name("F")->allow_extra_args(false);
  app->add_option("FILE", r.files, "inputs");
  args.insert(args.begin(), "prog");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  r.status = cli::Parse(*app, static_cast<int>(argv.size()), argv.data(), error_status, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

const char kUsage[] =
    " (usage: prog [--json FILE] [--quick] [--count N] --dir DIR [--exclude F]... [FILE]...)\n";

TEST(AppTest, ValuesLandAndTheProgramGoesOn) {
  const Parsed r = Parse({"--json", "a.json", "--quick", "--dir", "d", "--count", "3", "--exclude",
                          "x", "--exclude", "y", "in1", "in2"});
  EXPECT_EQ(r.status, std::nullopt);
  EXPECT_EQ(r.out + r.err, "");
  EXPECT_EQ(r.json, "a.json");
  EXPECT_TRUE(r.quick);
  EXPECT_EQ(r.count, 3);
  EXPECT_EQ(r.dir, "d");
  EXPECT_EQ(r.exclude, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(r.files, (std::vector<std::string>{"in1", "in2"}));
}

TEST(AppTest, DefaultsStayAndARepeatedFlagKeepsItsLastValue) {
  const Parsed r = Parse({"--dir", "a", "--dir", "b"});
  EXPECT_EQ(r.status, std::nullopt);
  EXPECT_EQ(r.dir, "b");
  EXPECT_EQ(r.json, "");
  EXPECT_FALSE(r.quick);
  EXPECT_EQ(r.count, 7);
}

TEST(AppTest, BadValueIsOneLineNamingTheFlag) {
  Parsed r = Parse({"--dir", "d", "--count", "two"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "prog: --count: Value two not in range 1 to 9" + std::string(kUsage));
  r = Parse({"--dir", "d", "--count", "12"});
  EXPECT_EQ(r.err, "prog: --count: Value 12 not in range 1 to 9" + std::string(kUsage));
}

TEST(AppTest, UnknownArgument) {
  Parsed r = Parse({"--dir", "d", "--jsn", "x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "prog: unknown argument '--jsn'" + std::string(kUsage));
  // A bare flag takes no value: what follows it is the next argument.
  r = Parse({"--dir", "d", "--quick", "-x"});
  EXPECT_EQ(r.err, "prog: unknown argument '-x'" + std::string(kUsage));
}

TEST(AppTest, MissingValue) {
  const Parsed r = Parse({"--dir", "d", "--json"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "prog: --json needs a value" + std::string(kUsage));
}

TEST(AppTest, RequiredFlagLeftOut) {
  Parsed r = Parse({"--quick"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "prog: --dir is required" + std::string(kUsage));
  // A typo of the required flag is named as what it is.
  r = Parse({"--dri", "d"});
  EXPECT_EQ(r.err, "prog: unknown argument '--dri'" + std::string(kUsage));
}

TEST(AppTest, TheProgramChoosesTheErrorStatus) {
  const Parsed r = Parse({"--bogus"}, /*error_status=*/3);
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.err, "prog: unknown argument '--bogus'" + std::string(kUsage));
}

TEST(AppTest, HelpIsTheGeneratedHelpOnStdout) {
  for (const char* help : {"--help", "-h"}) {
    SCOPED_TRACE(help);
    // Even without the required --dir, and before an unknown argument.
    const Parsed r = Parse({help, "--bogus"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out.rfind("A test program.\n", 0), 0u) << r.out;
    for (const char* want : {"Usage: prog", "--json FILE", "where the JSON goes", "--quick",
                             "--dir DIR", "REQUIRED", "--exclude F", "FILE"}) {
      EXPECT_NE(r.out.find(want), std::string::npos) << want << " not in:\n" << r.out;
    }
  }
}

TEST(AppTest, AMultiLineMessageBecomesOneLine) {
  std::string value;
  std::unique_ptr<CLI::App> app = NewApp("prog", "");
  app->add_option("--x", value)->check([](const std::string&) {
    return std::string("first line\nsecond line\n");
  });
  const char* argv[] = {"prog", "--x", "v"};
  std::ostringstream out, err;
  EXPECT_EQ(cli::Parse(*app, 3, argv, 2, out, err), 2);
  EXPECT_EQ(err.str(), "prog: --x: first line; second line (usage: prog [--x TEXT])\n");
}

TEST(AppTest, UsageErrorAfterParsing) {
  std::unique_ptr<CLI::App> app = NewApp("bench", "");
  std::string reps;
  app->add_option("--repetitions", reps)->type_name("N");
  std::vector<std::string> dirs;
  app->add_option("CORPUS_DIR", dirs)->required();
  std::ostringstream err;
  EXPECT_EQ(UsageError(*app, "--repetitions and --rep-ms go together", 4, err), 4);
  EXPECT_EQ(err.str(),
            "bench: --repetitions and --rep-ms go together (usage: bench [--repetitions N] "
            "CORPUS_DIR...)\n");
}

// ParseList: a program "prog" with one list flag, --oracle, whose default is {"all"}.
std::vector<std::string> ParseList(std::vector<std::string> args, std::string* err) {
  std::vector<std::string> items = {"all"};
  std::unique_ptr<CLI::App> app = NewApp("prog", "");
  AddListOption(*app, "--oracle", &items, "oracles");
  args.insert(args.begin(), "prog");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out;
  std::ostringstream errs;
  if (cli::Parse(*app, static_cast<int>(argv.size()), argv.data(), 2, out, errs)) {
    items = {"stopped"};
  }
  *err = errs.str();
  return items;
}

TEST(AppTest, ListOptionSplitsOnCommasAndTheLastListCounts) {
  using List = std::vector<std::string>;
  std::string err;
  EXPECT_EQ(ParseList({}, &err), List{"all"});
  EXPECT_EQ(ParseList({"--oracle", "openssl"}, &err), List{"openssl"});
  EXPECT_EQ(ParseList({"--oracle", "openssl,botan"}, &err), (List{"openssl", "botan"}));
  EXPECT_EQ(ParseList({"--oracle=a,,b,"}, &err), (List{"a", "b"}));
  EXPECT_EQ(ParseList({"--oracle", ""}, &err), List{});
  EXPECT_EQ(ParseList({"--oracle", "exec:prog --flag x"}, &err), List{"exec:prog --flag x"});
  EXPECT_EQ(ParseList({"--oracle", "a,b", "--oracle", "c"}, &err), List{"c"});
  EXPECT_EQ(err, "");
  EXPECT_EQ(ParseList({"--oracle"}, &err), List{"stopped"});
  EXPECT_EQ(err, "prog: --oracle needs a value (usage: prog [--oracle LIST])\n");
}

TEST(AppTest, UsagePrefersTheShortName) {
  std::unique_ptr<CLI::App> app = NewApp("import", "");
  std::string out;
  app->add_option("-o,--out", out)->type_name("OUT.json")->required();
  EXPECT_EQ(UsageLine(*app), "import -o OUT.json");
}

}  // namespace
}  // namespace ariasuite::cli
