import { ToolRegistry, type RegistryOptions, type ToolSpec } from '@toolreg/core'

export type Level = 'debug' | 'info' | 'warn' | 'error'
export interface LogCall {
  level: Level
  text: string
  args: unknown[]
}

const show = (a: unknown) => {
  if (typeof a == 'string') return a
  if (a instanceof Error) return String(a.stack)
  try {
    return String(a)
  } catch {
    return Object.prototype.toString.call(a)
  }
}

/** A logger that records every call, with its arguments joined into `text`. */
export function recordingLogger() {
  const calls: LogCall[] = []
  const at =
    (level: Level) =>
    (...args: unknown[]) => {
      const text = args.map(show).join(' ')
      calls.push({ level, text, args })
    }
  const logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
  return { logger, calls, of: (level: Level) => calls.filter(c => c.level === level) }
}

/** A registry with a recording logger and a movable clock (ms). */
export function setup(options: RegistryOptions = {}) {
  const log = recordingLogger()
  const clock = { t: 0 }
  const registry = new ToolRegistry({ logger: log.logger, now: () => clock.t, ...options })
  return { registry, log, clock }
}

/** A minimal valid spec; `extra` overrides any field. */
export function spec(name: string, toolset = 'core', extra: Partial<ToolSpec> = {}): ToolSpec {
  return {
    name,
    toolset,
    schema: { description: `${name} tool`, parameters: { type: 'object', properties: {} } },
    handler: () => `${name} ran`,
    ...extra,
  }
}

/** A promise with its resolve/reject exposed. */
export function deferred<T = unknown>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
