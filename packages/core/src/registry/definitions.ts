import type { CheckCache } from './availability.js'
import { say } from '../describe.js'
import { isPlainObject } from '../freeze.js'
import type { Logger, ToolDefinition, ToolEntry } from '../types.js'

/** True when every `requiresEnv` variable is set and non-empty in `env` (own properties only). */
const envSatisfied = (e: ToolEntry, env: Record<string, unknown>): boolean =>
  e.requiresEnv.every(k => Object.hasOwn(env, k) && env[k] != null && env[k] !== '')

type Fn = ToolDefinition['function']

// Static `function` objects per (immutable) entry: a definition is then one cheap shallow copy.
const statics = new WeakMap<ToolEntry, Fn>()

/** `{ ...schema, ...overrides, name }`, with the entry description when neither has one. */
function build(e: ToolEntry, overrides?: unknown): Fn {
  const fn: Fn = { ...e.schema, ...(isPlainObject(overrides) ? overrides : null), name: e.name }
  fn.description ??= e.description
  return fn
}

/**
 * `{ type: 'function', function: { ...schema, ...overrides, name } }` with fresh
 * top-level objects; nested values are the entry's frozen schema's.
 */
function toDefinition(e: ToolEntry, logger: Logger): ToolDefinition {
  let fn = statics.get(e)
  if (!fn && !e.dynamicSchemaOverrides) statics.set(e, (fn = build(e)))
  if (fn) return { type: 'function', function: { ...fn } }
  try {
    fn = build(e, e.dynamicSchemaOverrides!())
  } catch (err) {
    say(logger, 'warn', `'${e.name}' dynamicSchemaOverrides threw:`, err)
    fn = build(e)
  }
  return { type: 'function', function: fn }
}

/** The definitions of `entries` whose env `env` satisfies (when given) and whose check passes. */
export async function availableDefinitions(
  entries: ToolEntry[],
  env: Record<string, unknown> | undefined,
  checks: CheckCache,
  logger: Logger,
): Promise<ToolDefinition[]> {
  let list = env ? entries.filter(e => envSatisfied(e, env)) : entries
  // No check function among them: skip the availability machinery.
  if (list.some(e => e.checkFn)) {
    const v = await checks.verdicts(list)
    list = list.filter(e => !e.checkFn || v.get(e.checkFn))
  }
  return list.map(e => toDefinition(e, logger))
}
