import { isName, isPlainObject, need } from '../freeze.js'
import type { ToolRegistry } from '../registry/registry.js'
import { calling, nested } from '../tool-layer/nested.js'
import type { RegisterMeta, ToolAnnotations, ToolEntry, ToolHandler, ToolSchema } from '../types.js'

/**
 * A tool known by its definition before its code is loaded. `load(attempt)` imports the
 * module that registers the real tool (attempt 0 first, then 1, 2… after failures, so a
 * browser loader can retry under a fresh URL); tools of one module share one `load`.
 */
export interface LazyToolSpec {
  name: string
  toolset: string
  schema: ToolSchema
  load: (attempt: number) => Promise<unknown>
  description?: string
  emoji?: string
  /** The tool's own, so a call is approved (or refused) before its module loads. */
  needsApproval?: boolean
  /** The tool's own, so adapters list them before its module loads. */
  annotations?: ToolAnnotations
}

/** What a placeholder carries of its tool's spec besides the schema. */
export type LazyExtra = Pick<LazyToolSpec, 'description' | 'emoji' | 'needsApproval' | 'annotations'>

interface LoadState {
  attempts: number
  pending?: Promise<unknown>
}

// Keyed by the loader itself: every tool of a module shares one in-flight import.
const loads = new WeakMap<LazyToolSpec['load'], LoadState>()
/**
 * How to find a placeholder's load, by its handler: `registerLazy` makes a handler per tool,
 * `registerLazyTable` one for all the tools of its table (a closure per tool costs start-up
 * time and memory at thousands of tools), which looks the tool up by name.
 */
const placeholders = new WeakMap<ToolHandler, (name: string) => LazyToolSpec['load'] | undefined>()

/** The load of `name`'s placeholder `handler`, else undefined (also for a handler that is a revoked Proxy). */
function pendingLoad(handler: unknown, name: string): LazyToolSpec['load'] | undefined {
  try {
    return placeholders.get(handler as ToolHandler)?.(name)
  } catch {
    return undefined
  }
}

/** Runs `load` once at a time; a failure forgets the attempt so the next call retries. */
function loadShared(load: LazyToolSpec['load']): Promise<unknown> {
  let s = loads.get(load)
  if (!s) loads.set(load, (s = { attempts: 0 }))
  const state = s
  return (state.pending ??= (async () => load(state.attempts++))().catch(err => {
    state.pending = undefined
    throw err
  }))
}

/**
 * `loadShared(load)` for `name`'s placeholder; a tool deregistered while the import is in
 * flight stays gone: the module's registration of it, when the import settles, is undone.
 */
async function loadKeepingGone(registry: ToolRegistry, name: string, load: LazyToolSpec['load']): Promise<void> {
  let gone = false
  const off = registry.subscribe(e => {
    if (e.name === name) gone = e.type == 'deregister' || (gone && e.type == 'register')
  })
  try {
    await loadShared(load)
  } finally {
    off()
    if (gone) registry.deregister(name)
  }
}

/**
 * A placeholder handler: loads the module of the tool it is called for (`this`, the entry
 * `dispatch` calls it on, names it), then hands the call to the real tool the module registered.
 */
export function placeholderHandler(
  registry: ToolRegistry,
  loadOf: (name: string) => LazyToolSpec['load'] | undefined,
  only?: string,
): ToolHandler {
  const handler = async function (
    this: ToolEntry | undefined,
    args: Record<string, unknown>,
    ctx: Parameters<ToolHandler>[1],
  ) {
    // The tool layer's state of this call, read before the first await (see ../tool-layer/nested.ts).
    const call = calling()
    const name = only ?? this?.name
    const load = typeof name == 'string' ? loadOf(name) : undefined
    if (!load) throw new Error('a lazy tool is called through registry.dispatch')
    await loadKeepingGone(registry, name!, load)
    // The module replaced this placeholder, unless it did not register the tool (or was rejected).
    if (registry.getEntry(name!)?.handler === handler) {
      const why = registry.getRejection(name!)
      throw new Error(
        `the module of lazy tool '${name}' ${why ? 'registered it in conflict: ' + why : 'did not register it'}`,
      )
    }
    // The same call, so its hooks fire once and its approval is asked once.
    let inner = ctx
    if (call) nested.set((inner = { ...ctx }), call)
    // Deregistered meanwhile: gone, so the answer is the unknown-tool envelope.
    return registry.dispatch(name!, args, inner)
  }
  placeholders.set(handler, loadOf)
  return handler
}

/**
 * Registers a placeholder entry with the tool's definition, under the same conflict rules
 * as `register`. Its first dispatch imports the tool's module, whose own `register` call
 * replaces the placeholder; the call then goes to the real tool (its validation, checks and
 * result limit apply). A failed import answers with the `[TOOL_ERROR]` envelope, and the
 * next call tries again. Until the module loads, the definition is offered as given:
 * `checkFn`, `requiresEnv` and `dynamicSchemaOverrides` live in the module; a `needsApproval`
 * given is asked before the module loads, and not again by the real tool (one call).
 */
export function registerLazy(registry: ToolRegistry, spec: LazyToolSpec, meta?: RegisterMeta): ToolEntry | undefined {
  const { name, toolset, schema, load } = Object(spec) as LazyToolSpec
  if (typeof load != 'function') need(0, `load of lazy tool '${isName(name) ? name : ''}'`)
  return lazyPlaceholder(
    registry,
    name,
    toolset,
    schema,
    placeholderHandler(registry, () => load, name),
    spec,
    meta,
  )
}

/** Registers the placeholder entry of `name` with `handler` (from `placeholderHandler`), as `registerLazy` describes. */
export function lazyPlaceholder(
  registry: ToolRegistry,
  name: string,
  toolset: string,
  schema: ToolSchema,
  handler: ToolHandler,
  extra?: LazyExtra,
  meta?: RegisterMeta,
): ToolEntry | undefined {
  if (!isPlainObject(schema)) need(0, `schema of tool '${name}'`)
  // Its module already ran (imported directly by the app too): a placeholder must not replace the real tool.
  const current = registry.getEntry(name)
  if (current && current.toolset === toolset && !pendingLoad(current.handler, name)) return current
  return registry.register(
    {
      name,
      toolset,
      schema,
      handler,
      description: extra?.description,
      emoji: extra?.emoji,
      needsApproval: extra?.needsApproval,
      annotations: extra?.annotations,
      isAsync: true,
      // The real tool's dispatch applies its own limit; the placeholder must not cut again.
      maxResultSizeChars: Infinity,
    },
    meta,
  )
}

/** True while `name` is a `registerLazy` placeholder whose module has not registered the real tool. */
export const isLazyPending = (registry: ToolRegistry, name: string): boolean => {
  const e = registry.getEntry(name)
  return !!pendingLoad(e?.handler, name)
}

/**
 * Starts importing the modules of the named lazy tools still pending (e.g. the tools a
 * search just offered the model), so their first call does not wait for the import. The
 * same shared load as a dispatch; a failure is left to the next dispatch, which retries.
 * Resolves when every import has settled; names that are not pending are skipped.
 */
export async function preloadLazy(registry: ToolRegistry, names: Iterable<string>): Promise<void> {
  const started: Promise<unknown>[] = []
  for (const name of names) {
    const load = pendingLoad(registry.getEntry(name)?.handler, name)
    if (load) started.push(loadKeepingGone(registry, name, load).catch(() => {}))
  }
  await Promise.all(started)
}
