// Figure 2: scan alone (cold, warm in memory, warm from the disk cache) vs only reading the files.
import { fileURLToPath } from 'node:url'
import { ratio, spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { pairedRatios, roundSummary, summarize } from '../lib/stats.mjs'

const SCAN_CHILD = fileURLToPath(new URL('../lib/scan-child.mjs', import.meta.url))

export const id = 'scan'
export const title = 'scan alone vs reading the files'
export const method = `Each repetition is a fresh \`node bench/lib/scan-child.mjs\` process. The alternative is \`readdir\` of \`tools/\` plus \`fs.readFile(file, 'utf8')\` of every file (all in parallel), run 3 times before and 3 times after the scans (median of the 6); for reference only, the same reads with \`readFileSync\` in a loop are shown as "sync read" (they are often several times faster for small files: no thread-pool round trips). The scans, through \`createScanner({ root }).scan()\` of \`@toolreg/plugin\` (or \`scanTools\` when that is all it exports): cold (\`node_modules/.cache/toolreg\` deleted first; the first scan of the process, so it also pays parser warm-up, as a build does), warm (a second \`scan()\` on the same scanner: in-memory cache) and warm-disk (a new scanner in the same process with the disk cache present: what a second \`vite build\` sees). The target is checked on warm-disk when the plugin writes a disk cache, else on warm. Ratios are paired per process.`

export const targets = [{ id: 'scan-warm', label: 'scan, warm cache', unit: '×', op: '<=', target: 2, versus: 'readdir + readFile of each file' }]

export async function measure(ctx) {
  const rows = []
  for (const size of ctx.sizes) {
    const project = await ctx.project(size)
    const reps = ctx.reps(size, { 100: 7, 1000: 7, 5000: 3 })
    ctx.log(`scan: ${size} files, ${reps} repetitions`)
    const samples = []
    for (let rep = 0; rep < reps; rep++) {
      const { result } = await runNodeJson(SCAN_CHILD, [project, String(size), ...ctx.pluginArgs])
      samples.push(result)
      ctx.log(`  rep ${rep + 1}: read ${result.readMs.toFixed(1)} ms, cold ${result.coldMs.toFixed(1)} ms, warm ${result.warmMs.toFixed(1)} ms, warm-disk ${result.warmDiskMs?.toFixed(1) ?? '—'} ms`)
    }
    const read = samples.map((s) => s.readMs)
    const disk = samples.every((s) => s.warmDiskMs !== null)
    rows.push({
      size,
      reps,
      api: samples[0].api,
      diskCache: disk,
      readMs: roundSummary(summarize(read)),
      readSyncMs: roundSummary(summarize(samples.map((s) => s.readSyncMs))),
      coldMs: roundSummary(summarize(samples.map((s) => s.coldMs))),
      warmMs: roundSummary(summarize(samples.map((s) => s.warmMs))),
      warmDiskMs: disk ? roundSummary(summarize(samples.map((s) => s.warmDiskMs))) : null,
      coldRatio: roundSummary(summarize(pairedRatios(samples.map((s) => s.coldMs), read))),
      warmRatio: roundSummary(summarize(pairedRatios(samples.map((s) => s.warmMs), read))),
      warmDiskRatio: disk ? roundSummary(summarize(pairedRatios(samples.map((s) => s.warmDiskMs), read))) : null,
      importMs: roundSummary(summarize(samples.map((s) => s.importMs))),
    })
  }
  const at = ctx.targetRow(rows)
  const useDisk = at.warmDiskRatio !== null
  return {
    rows,
    checks: [
      ctx.check('scan-warm', useDisk ? at.warmDiskRatio : at.warmRatio, {
        size: at.size,
        detail: `${useDisk ? 'warm-disk' : 'warm (in memory)'} scan ${(useDisk ? at.warmDiskMs : at.warmMs).median} ms vs read ${at.readMs.median} ms`,
        note: useDisk ? undefined : 'the plugin wrote no disk cache: checked on the in-memory warm scan',
      }),
    ],
  }
}

export function table(result) {
  return {
    head: ['files', 'reps', 'read ms', '(sync read ms)', 'cold scan ms', 'warm scan ms', 'warm-disk scan ms', 'cold ratio', 'warm ratio', 'warm-disk ratio'],
    body: result.rows.map((r) => [r.size, r.reps, spread(r.readMs), spread(r.readSyncMs), spread(r.coldMs), spread(r.warmMs), spread(r.warmDiskMs), ratio(r.coldRatio), ratio(r.warmRatio), ratio(r.warmDiskRatio)]),
  }
}
