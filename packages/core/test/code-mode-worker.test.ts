// The worker executor against real node:worker_threads Workers (packages/core/README.md, "Code
// mode"): the page side here, the worker side in code-mode-worker-entry.mjs (its modes are listed there).
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { CodeHost, CodeRunResult } from '../src/code-mode/executor.ts'
import { serveCodeWorker, workerExecutor } from '../src/code-mode/worker.ts'
import type { WorkerLike, WorkerScopeLike } from '../src/code-mode/worker-protocol.ts'
import { fakeHost, limits, onlyJsonStrings } from './code-mode-host.ts'

const ENTRY = new URL('./code-mode-worker-entry.mjs', import.meta.url)
type Mode = 'quickjs' | 'broken' | 'busy' | 'script'
const spawned: { mode: Mode; worker: Worker; exited: Promise<number> }[] = []
afterAll(() => Promise.all(spawned.map(s => s.worker.terminate())))

/** A Node Worker adapted to `WorkerLike` (the browser's `Worker` is one as it is). */
function nodeWorker(mode: Mode): WorkerLike {
  const worker = new Worker(ENTRY, { workerData: { mode } })
  spawned.push({ mode, worker, exited: new Promise(resolve => worker.once('exit', resolve)) })
  return {
    postMessage: message => worker.postMessage(message),
    terminate: () => void worker.terminate(),
    addEventListener(type, listener) {
      if (type === 'message') worker.on('message', data => listener({ data }))
      else worker.on('error', error => listener({ message: error.message }))
    },
  }
}
/** An executor whose workers are of these modes, in turn (the last one repeats); `modes` lists what was spawned. */
function executor(modes: Mode[], graceMs?: number) {
  const made: Mode[] = []
  const spawn = () => nodeWorker(made[made.push(modes[Math.min(made.length, modes.length - 1)]) - 1])
  return { executor: workerExecutor(spawn, { graceMs }), made }
}
const last = () => spawned[spawned.length - 1]
const ok = (json: string | undefined, console = ''): CodeRunResult => ({ ok: true, json, console })
const failed = (error: string | RegExp) =>
  expect.objectContaining({ ok: false, error: typeof error === 'string' ? error : expect.stringMatching(error) })
const script = (s: { post?: unknown[]; echo?: number; crash?: string }) => JSON.stringify(s)
const done = (result: unknown, id = '$id') => ({ type: 'done', id, result })
const call = (n: number, name: unknown, argsJson: unknown = '{}') => ({ type: 'call', id: '$id', n, name, argsJson })

describe('workerExecutor over QuickJS in a worker thread', () => {
  const { executor: quickjs, made } = executor(['quickjs'])

  it('answers values and parallel tool calls through the page-side host, two strings each', async () => {
    let [inFlight, most] = [0, 0]
    const host = fakeHost({
      'math.add': async a => {
        most = Math.max(most, ++inFlight)
        await new Promise(resolve => setTimeout(resolve, 30))
        inFlight--
        return (a as { x: number }).x + (a as { y: number }).y
      },
    })
    expect(await quickjs.run('return { a: [1, "x", null] }', host, limits())).toEqual(ok('{"a":[1,"x",null]}'))
    expect(await quickjs.run('const x = 1', host, limits())).toEqual(ok(undefined))
    const code = 'return await Promise.all([tools.math.add({ x: 1, y: 2 }), tools.math.add({ x: 3, y: 4 })])'
    expect(await quickjs.run(code, host, limits())).toEqual(ok('[3,7]'))
    expect(most).toBe(2) // both calls were in flight at once
    expect(host.calls.map(c => c.args)).toEqual([
      ['math_add', '{"x":1,"y":2}'],
      ['math_add', '{"x":3,"y":4}'],
    ])
    expect(onlyJsonStrings(host)).toBe(true)
    const caught = 'try { await tools.math.add({ x: "no" }) } catch (e) { return e.message }'
    const refusing = fakeHost({ 'math.add': () => Promise.reject(new Error('refused')) })
    expect(await quickjs.run(caught, refusing, limits())).toEqual(ok('"refused"'))
    expect(made).toEqual(['quickjs']) // one warm worker for every run
  })

  it('keeps console output, cut at maxConsoleChars', async () => {
    const code = "console.log('hi', { a: 1 }); console.warn('w'); return 1"
    expect(await quickjs.run(code, fakeHost(), limits())).toEqual(ok('1', 'hi {"a":1}\n[warn] w\n'))
    const long = await quickjs.run("console.log('x'.repeat(50))", fakeHost(), limits({ maxConsoleChars: 10 }))
    expect(long).toEqual(ok(undefined, 'xxxxxxxxxx\n[console output cut at 10 characters (maxConsoleChars)]\n'))
  })

  it('stops while (true) {} by QuickJS in the worker; the same worker runs the next program', async () => {
    const started = Date.now()
    const loop = await quickjs.run('while (true) {}', fakeHost(), limits({ timeMs: 300 }))
    expect(loop).toEqual(failed('time limit exceeded: the run took over 300 ms (timeMs)'))
    expect(Date.now() - started).toBeLessThan(300 + 500) // before the page-side deadline
    expect(await quickjs.run('return 6 * 7', fakeHost(), limits())).toEqual(ok('42'))
    expect(made).toEqual(['quickjs'])
  })

  it('takes runs in turn on its one worker', async () => {
    const order: string[] = []
    const host = fakeHost({
      't.tag': async a => {
        order.push((a as { tag: string }).tag)
        await new Promise(resolve => setTimeout(resolve, 20))
      },
    })
    const a = quickjs.run(
      "await tools.t.tag({ tag: 'a1' }); await tools.t.tag({ tag: 'a2' }); return 'A'",
      host,
      limits(),
    )
    const b = quickjs.run("await tools.t.tag({ tag: 'b1' }); return 'B'", host, limits())
    expect(await Promise.all([a, b])).toEqual([ok('"A"'), ok('"B"')])
    expect(order).toEqual(['a1', 'a2', 'b1'])
    expect(made).toEqual(['quickjs'])
  })
})

describe('workerExecutor: the page-side deadline and broken workers', () => {
  it('terminates a worker that never answers at timeMs + graceMs; the next run gets a fresh worker', async () => {
    const { executor: e, made } = executor(['busy', 'quickjs'], 200)
    const started = Date.now()
    const result = await e.run('return 1', fakeHost(), limits({ timeMs: 300 }))
    const ms = Date.now() - started
    console.info(`a blocked worker was terminated after ${ms} ms (timeMs 300 + graceMs 200)`)
    expect(result).toEqual({ ok: false, error: 'time limit exceeded: the run took over 300 ms (timeMs)', console: '' })
    expect(ms).toBeGreaterThanOrEqual(480)
    expect(ms).toBeLessThan(3000)
    const busy = spawned.find(s => s.mode === 'busy')!
    expect(await busy.exited).toBe(1) // terminate()d (a Worker ends with 1 when terminated)
    expect(await e.run('return 2', fakeHost(), limits())).toEqual(ok('2'))
    expect(made).toEqual(['busy', 'quickjs'])
  })

  it('answers every run of a worker whose executor failed to load with the reason', async () => {
    const { executor: e, made } = executor(['broken'])
    const reason = 'the code worker could not start: no WebAssembly here'
    expect(await e.run('return 1', fakeHost(), limits())).toEqual({ ok: false, error: reason, console: '' })
    expect(await e.run('return 1', fakeHost(), limits())).toEqual({ ok: false, error: reason, console: '' })
    expect(made).toEqual(['broken'])
  })

  it('fails the run of a worker that crashes or posts garbage, terminates it, and starts afresh', async () => {
    const { executor: e, made } = executor(['script'])
    const host = fakeHost({ 'math.add': () => 3 })
    const cases: [string, string | RegExp][] = [
      [script({ crash: 'boom' }), 'the code worker failed: boom'],
      [script({ post: [42] }), 'the code worker sent a malformed message: not an object'],
      [script({ post: [{ type: 'hello', id: '$id' }] }), 'the code worker sent a malformed message: an unknown type'],
      [script({ post: [done(ok('1'), 'x')] }), /^the code worker sent a malformed message: a done message without/],
      [script({ post: [done(ok('1'), '$id+1')] }), 'the code worker sent a malformed message: an id no run has'],
      [script({ post: [call(1, 5)] }), /^the code worker sent a malformed message: a call without/],
      [script({ post: [call(1, 'math_add', { x: 1 })] }), /^the code worker sent a malformed message: a call without/],
      [script({ post: [call(2, 'nope'), call(2, 'nope')] }), /a call number used twice$/],
      [
        script({ post: [done({ ok: true, json: 5, console: '' })] }),
        /malformed result: a result whose JSON is not text$/,
      ],
      [script({ post: [done({ ok: true, json: '{', console: '' })] }), /malformed result: .*does not parse$/],
      [script({ post: [done({ ok: true, json: '1' })] }), /malformed result: a result without console text$/],
      [script({ post: [done({ ok: 'yes', console: '' })] }), /malformed result: a result that is neither/],
      [script({ post: [done({ ok: false, error: {}, console: '' })] }), /malformed result: a failed result without/],
    ]
    for (const [i, [code, error]] of cases.entries()) {
      const result = await e.run(code, host, limits())
      expect(result, code).toEqual(failed(error))
      expect(await last().exited, code).toBe(1)
      expect(made, code).toHaveLength(i + 1) // each run on a fresh worker
    }
    expect(host.calls).toEqual([]) // no malformed call reached the host
  })

  it('fails a run whose worker cannot be spawned, and tries again on the next', async () => {
    let tries = 0
    const e = workerExecutor(() => {
      if (++tries === 1) throw new Error('blocked by the CSP')
      return nodeWorker('quickjs')
    })
    expect(await e.run('return 1', fakeHost(), limits())).toEqual(
      failed('the code worker could not be started: blocked by the CSP'),
    )
    expect(await e.run('return 1', fakeHost(), limits())).toEqual(ok('1'))
    expect(() => workerExecutor(() => nodeWorker('quickjs'), { graceMs: -1 })).toThrow(TypeError)
  })
})

describe('workerExecutor: what the worker sends is checked', () => {
  const { executor: e, made } = executor(['script'])

  it('ignores messages of runs that are over, and keeps the worker', async () => {
    const host = fakeHost({ 'math.add': () => 3 })
    expect(await e.run(script({ post: [done(ok('"first"'))] }), host, limits())).toEqual(ok('"first"'))
    const stale = [done(ok('"old"'), '$id-1'), { ...call(1, 'math_add'), id: '$id-1' }, done(ok('"new"'))]
    expect(await e.run(script({ post: stale }), host, limits())).toEqual(ok('"new"'))
    expect(host.calls).toEqual([])
    expect(made).toEqual(['script'])
  })

  it('passes the host two strings, answers each call by its number, refuses names outside the API and calls past the limit', async () => {
    const seen: unknown[][] = []
    const host: CodeHost = {
      api: { math: { add: 'math_add', bad: 'math_bad', boom: 'math_boom' } },
      async call(...args: unknown[]) {
        seen.push(args)
        if (args[0] === 'math_bad') return { ok: true, json: 5 } as never // not JSON text
        if (args[0] === 'math_boom') throw new Error('the tool crashed')
        return { ok: true, json: String(JSON.parse(String(args[1])).x + 1) }
      },
    }
    const posts = [
      call(1, 'math_add', '{"x":1}'),
      call(2, 'tools_eval', '{}'),
      call(3, 'math_bad', '{}'),
      call(4, 'math_boom', '{}'),
      call(6, 'math_add', '{"x":2}'),
    ]
    const result = await e.run(script({ post: posts, echo: 5 }), host, limits({ maxToolCalls: 3 }))
    expect(result.ok).toBe(true)
    const answers = JSON.parse((result as { json: string }).json) as { type: string; n: number; answer: unknown }[]
    expect(answers.every(a => a.type === 'answer')).toBe(true)
    expect(Object.fromEntries(answers.map(a => [a.n, a.answer]))).toEqual({
      1: { ok: true, json: '2' },
      2: { ok: false, error: 'not a tool call' },
      3: { ok: false, error: 'the tool answered no JSON' },
      4: { ok: false, error: 'the tool crashed' },
      6: { ok: false, error: 'tool call limit exceeded: more than 3 calls (maxToolCalls)' },
    })
    expect(seen).toEqual([
      ['math_add', '{"x":1}'],
      ['math_bad', '{}'],
      ['math_boom', '{}'],
    ])
  })

  it('holds the result to the limits: output, console and error text', async () => {
    const lim = limits({ maxOutputChars: 10, maxConsoleChars: 5 })
    const big = await e.run(script({ post: [done(ok(JSON.stringify('x'.repeat(20))))] }), fakeHost(), lim)
    expect(big).toEqual(failed('output limit exceeded: the returned JSON is 22 characters, over 10 (maxOutputChars)'))
    const chatty = await e.run(script({ post: [done(ok('1', 'y'.repeat(100)))] }), fakeHost(), lim)
    expect(chatty).toEqual(ok('1', 'yyyyy\n[console output cut at 5 characters (maxConsoleChars)]\n'))
    const error = { ok: false, error: 'e'.repeat(10_000), console: '' }
    const long = await e.run(script({ post: [done(error)] }), fakeHost(), lim)
    expect(long).toEqual({ ok: false, error: `${'e'.repeat(4000)}…`, console: '' })
    expect(made).toEqual(['script'])
  })
})

it('serveCodeWorker: the browser Worker and self fit the structural types, and the scope is only listened to', () => {
  expectTypeOf<globalThis.Worker>().toExtend<WorkerLike>()
  expectTypeOf<typeof self>().toExtend<WorkerScopeLike>()
  const listeners: string[] = []
  serveCodeWorker(
    { postMessage: () => {}, addEventListener: type => void listeners.push(type) },
    Promise.reject(new Error('x')),
  )
  expect(listeners).toEqual(['message'])
})
