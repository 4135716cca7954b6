import { isPlainObject } from './freeze.js'
import type { Logger, ToolDefinition, ToolEntry } from './types.js'

/** True when every `requiresEnv` variable is set and non-empty in `env` (own properties only). */
export const envSatisfied = (e: ToolEntry, env: Record<string, unknown>): boolean =>
  e.requiresEnv.every((k) => Object.prototype.hasOwnProperty.call(env, k) && env[k] != null && env[k] !== '')

/**
 * `{ type: 'function', function: { ...schema, ...overrides, name } }` with fresh
 * top-level objects; nested values are the entry's frozen schema's.
 */
export function toDefinition(e: ToolEntry, logger: Logger): ToolDefinition {
  let o: unknown
  try {
    o = e.dynamicSchemaOverrides?.()
  } catch (err) {
    logger.warn(`toolreg: '${e.name}' dynamicSchemaOverrides threw:`, err)
  }
  const fn: ToolDefinition['function'] = { ...e.schema, ...(isPlainObject(o) ? o : null), name: e.name }
  fn.description ??= e.description
  return { type: 'function', function: fn }
}
