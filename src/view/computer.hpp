// Computer seats in the app (issue 15, issue 30): a search runs on an executor (off the UI thread
// in the app, on demand in tests), can be stopped at once when its position is left, and its
// answer is kept only if it is for the position still shown.
#pragma once
#include "sns/players.hpp"

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <list>
#include <memory>
#include <optional>

namespace sns::app {

// Where searches run. A job owns everything it reads (copies of the position).
class Executor {
public:
  virtual ~Executor() = default;
  virtual void submit(std::function<void()> job) = 0;
};

// The app's: each job on a thread of its own (std::async). Destroying it waits for the jobs still
// running, which their owners have stopped by then.
class ThreadExecutor final : public Executor {
public:
  ~ThreadExecutor() override;
  void submit(std::function<void()> job) override;

private:
  std::list<std::future<void>> running_;
};

// The tests': jobs wait until run_pending() runs them on the caller's thread, so a test decides
// when a search happens and asserts without sleeping.
class ManualExecutor final : public Executor {
public:
  void submit(std::function<void()> job) override { jobs_.push_back(std::move(job)); }
  size_t pending() const { return jobs_.size(); }
  size_t run_pending(); // runs every job queued, those a job queues too; returns how many ran

private:
  std::deque<std::function<void()>> jobs_;
};

// One search at a time for one purpose (the computer's move, or a hint).
class Thinker {
public:
  explicit Thinker(Executor &executor) : executor_(&executor) {}
  ~Thinker() { stop(); }
  Thinker(const Thinker &) = delete;
  Thinker &operator=(const Thinker &) = delete;
  // Starts searching a copy of the position; `generation` names the game position it is for.
  void start(const Setup &setup, const GameState &state, Level level, uint64_t seed,
             uint64_t generation);
  // The position searched was left: the search ends at its next playout, its answer dropped.
  void stop();
  bool busy() const { return future_.valid(); }
  // The answer, once ready, if it is for this generation and was not stopped (otherwise dropped).
  std::optional<Suggestion> take(uint64_t generation);

private:
  Executor *executor_;
  std::future<Suggestion> future_;
  std::shared_ptr<std::atomic<bool>> stop_;
  uint64_t generation_ = 0;
};

} // namespace sns::app
