// A code-mode executor on QuickJS in WebAssembly (core README, "Code mode"): the caller passes the quickjs-emscripten
// module (the core imports nothing of it); a fresh runtime per run; only strings cross, JSON is done in the sandbox.
import type { CodeCallAnswer as Answer, CodeExecutor } from './executor.js'
import { consoleCutMark, outputLimitError, timeLimitError, toolCallLimitError } from './limit-errors.js'
import type {
  QuickJsDeferred,
  QuickJsDisposable,
  QuickJsHandle,
  QuickJsModuleLike,
  QuickJsResult,
  QuickJsRuntimeLike,
} from './quickjs-types.js'

// QuickJS's stack lives on the host's (WebAssembly frames): above ~384 KiB Node's default stack
// overflows first, so a larger `stackBytes` is clamped to this.
const MAX_STACK_BYTES = 256 * 1024
const ERROR_LINES = 12
const ERROR_CHARS = 2000

// Evaluated before the model's code; sees the two host functions and the API as JSON text, and
// answers the helper the host calls at the end: 'json' (stringify), 'parse', 'describe' (an error's text).
const PRELUDE = `(function (call, log, apiText) {
  'use strict'
  const G = globalThis, stringify = JSON.stringify, parse = JSON.parse, Str = String, TE = TypeError, P = Promise
  const rejected = e => P.reject.call(P, e), keys = Object.keys, freeze = Object.freeze, create = Object.create
  const api = parse(apiText), tools = create(null), con = create(null), define = Object.defineProperty
  const json = v => { try { const t = stringify(v); if (typeof t === 'string') return t } catch {} }
  const show = v => { if (typeof v === 'string') return v; const t = json(v); if (t !== undefined) return t
    try { return Str(v) } catch { return '[unprintable]' } }
  const tool = (name, label) => function (args) {
    let text
    try { text = stringify(args === undefined ? {} : args) } catch (e) { return rejected(e) }
    return typeof text === 'string' ? call(name, text) : rejected(new TE(label + ': the arguments are not JSON'))
  }
  for (const set of keys(api)) {
    const methods = create(null)
    for (const m of keys(api[set])) methods[m] = tool(api[set][m], 'tools.' + set + '.' + m)
    tools[set] = freeze(methods)
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'])
    con[level] = function (...args) { let t = ''; for (let i = 0; i < args.length; i++) t += (i ? ' ' : '') + show(args[i]); log(level, t) }
  define(G, 'tools', { value: freeze(tools) }), define(G, 'console', { value: freeze(con), writable: true, configurable: true })
  const describe = e => { try {
    if (e === null || typeof e !== 'object' || typeof e.message !== 'string') return 'thrown: ' + show(e)
    const head = (typeof e.name === 'string' && e.name ? e.name : 'Error') + ': ' + e.message
    return typeof e.stack === 'string' && e.stack ? head + '\\n' + e.stack : head
  } catch { return 'thrown: an unprintable value' } }
  return (op, x) => op === 'json' ? stringify(x) : op === 'parse' ? parse(x) : describe(x)
})`

type Outcome = { ok: true; json: string | undefined } | { ok: false; error: string }
const fail = (error: string): Outcome => ({ ok: false, error })
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))
/** What a host call answered, checked: anything but `{ ok: true, json: string }` is an error. */
const checked = (a: Answer | undefined): Answer =>
  a?.ok === true && typeof a.json === 'string'
    ? { ok: true, json: a.json }
    : { ok: false, error: a?.ok === false ? String(a.error) : 'the tool answered no JSON' }
/** Console text kept up to `max` characters; the rest is cut, and says so. */
function consoleBuffer(max: number) {
  let text = ''
  let cut = false
  const mark = consoleCutMark(max)
  const add = (level: string, line: string) => {
    const entry = `${level === 'log' ? '' : `[${level}] `}${line}\n`
    if (!cut && text.length + entry.length > max) [text, cut] = [text + entry.slice(0, max - text.length) + mark, true]
    else if (!cut) text += entry
  }
  return { add, text: () => text }
}
/** An error's text, its stack cut to a few frames. */
function trimError(text: string): string {
  const lines = text.split('\n').filter(line => line !== '')
  const more = lines.length > ERROR_LINES ? [`    … ${lines.length - ERROR_LINES} more`] : []
  const joined = [...lines.slice(0, ERROR_LINES), ...more].join('\n')
  return joined.length > ERROR_CHARS ? `${joined.slice(0, ERROR_CHARS)}…` : joined
}

/** Runs the model's code in QuickJS: see `CodeExecutor` and the core README, "Code mode". */
export function quickJsExecutor(quickjs: QuickJsModuleLike): CodeExecutor {
  // Set when freeing a runtime threw: the WebAssembly module's heap may be corrupt, so every later
  // run is refused with the reason instead of running on it.
  let broken: string | undefined
  return {
    async run(code, host, limits) {
      const output = consoleBuffer(limits.maxConsoleChars)
      if (broken !== undefined)
        return {
          ...fail(`the QuickJS module is unusable (freeing a runtime failed: ${broken}): create a new executor`),
          console: '',
        }
      const { outcome, freeError } = await runIn(quickjs, [code, host, limits], output.add)
      broken ??= freeError
      return { ...outcome, console: output.text() }
    },
  }
}

type Print = (level: string, line: string) => void
type Run = Parameters<CodeExecutor['run']>
const broke = (error: unknown) => fail(`the QuickJS executor failed: ${message(error)}`)

/** One run on a fresh runtime, always freed after; `freeError` is set when freeing it threw. */
async function runIn(quickjs: QuickJsModuleLike, run: Run, print: Print) {
  let rt: QuickJsRuntimeLike
  try {
    rt = quickjs.newRuntime()
  } catch (error) {
    return { outcome: broke(error) }
  }
  const owned: QuickJsDisposable[] = []
  const outcome = await runOn(rt, run, print, owned).catch(broke)
  return { outcome, freeError: free(rt, owned) }
}

/** Frees every handle, then the runtime (its limits lifted first, so nothing fails for want of memory). */
function free(rt: QuickJsRuntimeLike, owned: QuickJsDisposable[]): string | undefined {
  try {
    rt.setMemoryLimit(-1)
    for (const h of owned.reverse()) if (h.alive) h.dispose()
    rt.dispose()
    return undefined
  } catch (error) {
    return message(error)
  }
}

async function runOn(rt: QuickJsRuntimeLike, [code, host, limits]: Run, print: Print, owned: QuickJsDisposable[]) {
  const deadline = Date.now() + limits.timeMs
  const late = timeLimitError(limits.timeMs)
  const overCalls = toolCallLimitError(limits.maxToolCalls)
  let [timedOut, finished, overdue] = [false, false, 0]
  const keep = <T extends QuickJsDisposable>(h: T): T => (owned.push(h), h)
  try {
    rt.setMaxStackSize(Math.min(Math.max(0, limits.stackBytes), MAX_STACK_BYTES) || MAX_STACK_BYTES)
    rt.setInterruptHandler(() => {
      if (Date.now() <= deadline) return false
      // QuickJS turns an interrupt raised inside a Promise executor or an async function into a
      // rejection the code can catch, so a loop that makes promises could catch every one. From the
      // second overdue check on, the runtime may allocate nothing: no promise can be made, and the
      // next interrupt lands in the loop itself, where no code can catch it.
      if (++overdue === 2) rt.setMemoryLimit(1)
      timedOut = true
      return true
    })
    const c = keep(rt.newContext())
    const names = new Set<string>()
    const api: Record<string, Record<string, string>> = {}
    for (const [set, methods] of Object.entries(host.api))
      for (const [method, name] of Object.entries(methods))
        if (typeof name === 'string') names.add(((api[set] ??= {})[method] = name))
    const answers: { deferred: QuickJsDeferred; answer: Answer }[] = []
    let [pending, calls] = [0, 0]
    let wake: (() => void) | undefined
    const text = (h: QuickJsHandle | undefined) => (h && c.typeof(h) === 'string' ? c.getString(h) : undefined)
    // The sandbox's `call(name, argsJson)`: two strings in, a sandbox promise out; extra arguments are ignored.
    const call = keep(
      c.newFunction('call', (nameHandle, argsHandle) => {
        const deferred = keep(c.newPromise())
        const [name, argsJson] = [text(nameHandle), text(argsHandle)]
        if (calls >= limits.maxToolCalls || name === undefined || argsJson === undefined || !names.has(name)) {
          const error = c.newError(calls >= limits.maxToolCalls ? overCalls : 'not a tool call')
          deferred.reject(error)
          error.dispose()
        } else {
          ;[calls, pending] = [calls + 1, pending + 1]
          Promise.resolve()
            .then(() => host.call(name, argsJson))
            .then(checked, (e: unknown): Answer => ({ ok: false, error: message(e) }))
            .then(answer => {
              pending--
              if (!finished) answers.push({ deferred, answer }), wake?.()
            })
        }
        return deferred.handle.dup()
      }),
    )
    const log = keep(
      c.newFunction('log', (level, line) => {
        const [l, t] = [text(level), text(line)]
        if (l !== undefined && t !== undefined) print(l, t)
      }),
    )
    const prelude = keep(unwrap(c.evalCode(PRELUDE, 'prelude.js')))
    const apiText = keep(c.newString(JSON.stringify(api)))
    const helper = keep(unwrap(c.callFunction(prelude, c.undefined, call, log, apiText)))
    const use = (op: string, value: QuickJsHandle) => {
      const opHandle = c.newString(op)
      const result = c.callFunction(helper, c.undefined, opHandle, value)
      opHandle.dispose()
      return result
    }
    const describe = (error: QuickJsHandle): string => {
      const r = timedOut ? undefined : use('describe', error)
      const said = r && !r.error ? text(keep(r.value)) : (r && keep(r.error), undefined)
      if (said === undefined) return timedOut ? late : 'the code failed and its error could not be read'
      if (said.startsWith('InternalError: out of memory'))
        return `memory limit exceeded (memoryBytes: ${limits.memoryBytes}): ${trimError(said)}`
      if (said.startsWith('InternalError: stack overflow'))
        return `stack limit exceeded (stackBytes: ${limits.stackBytes}): InternalError: stack overflow`
      return trimError(said)
    }
    rt.setMemoryLimit(limits.memoryBytes)
    const evaluated = c.evalCode(`(async () => { ${code}\n })()`, 'code.js')
    if (evaluated.error) return fail(describe(keep(evaluated.error)))
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
        if (jobs.error) jobs.error.dispose()
      }
      if (timedOut || Date.now() > deadline) return fail(late)
      const state = c.getPromiseState(top)
      if (state.type === 'rejected') return fail(describe(keep(state.error)))
      if (state.type === 'fulfilled') {
        const r = use('json', keep(state.value))
        if (r.error) return fail(`the returned value is not JSON: ${describe(keep(r.error))}`)
        const json = text(keep(r.value))
        if (json === undefined || json.length <= limits.maxOutputChars) return { ok: true as const, json }
        return fail(outputLimitError(json.length, limits.maxOutputChars))
      }
      if (answers.length > 0 || rt.hasPendingJob()) continue
      if (pending === 0) return fail('the code awaits a promise that never settles (no tool call is pending)')
      let timer: ReturnType<typeof setTimeout> | undefined
      await new Promise<void>(resolve => {
        wake = resolve
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
      })
      clearTimeout(timer)
    }
  } finally {
    finished = true
  }
}
function unwrap(result: QuickJsResult<QuickJsHandle>): QuickJsHandle {
  if (!result.error) return result.value
  result.error.dispose()
  throw new Error('the sandbox could not be set up')
}
