// A code-mode executor on QuickJS compiled to WebAssembly (see the core README, "Code mode").
// The caller passes the quickjs-emscripten module; the core imports nothing of it. One fresh
// runtime per run; only strings cross: JSON.stringify and JSON.parse run inside the sandbox.
import type { CodeExecutor, CodeHost, CodeModeLimits } from './executor.js'

/** A value handle of quickjs-emscripten (a `Lifetime`). */
export interface QuickJsHandle {
  readonly alive: boolean
  dispose(): void
  dup(): QuickJsHandle
}
type QuickJsResult<T> = { error: QuickJsHandle } | { error?: undefined; value: T }
type QuickJsPromiseState =
  | { type: 'pending' }
  | { type: 'fulfilled'; value: QuickJsHandle }
  | { type: 'rejected'; error: QuickJsHandle }
/** quickjs-emscripten's `QuickJSDeferredPromise`. */
export interface QuickJsDeferred {
  readonly handle: QuickJsHandle
  readonly alive: boolean
  resolve(value?: QuickJsHandle): void
  reject(value?: QuickJsHandle): void
  dispose(): void
}
/** The parts of quickjs-emscripten's `QuickJSContext` the executor uses. */
export interface QuickJsContextLike {
  readonly undefined: QuickJsHandle
  evalCode(code: string, filename?: string): QuickJsResult<QuickJsHandle>
  newString(text: string): QuickJsHandle
  newError(message: string): QuickJsHandle
  newFunction(name: string, fn: (...args: QuickJsHandle[]) => QuickJsHandle | undefined): QuickJsHandle
  newPromise(): QuickJsDeferred
  callFunction(fn: QuickJsHandle, thisValue: QuickJsHandle, ...args: QuickJsHandle[]): QuickJsResult<QuickJsHandle>
  getPromiseState(handle: QuickJsHandle): QuickJsPromiseState
  typeof(handle: QuickJsHandle): string
  getString(handle: QuickJsHandle): string
  dispose(): void
}
/** The parts of quickjs-emscripten's `QuickJSRuntime` the executor uses. */
export interface QuickJsRuntimeLike {
  setMemoryLimit(bytes: number): void
  setMaxStackSize(bytes: number): void
  setInterruptHandler(shouldInterrupt: () => boolean): void
  newContext(): QuickJsContextLike
  hasPendingJob(): boolean
  executePendingJobs(maxJobs?: number): QuickJsResult<number>
  dispose(): void
}
/** The parts of quickjs-emscripten's `QuickJSWASMModule` the executor uses (`getQuickJS()` answers one). */
export interface QuickJsModuleLike {
  newRuntime(): QuickJsRuntimeLike
}

/**
 * QuickJS's stack lives on the host engine's stack (WebAssembly frames): above ~384 KiB the host
 * overflows first under Node's default stack, so larger `stackBytes` are clamped to this.
 */
const MAX_STACK_BYTES = 256 * 1024
const ERROR_LINES = 12
const ERROR_CHARS = 2000

// Evaluated before the model's code; sees the two host functions and the API as JSON text, and
// answers the helper the host calls at the end: 'json' (stringify), 'parse', 'describe' (an error's text).
const PRELUDE = `(function (call, log, apiText) {
  'use strict'
  const G = globalThis, stringify = JSON.stringify, parse = JSON.parse, Str = String, TE = TypeError
  const keys = Object.keys, freeze = Object.freeze, create = Object.create, define = Object.defineProperty
  const reject = e => Promise.reject(e), api = parse(apiText), tools = create(null)
  const show = v => {
    if (typeof v === 'string') return v
    try { const t = stringify(v); if (typeof t === 'string') return t } catch {}
    try { return Str(v) } catch { return '[unprintable]' }
  }
  for (const set of keys(api)) {
    const methods = create(null)
    for (const method of keys(api[set])) {
      const name = api[set][method]
      methods[method] = function (args) {
        let text
        try { text = stringify(args === undefined ? {} : args) } catch (e) { return reject(e) }
        if (typeof text !== 'string') return reject(new TE('tools.' + set + '.' + method + ': the arguments are not JSON'))
        return call(name, text)
      }
    }
    tools[set] = freeze(methods)
  }
  define(G, 'tools', { value: freeze(tools) })
  const con = create(null)
  for (const level of ['log', 'info', 'warn', 'error', 'debug'])
    con[level] = function (...args) { let t = ''; for (let i = 0; i < args.length; i++) t += (i ? ' ' : '') + show(args[i]); log(level, t) }
  define(G, 'console', { value: freeze(con), writable: true, configurable: true })
  const describe = e => {
    try {
      if (e !== null && typeof e === 'object' && typeof e.message === 'string') {
        const head = (typeof e.name === 'string' && e.name ? e.name : 'Error') + ': ' + e.message
        return typeof e.stack === 'string' && e.stack ? head + '\\n' + e.stack : head
      }
      return 'thrown: ' + show(e)
    } catch { return 'thrown: an unprintable value' }
  }
  return (op, x) => op === 'json' ? stringify(x) : op === 'parse' ? parse(x) : describe(x)
})`

type Answer = { ok: true; json: string } | { ok: false; error: string }

/** Console text kept up to `max` characters; the rest is cut, and says so. */
function consoleBuffer(max: number) {
  let text = ''
  let cut = false
  return {
    add(level: string, line: string) {
      if (cut) return
      const entry = `${level === 'log' ? '' : `[${level}] `}${line}\n`
      if (text.length + entry.length <= max) text += entry
      else {
        text += `${entry.slice(0, Math.max(0, max - text.length))}\n[console output cut at ${max} characters (maxConsoleChars)]\n`
        cut = true
      }
    },
    text: () => text,
  }
}

/** An error's text, its stack cut to a few frames. */
function trimError(text: string): string {
  const lines = text.split('\n').filter(line => line !== '')
  const kept =
    lines.length > ERROR_LINES ? [...lines.slice(0, ERROR_LINES), `    … ${lines.length - ERROR_LINES} more`] : lines
  const joined = kept.join('\n')
  return joined.length > ERROR_CHARS ? `${joined.slice(0, ERROR_CHARS)}…` : joined
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Runs the model's code in QuickJS: see `CodeExecutor`. */
export function quickJsExecutor(quickjs: QuickJsModuleLike): CodeExecutor {
  return {
    async run(code, host, limits) {
      const output = consoleBuffer(limits.maxConsoleChars)
      try {
        return { ...(await runIn(quickjs, code, host, limits, output.add)), console: output.text() }
      } catch (error) {
        return { ok: false, error: `the QuickJS executor failed: ${message(error)}`, console: output.text() }
      }
    },
  }
}

type Outcome = { ok: true; json: string | undefined } | { ok: false; error: string }

async function runIn(
  quickjs: QuickJsModuleLike,
  code: string,
  host: CodeHost,
  limits: CodeModeLimits,
  print: (level: string, line: string) => void,
): Promise<Outcome> {
  const deadline = Date.now() + limits.timeMs
  let timedOut = false
  const lateText = `time limit exceeded: the run took over ${limits.timeMs} ms (timeMs)`
  const late = (): Outcome => ({ ok: false, error: lateText })
  const rt = quickjs.newRuntime()
  const owned: { readonly alive: boolean; dispose(): void }[] = []
  const keep = <T extends { readonly alive: boolean; dispose(): void }>(h: T): T => (owned.push(h), h)
  let ctx: QuickJsContextLike | undefined
  let finished = false
  try {
    rt.setMaxStackSize(Math.min(Math.max(0, limits.stackBytes), MAX_STACK_BYTES) || MAX_STACK_BYTES)
    rt.setInterruptHandler(() => (timedOut ||= Date.now() > deadline))
    const c = rt.newContext()
    ctx = c
    const names = new Set<string>()
    const api: Record<string, Record<string, string>> = {}
    for (const [set, methods] of Object.entries(host.api)) {
      api[set] = {}
      for (const [method, name] of Object.entries(methods))
        if (typeof name === 'string') names.add((api[set][method] = name))
    }
    const answers: { deferred: QuickJsDeferred; answer: Answer }[] = []
    let pending = 0
    let calls = 0
    let wake: (() => void) | undefined
    const arrive = (deferred: QuickJsDeferred, answer: Answer) => {
      pending--
      if (finished) return
      answers.push({ deferred, answer })
      wake?.()
    }
    const call = keep(
      c.newFunction('call', (nameHandle, argsHandle) => {
        const deferred = keep(c.newPromise())
        const text = (h: QuickJsHandle | undefined) => (h && c.typeof(h) === 'string' ? c.getString(h) : undefined)
        const name = text(nameHandle)
        const argsJson = text(argsHandle)
        if (calls >= limits.maxToolCalls || name === undefined || argsJson === undefined || !names.has(name)) {
          const why =
            calls >= limits.maxToolCalls
              ? `tool call limit exceeded: more than ${limits.maxToolCalls} calls (maxToolCalls)`
              : 'not a tool call'
          const error = c.newError(why)
          deferred.reject(error)
          error.dispose()
        } else {
          calls++
          pending++
          Promise.resolve()
            .then(() => host.call(name, argsJson))
            .then(
              (a): Answer =>
                a?.ok === true && typeof a.json === 'string'
                  ? { ok: true, json: a.json }
                  : { ok: false, error: a?.ok === false ? String(a.error) : 'the tool answered no JSON' },
              (e: unknown): Answer => ({ ok: false, error: message(e) }),
            )
            .then(answer => arrive(deferred, answer))
        }
        return deferred.handle.dup()
      }),
    )
    const log = keep(
      c.newFunction('log', (level, line) => {
        if (level && line && c.typeof(level) === 'string' && c.typeof(line) === 'string')
          print(c.getString(level), c.getString(line))
        return undefined
      }),
    )
    const helper = keep(
      unwrap(
        c.callFunction(
          keep(unwrap(c.evalCode(PRELUDE, 'prelude.js'))),
          c.undefined,
          call,
          log,
          keep(c.newString(JSON.stringify(api))),
        ),
      ),
    )
    const use = (op: string, value: QuickJsHandle) => {
      const opHandle = c.newString(op)
      try {
        return c.callFunction(helper, c.undefined, opHandle, value)
      } finally {
        opHandle.dispose()
      }
    }
    const describe = (error: QuickJsHandle): string => {
      if (timedOut) return lateText
      const r = use('describe', error)
      const text = r.error ? undefined : c.typeof(keep(r.value)) === 'string' ? c.getString(r.value) : undefined
      if (r.error) keep(r.error)
      if (text === undefined) return timedOut ? lateText : 'the code failed and its error could not be read'
      if (text.startsWith('InternalError: out of memory'))
        return `memory limit exceeded (memoryBytes: ${limits.memoryBytes}): ${trimError(text)}`
      if (text.startsWith('InternalError: stack overflow'))
        return `stack limit exceeded (stackBytes: ${limits.stackBytes}): InternalError: stack overflow`
      return trimError(text)
    }
    rt.setMemoryLimit(limits.memoryBytes)
    const evaluated = c.evalCode(`(async () => { ${code}\n })()`, 'code.js')
    if (evaluated.error) return { ok: false, error: describe(keep(evaluated.error)) }
    const top = keep(evaluated.value)
    for (;;) {
      for (const { deferred, answer } of answers.splice(0)) {
        const json = answer.ok ? c.newString(answer.json) : undefined
        const parsed = json ? use('parse', json) : { error: c.newError(answer.ok ? '' : answer.error) }
        json?.dispose()
        if (parsed.error) deferred.reject(parsed.error)
        else deferred.resolve(parsed.value)
        ;(parsed.error ?? parsed.value).dispose()
        deferred.dispose()
      }
      for (let batch = 0; batch < 100 && rt.hasPendingJob() && !timedOut; batch++) {
        const jobs = rt.executePendingJobs(10_000)
        if (jobs.error) keep(jobs.error)
      }
      if (timedOut || Date.now() > deadline) return late()
      const state = c.getPromiseState(top)
      if (state.type === 'rejected') return { ok: false, error: describe(keep(state.error)) }
      if (state.type === 'fulfilled') return finish(c, use, keep(state.value), limits, describe)
      if (answers.length > 0 || rt.hasPendingJob()) continue
      if (pending === 0)
        return { ok: false, error: 'the code awaits a promise that never settles (no tool call is pending)' }
      let timer: ReturnType<typeof setTimeout> | undefined
      await new Promise<void>(resolve => {
        wake = resolve
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
      })
      clearTimeout(timer)
      wake = undefined
    }
  } finally {
    finished = true
    // quickjs-emscripten 0.32 can abort in JS_FreeRuntime (its `gc_obj_list` assertion) after an
    // out-of-memory or with async jobs left pending; the run's outcome stands, the module keeps working.
    try {
      for (const h of owned.reverse()) if (h.alive) h.dispose()
      ctx?.dispose()
      rt.dispose()
    } catch {}
  }
}

function unwrap(result: QuickJsResult<QuickJsHandle>): QuickJsHandle {
  if (result.error) {
    result.error.dispose()
    throw new Error('the sandbox could not be set up')
  }
  return result.value
}

function finish(
  c: QuickJsContextLike,
  use: (op: string, value: QuickJsHandle) => QuickJsResult<QuickJsHandle>,
  value: QuickJsHandle,
  limits: CodeModeLimits,
  describe: (error: QuickJsHandle) => string,
): Outcome {
  const r = use('json', value)
  if (r.error) {
    const why = describe(r.error)
    r.error.dispose()
    return { ok: false, error: `the returned value is not JSON: ${why}` }
  }
  const json = c.typeof(r.value) === 'string' ? c.getString(r.value) : undefined
  r.value.dispose()
  if (json !== undefined && json.length > limits.maxOutputChars)
    return {
      ok: false,
      error: `output limit exceeded: the returned JSON is ${json.length} characters, over ${limits.maxOutputChars} (maxOutputChars)`,
    }
  return { ok: true, json }
}
