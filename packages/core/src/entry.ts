import { frozenCopy, isPlainObject } from './freeze.js'
import type { RegisterMeta, ToolEntry, ToolSpec } from './types.js'

const fail = (what: string): never => {
  throw new TypeError('toolreg: register: ' + what)
}
const isName = (v: unknown): v is string => typeof v == 'string' && v !== ''
/** Optional callables may be absent (`undefined` or `null`). */
const isOptFn = (v: unknown) => v == null || typeof v == 'function'

/** Validates a spec (programming errors throw TypeError) and builds its frozen entry. */
export function createEntry(spec: ToolSpec, meta: RegisterMeta | undefined, owner: string | undefined): ToolEntry {
  if (typeof spec != 'object' || spec === null) fail('the spec must be an object')
  const { name, toolset, schema, handler, requiresEnv, maxResultSizeChars: max } = spec
  if (!isName(name)) fail('name must be a non-empty string')
  const of = ` of tool '${name}'`
  if (!isName(toolset)) fail('toolset' + of + ' must be a non-empty string')
  if (!isPlainObject(schema)) fail('schema' + of + ' must be a plain object')
  if (typeof handler != 'function') fail('handler' + of + ' must be a function')
  if (!isOptFn(spec.checkFn)) fail('checkFn' + of + ' must be a function')
  if (!isOptFn(spec.dynamicSchemaOverrides)) fail('dynamicSchemaOverrides' + of + ' must be a function')
  if (requiresEnv != null && !(Array.isArray(requiresEnv) && requiresEnv.every((v) => typeof v == 'string'))) {
    fail('requiresEnv' + of + ' must be an array of strings')
  }
  if (max != null && (typeof max != 'number' || max !== max)) fail('maxResultSizeChars' + of + ' must be a number')
  if (meta?.source != null && typeof meta.source != 'string') fail('meta.source' + of + ' must be a string')
  const frozen = frozenCopy(schema)
  return Object.freeze({
    name,
    toolset,
    schema: frozen,
    handler,
    checkFn: spec.checkFn ?? undefined,
    requiresEnv: Object.freeze(requiresEnv ? [...requiresEnv] : []),
    isAsync: spec.isAsync ?? false,
    description: spec.description ?? (typeof frozen.description == 'string' ? frozen.description : ''),
    emoji: spec.emoji ?? '',
    maxResultSizeChars: max ?? undefined,
    dynamicSchemaOverrides: spec.dynamicSchemaOverrides ?? undefined,
    owner,
    source: meta?.source ?? undefined,
  })
}
