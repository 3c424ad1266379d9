-- wrk script of scripts/bench: optional POST body (BENCH_BODY) and one machine-readable
-- result line (requests, non-2xx/3xx, socket errors, p50 and p99 in microseconds).
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then
  wrk.method = "POST"
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %.0f %.0f %.0f\n",
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), summary.duration))
end
