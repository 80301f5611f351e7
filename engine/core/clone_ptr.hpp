// clone_ptr.hpp — an owning pointer that deep-copies through T::clone(), so objects holding
// polymorphic parts (strategy, scheduler) stay plain copyable values.
#pragma once
#include <memory>

namespace alloclab {

template <class T>
class ClonePtr {
 public:
  ClonePtr() = default;
  ClonePtr(std::unique_ptr<T> p) : p_(std::move(p)) {}
  ClonePtr(const ClonePtr& o) : p_(o.p_ ? o.p_->clone() : nullptr) {}
  ClonePtr(ClonePtr&&) noexcept = default;
  ClonePtr& operator=(const ClonePtr& o) {
    if (this != &o) p_ = o.p_ ? o.p_->clone() : nullptr;
    return *this;
  }
  ClonePtr& operator=(ClonePtr&&) noexcept = default;
  T* operator->() const { return p_.get(); }
  T& operator*() const { return *p_; }
  T* get() const { return p_.get(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace alloclab
