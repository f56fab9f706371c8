// Thinking off the UI thread: suggest() runs on copies with a stop flag; the UI polls each frame.
#include "computer.hpp"

#include <chrono>

namespace sns::app {

ThreadExecutor::~ThreadExecutor() {
  for (std::future<void> &f : running_)
    f.wait();
}

void ThreadExecutor::submit(std::function<void()> job) {
  std::erase_if(running_, [](const std::future<void> &f) {
    return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  running_.push_back(std::async(std::launch::async, std::move(job)));
}

size_t ManualExecutor::run_pending() {
  size_t ran = 0;
  while (!jobs_.empty()) {
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    job();
    ++ran;
  }
  return ran;
}

void Thinker::start(const Setup &setup, const GameState &state, Level level, uint64_t seed,
                    uint64_t generation) {
  stop(); // one search at a time: a search still running is for a position left
  generation_ = generation;
  stop_ = std::make_shared<std::atomic<bool>>(false);
  // Copies: the search must not read the session's game while the player changes it.
  auto task =
      std::make_shared<std::packaged_task<Suggestion()>>([setup, state, level, seed, stop = stop_] {
        SearchBudget budget;
        budget.stop = stop.get();
        budget.threads = default_search_threads(); // the same answer on any number (docs/ai.md)
        return suggest(setup, state, level, budget, seed);
      });
  future_ = task->get_future();
  executor_->submit([task] { (*task)(); });
}

void Thinker::stop() {
  if (stop_) stop_->store(true, std::memory_order_relaxed);
}

std::optional<Suggestion> Thinker::take(uint64_t generation) {
  if (!future_.valid() || future_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return std::nullopt;
  Suggestion s = future_.get();
  if (generation != generation_ || stop_->load(std::memory_order_relaxed)) return std::nullopt;
  return s;
}

} // namespace sns::app
