// A node:worker_threads code worker for packages/core/test/code-mode-worker.test.ts (core README,
// "Code mode"): plain JavaScript over the built core (`npm run build`), so it runs on every Node
// the suite runs on (20 included: no type stripping, no module hooks there).
// `workerData.mode` picks the worker:
//   quickjs  serveCodeWorker over the real QuickJS executor;
//   broken   serveCodeWorker over an executor promise that fails;
//   busy     serveCodeWorker over an executor that blocks the thread forever (never answers);
//   script   no serveCodeWorker: each run's code is JSON `{ post, echo, crash }` saying what to post
//            ("$id", "$id+1", "$id-1" become the run's id), after how many `answer` messages to
//            post `done` with them as its JSON, and what to throw (an uncaught error: the Worker's 'error').
import { parentPort, workerData } from 'node:worker_threads'
import { serveCodeWorker, quickJsExecutor } from '@toolreg/core/code-mode'

const port = parentPort
/** parentPort as the structural `WorkerScopeLike` (the browser's `self` is one as it is). */
const scope = {
  postMessage: message => port.postMessage(message),
  addEventListener: (_type, listener) => void port.on('message', data => listener({ data })),
}
const mode = workerData.mode

if (mode === 'quickjs') {
  const { newQuickJSWASMModule, RELEASE_SYNC } = await import('quickjs-emscripten')
  serveCodeWorker(scope, newQuickJSWASMModule(RELEASE_SYNC).then(quickJsExecutor))
} else if (mode === 'broken') {
  serveCodeWorker(scope, Promise.reject(new Error('no WebAssembly here')))
} else if (mode === 'busy') {
  serveCodeWorker(scope, {
    run() {
      for (;;) {} // blocks the worker's thread: only terminate() stops it
    },
  })
} else if (mode === 'script') {
  /** @type {{ id: number, count: number, answers: unknown[] } | undefined} */
  let echo
  const withId = (value, id) => {
    const m = typeof value === 'string' ? /^\$id([+-]\d+)?$/.exec(value) : null
    if (m) return id + Number(m[1] ?? 0)
    if (Array.isArray(value)) return value.map(v => withId(v, id))
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withId(v, id)]))
    return value
  }
  scope.addEventListener('message', ({ data }) => {
    const message = data
    if (message.type === 'answer' && echo?.id === message.id && echo.answers.push(message) === echo.count) {
      const result = { ok: true, json: JSON.stringify(echo.answers), console: '' }
      port.postMessage({ type: 'done', id: message.id, result })
    }
    if (message.type !== 'run') return
    const script = JSON.parse(message.code)
    if (script.crash)
      setTimeout(() => {
        throw new Error(script.crash)
      })
    echo = script.echo ? { id: message.id, count: script.echo, answers: [] } : undefined
    for (const m of script.post ?? []) port.postMessage(withId(m, message.id))
  })
} else throw new Error(`no worker mode ${mode}`)
