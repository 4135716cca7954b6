// One run at a time, later requests merged into one queued run (src/scan/serial.ts).
import { describe, expect, it } from 'vitest'
import { serializeRuns } from '../src/scan/serial.js'

function recorder(batch: boolean) {
  const runs: string[][] = []
  let active = 0
  let overlap = false
  const call = serializeRuns(
    async (names: string[]) => {
      overlap ||= active > 0
      active++
      runs.push([...names])
      await new Promise(resolve => setTimeout(resolve, 5))
      active--
      if (names.includes('boom')) throw new Error('boom')
      return names.join('+')
    },
    (queued, incoming) => void queued.push(...incoming),
    { batch },
  )
  return { runs, call, overlap: () => overlap }
}

describe('serializeRuns', () => {
  it('an idle request starts at once; those made meanwhile share one queued run', async () => {
    const r = recorder(false)
    const first = r.call(['a'])
    const second = r.call(['b'])
    const third = r.call(['c'])
    expect(second).toBe(third)
    expect(await first).toBe('a')
    expect(await third).toBe('b+c')
    expect(r.runs).toEqual([['a'], ['b', 'c']])
    expect(r.overlap()).toBe(false)
    // Right after a run settles, a request starts at once again.
    expect(await r.call(['d'])).toBe('d')
  })

  it('batch: the requests of one synchronous burst share the first run', async () => {
    const r = recorder(true)
    const first = r.call(['a'])
    const second = r.call(['b'])
    expect(first).toBe(second)
    expect(await first).toBe('a+b')
    expect(r.runs).toEqual([['a', 'b']])
  })

  it('a failed run rejects only its own callers; the queued run still starts', async () => {
    const r = recorder(false)
    const failing = r.call(['boom'])
    const next = r.call(['ok'])
    await expect(failing).rejects.toThrow('boom')
    expect(await next).toBe('ok')
  })
})
