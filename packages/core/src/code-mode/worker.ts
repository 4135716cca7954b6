// The worker executor (core README, "Code mode", "The worker executor"): the page runs the code in a
// Web Worker and can always stop it, however the code loops; `serveCodeWorker` is the worker's side.
// Only strings cross, and everything the worker sends is checked as untrusted (worker-protocol.ts).
import type { CodeCallAnswer, CodeExecutor, CodeHost, CodeModeLimits, CodeRunResult } from './executor.js'
import {
  type AnswerMessage,
  type CallMessage,
  checkedAnswer,
  checkedResult,
  errorText,
  isCount,
  isRecord,
  parseFromWorker,
  parseRun,
  plainApi,
  plainLimits,
  type RunMessage,
  type WorkerLike,
  type WorkerScopeLike,
} from './worker-protocol.js'
import { timeLimitError, toolCallLimitError } from './limit-errors.js'

export interface WorkerExecutorOptions {
  /** How long past `timeMs` the page waits for the worker's own answer before terminating it (ms, default 500). */
  graceMs?: number
}

/** One run on the worker: it ends once, by `finish`. */
interface Running {
  readonly id: number
  readonly host: CodeHost
  readonly limits: CodeModeLimits
  readonly names: ReadonlySet<string>
  /** Tool calls passed to the host; the last call number seen. */
  calls: number
  lastN: number
  finish(result: CodeRunResult): void
}
/** A spawned worker and the run it is doing, if any. */
interface Live {
  readonly worker: WorkerLike
  run: Running | undefined
}

// setTimeout fires at once past 2^31 - 1 ms: a longer (or non-finite) deadline waits this long.
const MAX_DELAY = 2 ** 31 - 1
const failed = (error: string): CodeRunResult => ({ ok: false, error, console: '' })

/**
 * Runs the code in a worker from `spawn` (page side; see the core README, "Code mode"). One worker
 * is kept warm across runs, spawned on the first; runs take turns on it (a run's clock starts when
 * it is sent). Past `timeMs + graceMs` without the worker's answer, the worker is terminated and the
 * run ends with the time-limit error; a worker `error` event or a malformed message terminates it
 * too, and fails the run. The next run spawns a fresh worker.
 */
export function workerExecutor(spawn: () => WorkerLike, options: WorkerExecutorOptions = {}): CodeExecutor {
  const grace = options.graceMs ?? 500
  if (!(Number.isFinite(grace) && grace >= 0)) throw new TypeError('graceMs must be a finite number ≥ 0')
  let live: Live | undefined
  let lastId = 0
  let turn: Promise<unknown> = Promise.resolve()

  /** Terminates the worker for good; its run, if any, fails with `why`. */
  const kill = (state: Live, why: string) => {
    if (live === state) live = undefined
    try {
      state.worker.terminate()
    } catch (error) {
      why += ` (terminating the worker failed too: ${errorText(error)})`
    }
    state.run?.finish(failed(why))
  }
  const post = (state: Live, message: RunMessage | AnswerMessage) => {
    try {
      state.worker.postMessage(message)
    } catch (error) {
      kill(state, `the code worker could not be sent a message: ${errorText(error)}`)
    }
  }
  const onCall = (state: Live, run: Running, { n, name, argsJson }: CallMessage) => {
    if (n <= run.lastN) return kill(state, 'the code worker sent a malformed message: a call number used twice')
    run.lastN = n
    let answer: Promise<CodeCallAnswer>
    if (!run.names.has(name)) answer = Promise.resolve({ ok: false, error: 'not a tool call' })
    else if (run.calls >= run.limits.maxToolCalls)
      answer = Promise.resolve({ ok: false, error: toolCallLimitError(run.limits.maxToolCalls) })
    else {
      run.calls++
      answer = Promise.resolve()
        .then(() => run.host.call(name, argsJson))
        .then(checkedAnswer, (error: unknown): CodeCallAnswer => ({ ok: false, error: errorText(error) }))
    }
    void answer.then(a => {
      if (live === state && state.run === run) post(state, { type: 'answer', id: run.id, n, answer: a })
    })
  }
  const onMessage = (state: Live, data: unknown) => {
    const message = parseFromWorker(data)
    if (typeof message === 'string') return kill(state, `the code worker sent a malformed message: ${message}`)
    const run = state.run
    if (run?.id !== message.id) {
      if (message.id <= lastId) return // a message of a run that is over: ignored
      return kill(state, 'the code worker sent a malformed message: an id no run has')
    }
    if (message.type === 'call') return onCall(state, run, message)
    const result = checkedResult(message.result, run.limits)
    if (typeof result === 'string') return kill(state, `the code worker sent a malformed result: ${result}`)
    run.finish(result)
  }
  const start = (): Live | string => {
    try {
      const state: Live = { worker: spawn(), run: undefined }
      state.worker.addEventListener('message', event => {
        if (live === state) onMessage(state, event?.data)
      })
      state.worker.addEventListener('error', event => {
        const said = typeof event?.message === 'string' && event.message ? event.message : 'no message'
        if (live === state) kill(state, `the code worker failed: ${said}`)
      })
      return state
    } catch (error) {
      return `the code worker could not be started: ${errorText(error)}`
    }
  }

  const runOne = (code: string, host: CodeHost, limits: CodeModeLimits): Promise<CodeRunResult> => {
    const api = plainApi(host.api)
    const started = live ?? start()
    if (typeof started === 'string') return Promise.resolve(failed(started))
    const state = (live = started)
    const id = ++lastId
    const names = new Set(Object.values(api).flatMap(methods => Object.values(methods)))
    return new Promise(resolve => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const run: Running = {
        id,
        host,
        limits,
        names,
        calls: 0,
        lastN: 0,
        finish(result) {
          clearTimeout(timer)
          if (state.run === run) state.run = undefined
          resolve(result)
        },
      }
      state.run = run
      const wait = limits.timeMs + grace
      timer = setTimeout(
        () => kill(state, timeLimitError(limits.timeMs)),
        wait >= 0 && wait < MAX_DELAY ? wait : MAX_DELAY,
      )
      post(state, { type: 'run', id, code, api, limits: plainLimits(limits) })
    })
  }

  return {
    run(code, host, limits) {
      const result = turn.then(() => runOne(code, host, limits))
      turn = result.catch(() => undefined)
      return result.catch((error: unknown) => failed(`the worker executor failed: ${errorText(error)}`))
    },
  }
}

/**
 * The worker's side (see the core README, "Code mode"): runs each `run` message with `executor`,
 * its tool calls posted to the page and awaited, and posts how it ended. When `executor` is a
 * promise that fails, every run answers `the code worker could not start: …`.
 */
export function serveCodeWorker(scope: WorkerScopeLike, executor: CodeExecutor | Promise<CodeExecutor>): void {
  const ready = Promise.resolve(executor).then(
    e => e,
    (error: unknown) => `the code worker could not start: ${errorText(error)}`,
  )
  const waiting = new Map<number, Map<number, (answer: CodeCallAnswer) => void>>()
  const serve = async (id: number, data: Record<string, unknown>): Promise<CodeRunResult> => {
    const run = parseRun(data)
    if (typeof run === 'string') return failed(`the code worker got a malformed run message: ${run}`)
    const e = await ready
    if (typeof e === 'string') return failed(e)
    const calls = new Map<number, (answer: CodeCallAnswer) => void>()
    waiting.set(id, calls)
    let n = 0
    const host: CodeHost = {
      api: run.api,
      call: (name, argsJson) =>
        new Promise(resolve => {
          calls.set(++n, resolve)
          scope.postMessage({ type: 'call', id, n, name: String(name), argsJson: String(argsJson) })
        }),
    }
    try {
      return await e.run(run.code, host, run.limits)
    } catch (error) {
      return failed(`the code executor failed: ${errorText(error)}`)
    } finally {
      waiting.delete(id)
    }
  }
  scope.addEventListener('message', event => {
    const data: unknown = event?.data
    if (!isRecord(data) || !isCount(data.id)) return // not a message of this protocol
    const id = data.id
    if (data.type === 'answer') {
      const resolve = isCount(data.n) ? waiting.get(id)?.get(data.n) : undefined
      if (resolve) waiting.get(id)?.delete(data.n as number), resolve(checkedAnswer(data.answer))
    } else if (data.type === 'run')
      void serve(id, data).then(r => {
        // A plain copy: nothing but strings (and `ok`) is posted, whatever the executor answered.
        const result = r.ok
          ? { ok: true, json: r.json === undefined ? undefined : String(r.json), console: String(r.console) }
          : { ok: false, error: String(r.error), console: String(r.console) }
        try {
          scope.postMessage({ type: 'done', id, result })
        } catch (error) {
          scope.postMessage({ type: 'done', id, result: failed(`the code worker could not post: ${errorText(error)}`) })
        }
      })
  })
}
