import { safeString } from '../describe.js'
import { freeze, frozenCopy, isName, isPlainObject, need } from '../freeze.js'
import { jsonSchemaOf, PARAMETERS_HINT, type StandardSchemaV1 } from '../standard.js'
import { layerFields } from '../tool-layer/tool-layer.js'
import type { RegisterMeta, ToolEntry, ToolLayerSettings, ToolSpec } from '../types.js'

/** The `requiresEnv` of a tool that requires none (frozen, so shared). */
const NONE: readonly string[] = freeze([])
const isOptFn = (v: unknown) => v === undefined || typeof v == 'function'
/** The JSON Schema of a `parameters` or `outputSchema` given (a Standard Schema converted once), and its Standard Schema. */
const schemaOf = (given: unknown): [Record<string, unknown> | undefined, StandardSchemaV1 | undefined] => {
  const std = (given as StandardSchemaV1 | undefined)?.['~standard']
  return [(std ? jsonSchemaOf(std) : given) as Record<string, unknown> | undefined, std && (given as StandardSchemaV1)]
}

/** Validates a spec (programming errors throw TypeError) and builds its frozen entry. */
export function createEntry(
  // biome-ignore lint/suspicious/noExplicitAny: a registered spec may take any argument type
  spec: ToolSpec<any>,
  source: RegisterMeta['source'],
  owner: string | undefined,
  { validator }: Pick<ToolLayerSettings, 'validator'>,
): ToolEntry {
  const {
    name,
    toolset,
    schema,
    handler,
    checkFn,
    requiresEnv: env,
    maxResultSizeChars: max,
    dynamicSchemaOverrides: dyn,
    annotations,
  } = Object(spec) as ToolSpec
  // The first invalid field, if any (the README's ToolSpec table says what each must be).
  const bad =
    Object(spec) !== spec
      ? 'spec'
      : !isName(name)
        ? 'name'
        : !isName(toolset)
          ? 'toolset'
          : !isPlainObject(schema)
            ? 'schema'
            : typeof handler != 'function'
              ? 'handler'
              : !isOptFn(checkFn)
                ? 'checkFn'
                : !isOptFn(dyn)
                  ? 'dynamicSchemaOverrides'
                  : !(env === undefined || (Array.isArray(env) && env.every(v => typeof v == 'string')))
                    ? 'requiresEnv'
                    : // A limit is 0 or more (NaN fails too); `Infinity` means none.
                      !(max === undefined || (typeof max == 'number' && max >= 0))
                      ? 'maxResultSizeChars'
                      : !(source === undefined || typeof source == 'string')
                        ? 'meta.source'
                        : !(annotations === undefined || isPlainObject(annotations))
                          ? 'annotations'
                          : ''
  // Messages are built only on failure: this runs for every tool at start-up.
  if (bad) need(0, `${bad} of tool '${safeString(name)}'`)
  // A Standard Schema is converted once; every `parameters` must then be an object schema (see the README, "Typed tools").
  const given = schema.parameters
  const [p, std] = schemaOf(given)
  if (!(p === undefined || (isPlainObject(p) && p.type === 'object')))
    need(0, `parameters of tool '${safeString(name)}'` + PARAMETERS_HINT)
  // Copied as given unless converted or holding `$schema` (an already frozen schema is then used as is).
  const frozen = frozenCopy(
    p === given && !(p && '$schema' in p) ? schema : (({ $schema, ...rest }) => ({ ...schema, parameters: rest }))(p!),
  )
  // Approval, limits, output and examples (see the README, "Approval, limits, progress and structured output").
  const layered = layerFields(spec, std ?? p, validator, schemaOf)
  return freeze({
    name,
    toolset,
    schema: frozen,
    handler,
    checkFn,
    requiresEnv: env ? freeze([...env]) : NONE,
    isAsync: spec.isAsync ?? false,
    description: spec.description ?? frozen.description ?? '',
    emoji: spec.emoji ?? '',
    maxResultSizeChars: max,
    dynamicSchemaOverrides: dyn,
    owner,
    source,
    standardSchema: std,
    annotations: frozenCopy(annotations),
    defer: spec.defer === true,
    ...layered,
  })
}
