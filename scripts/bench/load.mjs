// The one load harness of `npm run bench` and `npm run bench:scale`: autocannon, with browser-like headers, against the
// blog and against the bare server alike.
import autocannon from 'autocannon'
import { readFileSync } from 'node:fs'

/** Every request asks for compression, as browsers do; a browser's user agent, so views and likes count. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench' }

/** Loads `base` for `duration` seconds at `connections` (autocannon options in `opts`). */
export function loadFor(base, opts, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ headers: BROWSER_HEADERS, ...opts, url: base, connections, duration, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(summary(result, result.requests.average)),
    )
  })
}

/** Asks for each of `urls` once over `connections` connections. */
export async function loadEach(base, urls, connections, method = 'GET') {
  let i = 0
  const started = performance.now()
  let lastAnswer = started
  const run = autocannon({
    url: base,
    connections,
    amount: urls.length,
    method,
    headers: BROWSER_HEADERS,
    requests: [{ setupRequest: (req) => ({ ...req, path: urls[i++ % urls.length] }) }],
  })
  run.on('response', () => (lastAnswer = performance.now()))
  const result = await run
  // Requests over the time until the last answer. autocannon notices that a fixed number of requests is done only at
  // its next whole-second tick, so its own rate divides by the seconds rounded up: 3,000 requests answered in 5.1 s
  // read as 500 req/s, not 588.
  return summary(result, result.requests.total / ((lastAnswer - started) / 1000))
}

function summary(result, rps) {
  return {
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** A rate as a fraction of the bare server's, to two significant digits (0.69, 0.034). */
export const fractionOf = (rps, ceiling) => (ceiling > 0 ? (rps / ceiling).toPrecision(2) : '')

/** The peak resident memory (MB) of a process so far: the kernel's high-water mark (VmHWM), kept while it runs. */
export function peakRssMbOf(pid) {
  const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return hwm ? Number(hwm[1]) / 1024 : 0
}

/**
 * CPU time (user + system, ms) a process has used so far. Per request it is the steadier figure on a shared machine:
 * a process waiting for a core loses throughput but not CPU time.
 */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}
