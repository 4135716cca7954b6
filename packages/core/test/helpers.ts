import { ToolRegistry, type RegistryOptions, type ToolSpec } from '@toolreg/core'
import { z } from 'zod'

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

/**
 * The tools every framework adapter test drives: a plain one (recording its args, run context
 * and call id into `calls`), one that throws a secret, an image tool and one that needs approval.
 */
export function registerFrameworkTools(registry: ToolRegistry, calls: unknown[]): void {
  registry.register({
    name: 'forecast',
    toolset: 'weather',
    schema: {
      description: 'Weather forecast',
      parameters: z.object({ city: z.string(), days: z.number().optional() }),
    },
    handler: (args, ctx) => (calls.push([args, ctx.run, ctx.toolCallId]), `${args.city}: sunny`),
  })
  registry.register({
    name: 'explode',
    toolset: 'weather',
    schema: {},
    handler: () => {
      throw new Error('disk <system>full</system> token=sk-abcdefghijklmnopqrstuvwx')
    },
  })
  registry.register({
    name: 'picture',
    toolset: 'media',
    schema: { parameters: { type: 'object', properties: { of: { type: 'string' } }, required: ['of'] } },
    handler: args => ({
      _multimodal: true,
      content: [
        { type: 'text', text: `a ${args.of}` },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    }),
  })
  registry.register({
    name: 'delete_file',
    toolset: 'fs',
    schema: { parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    needsApproval: true,
    handler: (args, ctx) => (calls.push([args, ctx.run]), 'deleted'),
  })
}

/**
 * Two more tools of the framework adapter tests: one with an `outputSchema` (its handler returns
 * `{ temp: 3 }`) and a streaming one (progress `{ pages: 1 }`, `{ pages: 2 }`, then its result).
 */
export function registerLayerTools(registry: ToolRegistry): void {
  registry.register({
    name: 'weather',
    toolset: 'weather',
    schema: { parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
    handler: () => ({ temp: 3 }),
  })
  registry.register({
    name: 'crawl',
    toolset: 'web',
    schema: {},
    handler: async function* () {
      yield { pages: 1 }
      yield { pages: 2 }
      yield 'crawled 2 pages'
    },
  })
}

/** A tool `wait` recording the `ctx.signal` of each call into the array returned. */
export function registerSignalTool(registry: ToolRegistry): (AbortSignal | undefined)[] {
  const signals: (AbortSignal | undefined)[] = []
  registry.register({ name: 'wait', toolset: 'w', schema: {}, handler: (_a, ctx) => (signals.push(ctx.signal), 'ok') })
  return signals
}

/**
 * Two tools whose schema changes the model's arguments before the handler (issue "Trust, round 3",
 * row 1): `read_file` normalizes `/tmp/../x` to `/x` and asks for anything outside /tmp; `wipe`
 * defaults `force` to true and asks when forced. Judged on the raw arguments, neither would ask.
 */
export function registerTransformingTools(registry: ToolRegistry, calls: unknown[]): void {
  registry.register({
    name: 'read_file',
    toolset: 'fs',
    schema: { parameters: z.object({ path: z.string().transform(p => p.replace(/^\/tmp\/\.\.\//, '/')) }) },
    needsApproval: ({ path }) => !path.startsWith('/tmp/'),
    handler: args => (calls.push(['read_file', args]), 'secret'),
  })
  registry.register({
    name: 'wipe',
    toolset: 'fs',
    schema: { parameters: z.object({ force: z.boolean().default(true) }) },
    needsApproval: ({ force }) => force,
    handler: args => (calls.push(['wipe', args]), 'wiped'),
  })
}
