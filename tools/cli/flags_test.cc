// ParseFlags: values and bare flags land where the table says; an unknown argument, a missing value
// and a value the flag rejects are each reported, naming the argument.
#include "tools/cli/flags.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::cli {
namespace {

struct Parsed {
  std::string json, error;
  bool quick = false;
  std::vector<std::string> seen;
};

Parsed Parse(std::vector<std::string> args) {
  Parsed p;
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  p.error = ParseFlags(static_cast<int>(argv.size()), argv.data(),
                       {StringFlag("--json", &p.json),
                        BoolFlag("--quick", &p.quick),
                        {"--count", [&p](const std::string& v) {
                           if (v.find_first_not_of("0123456789") != std::string::npos)
                             return std::string("wants a number");
                           p.seen.push_back(v);
                           return std::string();
                         }}});
  return p;
}

TEST(FlagsTest, SetsValuesAndBareFlags) {
  const Parsed p = Parse({"prog", "--json", "out.json", "--quick", "--count", "1", "--count", "2"});
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.json, "out.json");
  EXPECT_TRUE(p.quick);
  EXPECT_EQ(p.seen, (std::vector<std::string>{"1", "2"}));
}

TEST(FlagsTest, NothingGivenLeavesDefaults) {
  const Parsed p = Parse({"prog"});
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.json, "");
  EXPECT_FALSE(p.quick);
}

TEST(FlagsTest, UnknownArgument) {
  EXPECT_EQ(Parse({"prog", "--quick", "--jsn", "x"}).error, "unknown argument '--jsn'");
  EXPECT_EQ(Parse({"prog", "stray"}).error, "unknown argument 'stray'");
}

TEST(FlagsTest, MissingValue) {
  EXPECT_EQ(Parse({"prog", "--json"}).error, "--json needs a value");
}

TEST(FlagsTest, BareFlagTakesNoValue) {
  // "--quick x": x is the next argument, not --quick's value.
  EXPECT_EQ(Parse({"prog", "--quick", "x"}).error, "unknown argument 'x'");
}

TEST(FlagsTest, RejectedValueNamesTheFlag) {
  const Parsed p = Parse({"prog", "--count", "1", "--count", "two"});
  EXPECT_EQ(p.error, "--count: wants a number");
  EXPECT_EQ(p.seen, (std::vector<std::string>{"1"}));
}

}  // namespace
}  // namespace ariasuite::cli
