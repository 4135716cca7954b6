// One run at a time: while one runs, later requests merge into one queued run, which starts
// after the current one settles and covers every request made until then. The scanner and
// the dev session share it (@toolreg/mcp keeps a request-free copy of its own: it depends on
// no plugin code).

export interface SerialOptions {
  /**
   * Also an idle request waits a microtask before its run starts, so the requests of one
   * synchronous burst share one run (the dev session's file events). Default false: an idle
   * request starts at once (a bundler's scan).
   */
  batch?: boolean
}

/** `run` never overlaps itself; `merge(queued, incoming)` folds a request into the queued one. */
export function serializeRuns<Request, Result>(
  run: (request: Request) => Promise<Result>,
  merge: (queued: Request, incoming: Request) => void,
  { batch = false }: SerialOptions = {},
): (request: Request) => Promise<Result> {
  let running: Promise<Result> | undefined
  let queued: { request: Request; result: Promise<Result> } | undefined
  const start = (request: Request): Promise<Result> => {
    // Cleared before any caller sees the result: a request right after it starts at once.
    const current: Promise<Result> = run(request).finally(() => {
      if (running === current) running = undefined
    })
    running = current
    return current
  }
  return request => {
    if (queued) {
      merge(queued.request, request)
      return queued.result
    }
    if (!running && !batch) return start(request)
    const next = { request, result: undefined as unknown as Promise<Result> }
    // The current run's failure belongs to its own callers.
    next.result = (running?.catch(() => undefined) ?? Promise.resolve()).then(() => {
      queued = undefined
      return start(next.request)
    })
    queued = next
    return next.result
  }
}
