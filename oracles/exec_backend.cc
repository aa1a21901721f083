// The exec backend: runs an external adapter program (through /bin/sh, so PROGRAM may carry
// arguments) and speaks the line protocol of PROTOCOL.md over its stdin/stdout. The adapter is
// started once, greeted with the hello line, and kept running; a crash, a timeout or a protocol
// violation turns into Result::error for that request and the adapter is restarted on the next,
// at most kExecRestartCap times per vector file.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "oracles/backend.h"
#include "oracles/protocol.h"

namespace ariasuite::oracles {

std::optional<double> ExecTimeoutSeconds(std::string* error) {
  const char* env = std::getenv("ARIASUITE_EXEC_TIMEOUT");
  if (env == nullptr) return 60.0;
  const std::string v = env;
  // Digits with at most one '.', nothing else: no sign, no unit, no exponent, no "inf".
  const bool digits_only = !v.empty() && v.find_first_not_of("0123456789.") == std::string::npos &&
                           v.find('.') == v.rfind('.') && v != ".";
  const double seconds = digits_only ? std::strtod(v.c_str(), nullptr) : 0.0;
  if (!digits_only || !(seconds > 0.0) || seconds > 86400.0) {
    *error = "ARIASUITE_EXEC_TIMEOUT='" + v +
             "': want a positive number of seconds (e.g. 60 or 0.5, at most 86400)";
    return std::nullopt;
  }
  return seconds;
}

namespace {

class ExecBackend : public Backend {
 public:
  ExecBackend(std::string program, std::string display_name)
      : program_(std::move(program)), name_(std::move(display_name)) {
    // A write to an adapter that died must be an error return, not a SIGPIPE.
    signal(SIGPIPE, SIG_IGN);
    std::string error;
    std::optional<double> timeout = ExecTimeoutSeconds(&error);
    if (!timeout) {
      unavailable_ = error;
      return;
    }
    timeout_ = std::chrono::duration<double>(*timeout);
    timeout_text_ =
        std::getenv("ARIASUITE_EXEC_TIMEOUT") ? std::getenv("ARIASUITE_EXEC_TIMEOUT") : "60";
    if (!Start(&error)) unavailable_ = error;
  }
  ~ExecBackend() override { Stop(); }

  std::string name() const override { return name_; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return unavailable_; }
  const std::string& greeting() const { return greeting_; }
  std::string version() const override { return greeting_; }

  void BeginFile() override {
    restarts_ = 0;
    last_death_.clear();
  }

  std::optional<Result> Run(const Request& request) override {
    std::string error;
    if (pid_ < 0) {
      if (restarts_ >= kExecRestartCap) {
        return Broken("not restarted: already restarted " + std::to_string(kExecRestartCap) +
                      " times on this file (the restart cap); last death: " + last_death_);
      }
      ++restarts_;
      if (!Start(&error)) {
        last_death_ = "cannot restart adapter: " + error;
        return Broken(last_death_);
      }
    }
    std::string line;
    if (!WriteLine(FormatRequestLine(request), &error) || !ReadLine(&line, &error)) {
      Stop();
      last_death_ = error;
      return Broken(error);
    }
    std::optional<Result> result;
    if (!ParseResponseLine(line, &result, &error)) return Broken(error);
    return result;
  }

 private:
  bool Start(std::string* error) {
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0) {
      *error = std::string("pipe: ") + std::strerror(errno);
      return false;
    }
    if (pipe2(from_child, O_CLOEXEC) != 0) {
      *error = std::string("pipe: ") + std::strerror(errno);
      close(to_child[0]);
      close(to_child[1]);
      return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
      *error = std::string("fork: ") + std::strerror(errno);
      close(to_child[0]);
      close(to_child[1]);
      close(from_child[0]);
      close(from_child[1]);
      return false;
    }
    if (pid == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      signal(SIGPIPE, SIG_DFL);
      std::string cmd = "exec " + program_;
      execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    pid_ = pid;
    in_fd_ = to_child[1];
    out_fd_ = from_child[0];
    buffer_.clear();
    std::string line;
    if (!WriteLine(kProtocolHello, error) || !ReadLine(&line, error)) {
      *error = "adapter '" + program_ + "' did not answer the hello line: " + *error;
      Stop();
      return false;
    }
    const std::string expect = std::string(kProtocolHello);
    if (line.compare(0, expect.size(), expect) != 0) {
      *error = "adapter '" + program_ + "' answered the hello line with '" + line.substr(0, 60) +
               "' (see oracles/PROTOCOL.md)";
      Stop();
      return false;
    }
    greeting_ = line.size() > expect.size() + 1 ? line.substr(expect.size() + 1) : "";
    return true;
  }

  void Stop() {
    if (in_fd_ >= 0) close(in_fd_);
    if (out_fd_ >= 0) close(out_fd_);
    in_fd_ = out_fd_ = -1;
    if (pid_ > 0) {
      // EOF on stdin asks the adapter to exit; give it a moment, then kill it.
      int status;
      for (int i = 0; i < 100; ++i) {
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
          pid_ = -1;
          return;
        }
        usleep(10000);
      }
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
    pid_ = -1;
  }

  bool WriteLine(std::string line, std::string* error) {
    line.push_back('\n');
    size_t off = 0;
    while (off < line.size()) {
      ssize_t n = write(in_fd_, line.data() + off, line.size() - off);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        *error = std::string("writing to the adapter: ") + std::strerror(errno);
        return false;
      }
      off += static_cast<size_t>(n);
    }
    return true;
  }

  bool ReadLine(std::string* line, std::string* error) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(timeout_);
    for (;;) {
      size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        *line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return true;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      deadline - std::chrono::steady_clock::now())
                      .count();
      if (left <= 0) {
        *error = "no answer within " + timeout_text_ + " s (ARIASUITE_EXEC_TIMEOUT)";
        return false;
      }
      pollfd p{out_fd_, POLLIN, 0};
      int r = poll(&p, 1, static_cast<int>(left));
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) continue;
      // A member, not a 64 KiB stack array whose shadow ASan would clear on every return.
      read_buf_.resize(65536);
      ssize_t n = read(out_fd_, read_buf_.data(), read_buf_.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        *error = n == 0 ? "the adapter closed its output (exited?)"
                        : std::string("reading from the adapter: ") + std::strerror(errno);
        return false;
      }
      buffer_.append(read_buf_.data(), static_cast<size_t>(n));
    }
  }

  std::string program_;
  std::string name_;
  std::optional<std::string> unavailable_;
  std::string greeting_;
  std::chrono::duration<double> timeout_{60.0};
  std::string timeout_text_ = "60";
  int restarts_ = 0;        // restarts on the current file (BeginFile resets)
  std::string last_death_;  // why the adapter last died, for the restart cap's message
  pid_t pid_ = -1;
  int in_fd_ = -1;
  int out_fd_ = -1;
  std::string buffer_;
  std::vector<char> read_buf_;
};

}  // namespace

std::unique_ptr<Backend> MakeExecBackend(const std::string& program,
                                         const std::string& display_name) {
  return std::make_unique<ExecBackend>(program,
                                       display_name.empty() ? "exec:" + program : display_name);
}

}  // namespace ariasuite::oracles
