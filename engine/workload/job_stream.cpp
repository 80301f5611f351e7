// job_stream.cpp — the next job of a replication (job_stream.hpp).
#include "job_stream.hpp"
#include "specs.hpp"
#include "trace.hpp"
#include "../core/check.hpp"

namespace alloclab {

std::optional<QueuedJob> JobStream::next(const Scenario& s) {
  if (generated_ >= total_) return std::nullopt;
  QueuedJob q;
  q.id = JobId(generated_++);
  if (s.trace_data) {
    const TraceJob& t = s.trace_data->jobs[std::size_t(q.id)];
    q.arrival = t.arrival;
    q.shape = t.shape;
    if (const PodInfo* pod = s.pod()) {  // a pod runs legal slices: the smallest legal shape with enough chips
      const SliceShape* slice = slice_for_chips(*pod, t.shape.area());
      ALLOCLAB_CHECK(slice, "trace job %d asks for %d chips, more than machine=%s has", q.id, t.shape.area(), s.machine.c_str());
      q.shape = slice->shape();
    }
    q.service = t.runtime;
    q.estimate = t.estimate;
  } else {
    // fixed draw order per job: inter-arrival, width, height, (depth on a 3D machine,) (a pod's
    // slice count when slices is a mix of counts,) service
    last_arrival_ += sample_interarrival(s.arrival, rng_);
    q.arrival = last_arrival_;
    const PodInfo* pod = s.pod();
    q.shape = pod ? sample_slice(*pod, s.job_size.slices, rng_) : sample_shape(s.job_size, s.width, s.height, rng_, s.depth);
    if (pod) q.slices = sample_slice_count(s.slices, rng_);
    q.service = sample_service(s.service, rng_);
    q.estimate = q.service;
  }
  if (s.time_limit > 0 && q.arrival > s.time_limit) {  // the window is over: stop the stream
    total_ = generated_ - 1;
    return std::nullopt;
  }
  return q;
}

const QueuedJob* JobStream::draw(const Scenario& s) {
  ALLOCLAB_CHECK(!pending_, "a job drawn while job %d has not arrived", pending_ ? pending_->id : kNoJob);
  pending_ = next(s);
  return pending();
}

QueuedJob JobStream::arrive(JobId id) {
  ALLOCLAB_CHECK(pending_ && pending_->id == id, "arrival of unknown job %d", id);
  const QueuedJob q = *pending_;
  pending_.reset();
  return q;
}

}  // namespace alloclab
