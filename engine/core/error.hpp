// error.hpp — errors are values: Error carries one human-readable line; Result<T> is T or Error.
// Nothing in the engine calls exit(); the CLI turns an Error into one stderr line and status 2.
#pragma once
#include <string>
#include <utility>
#include <variant>

namespace alloclab {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T v) : v_(std::move(v)) {}
  Result(Error e) : v_(std::move(e)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Status: success or an Error (Result without a value).
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error e) : err_(std::move(e.message)), failed_(true) {}
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  Error error() const { return Error{err_}; }
  const std::string& message() const { return err_; }

 private:
  std::string err_;
  bool failed_ = false;
};

}  // namespace alloclab
