// How often the fast path answers, on files written the way people write them (a corpus
// from a grammar with a fixed seed, bench/lib/corpus.mjs) and on every fixture and
// example of this repository; and that each answer is the full detector's.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpus } from '../../../bench/lib/corpus.mjs'
import { detectRegisterCalls, fastDetectRegisterCalls } from './internal.js'

const repo = fileURLToPath(new URL('../../..', import.meta.url))

/** Files the fast path answers, and the ones whose answer differs from the full detector's. */
function coverage(files: readonly { file: string; code: string }[]) {
  let answered = 0
  const differs: string[] = []
  for (const f of files) {
    const fast = fastDetectRegisterCalls(f.code, f.file)
    if (fast === undefined) continue
    answered++
    if (JSON.stringify(fast) !== JSON.stringify(detectRegisterCalls(f.code, f.file))) differs.push(f.file)
  }
  return { answered, total: files.length, rate: answered / files.length, differs }
}

/** Every tool dir's files under `dir` (fixtures hold broken files on purpose: they count too). */
function toolFiles(dir: string): { file: string; code: string }[] {
  const out: { file: string; code: string }[] = []
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    if (!entry.isFile() || !/[/\\]tools[/\\]/.test(full) || full.includes('node_modules')) continue
    if (!/\.[mc]?[jt]sx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue
    out.push({ file: path.relative(repo, full).split(path.sep).join('/'), code: readFileSync(full, 'utf8') })
  }
  return out
}

describe('fast path coverage', () => {
  it('answers for at least 99% of a varied corpus (1000 files, seed 20261201), each answer the full detector’s', () => {
    const result = coverage(corpus(1000))
    console.log(`fast path: corpus ${result.answered}/${result.total}`)
    expect(result.differs).toEqual([])
    expect(result.rate).toBeGreaterThanOrEqual(0.99)
  })

  it('answers for every example tool file, and agrees wherever it answers on the fixtures', () => {
    const examples = coverage(toolFiles(path.join(repo, 'examples')))
    const fixtures = coverage(toolFiles(path.join(repo, 'test/fixtures')))
    console.log(
      `fast path: examples ${examples.answered}/${examples.total}, fixtures ${fixtures.answered}/${fixtures.total}`,
    )
    expect(examples.total).toBeGreaterThan(10)
    expect(examples.differs).toEqual([])
    expect(examples.answered).toBe(examples.total)
    expect(fixtures.differs).toEqual([])
  })
})
