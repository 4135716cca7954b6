// In-process timings for bench/code-mode.mjs: every operation is timed in batches of
// back-to-back calls (a batch lasts about `batchMs`), after a warm-up; each round times one
// batch of every operation, in an order rotated per round, so load drifting during the run
// weighs on all of them alike and a ratio is taken between batches of the same round.
import { pairedRatios, roundSummary, summarize } from './stats.mjs'

/** µs per call of `fn` over `ops` calls. */
async function batch(fn, ops) {
  const t0 = performance.now()
  for (let i = 0; i < ops; i++) await fn()
  return ((performance.now() - t0) * 1000) / ops
}

/** Calls of `fn` per batch of about `batchMs`, measured over `warmMs` of warm-up. */
async function calibrate(fn, batchMs, warmMs) {
  const t0 = performance.now()
  let n = 0
  while (performance.now() - t0 < warmMs || n < 3) {
    await fn()
    n++
  }
  return Math.max(1, Math.round(batchMs / ((performance.now() - t0) / n)))
}

/**
 * `rounds` samples of every operation of `ops` ({ name: async fn }): `{ name: [µs per call…] }`,
 * sample i of each taken in round i, and the calls per batch.
 */
export async function rounds(ops, { rounds: count, batchMs, warmMs }) {
  const names = Object.keys(ops)
  const perBatch = {}
  for (const name of names) perBatch[name] = await calibrate(ops[name], batchMs, warmMs)
  const samples = Object.fromEntries(names.map(name => [name, []]))
  for (let r = 0; r < count; r++)
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length]
      samples[name].push(await batch(ops[name], perBatch[name]))
    }
  return { samples, perBatch }
}

/** Element-wise `f(a[i], b[i])`. */
export const zip = (a, b, f) => a.map((x, i) => f(x, b[i]))

/** `{ code, direct, ratio }`: summaries of two paired samples and of their ratios. */
export function compare(code, direct) {
  return {
    code: roundSummary(summarize(code)),
    direct: roundSummary(summarize(direct)),
    ratio: roundSummary(summarize(pairedRatios(code, direct))),
  }
}

/** ms of one call of `fn`, and the summary of `again` more calls (after the first). */
export async function oneTime(fn, again) {
  let t0 = performance.now()
  await fn()
  const first = performance.now() - t0
  const later = []
  for (let i = 0; i < again; i++) {
    t0 = performance.now()
    await fn()
    later.push(performance.now() - t0)
  }
  return { first: roundSummary({ ms: first }).ms, again: roundSummary(summarize(later)) }
}
