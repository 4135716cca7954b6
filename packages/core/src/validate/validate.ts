/**
 * `@toolreg/core/validate`: a ready JSON Schema validator for `registry.configure({ validator })`,
 * on @cfworker/json-schema (an interpreter: no `eval`, no `new Function`, so it runs in
 * Workers and under a Content Security Policy without 'unsafe-eval'). See the core README,
 * "Typed tools and argument validation".
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema'
import { compileFastCheck } from './fastcheck.js'
import { guardedMessage, guardSchema } from './guard.js'
import { isUntrustedSchema } from '../untrusted.js'
import type { JsonSchemaValidator, StandardIssue, StandardResult } from '../types.js'

export interface ValidatorOptions {
  /** The JSON Schema draft the tools' `parameters` follow (their `$schema` is not kept). Default '2020-12'. */
  draft?: SchemaDraft
}

/** Keywords whose error only says that a sub-schema failed: the sub-schema's own errors say why. */
const CONTAINERS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  '$ref',
  '$recursiveRef',
  'allOf',
  'dependentSchemas',
  'dependencies',
  'then',
  'else',
])
/** Keywords whose sub-schemas' errors are noise (each branch of an anyOf failing…): their own error is kept. */
const OPAQUE = new Set([
  'anyOf',
  'oneOf',
  'not',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
])

/** `#/a/0` → ['a', 0] (JSON Pointer, URI-encoded by the library). */
function pathOf(location: string): PropertyKey[] {
  return location
    .split('/')
    .slice(1)
    .map(s => {
      const k = decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~')
      return /^(?:0|[1-9]\d*)$/.test(k) ? Number(k) : k
    })
}

/** The errors that say why, in document order; `schema` is the guarded copy the library validated against. */
function issuesOf(errors: OutputUnit[], schema: unknown): StandardIssue[] {
  const hidden: string[] = []
  const out: StandardIssue[] = []
  let closed: { message: string; path: PropertyKey[] } | undefined
  for (const e of errors) {
    // "False boolean schema." right after additionalProperties names the property: it becomes that issue's path.
    if (e.keyword == 'false' && closed) {
      closed.path = pathOf(e.instanceLocation)
      closed = undefined
      continue
    }
    closed = undefined
    if (hidden.some(h => e.keywordLocation.startsWith(h + '/'))) continue
    if (OPAQUE.has(e.keyword)) hidden.push(e.keywordLocation)
    else if (CONTAINERS.has(e.keyword)) continue
    const message = guardedMessage(schema, e.keyword, e.keywordLocation, e.error) ?? e.error
    const issue = { message, path: pathOf(e.instanceLocation) }
    if (e.keyword == 'additionalProperties' || e.keyword == 'unevaluatedProperties') closed = issue
    out.push(issue)
  }
  return out.length ? out : errors.map(e => ({ message: e.error, path: pathOf(e.instanceLocation) }))
}

interface Prepared {
  full: Validator
  /** The schema the library sees (see guard.ts: no backtracking format, finite numbers only). */
  guarded: unknown
  /** Says yes quickly for the common subset of JSON Schema; absent for other schemas. */
  fast?: (value: unknown) => boolean
}

/**
 * A JSON Schema validator; each schema is prepared once (schemas are the registry's frozen copies).
 * Valid arguments of an everyday schema are recognised by a closure-compiled check (see
 * fastcheck.ts); the library itself decides every other case and words every issue.
 */
export function createValidator(options: ValidatorOptions = {}): JsonSchemaValidator {
  const draft = options.draft ?? '2020-12'
  const prepared = new WeakMap<object, Prepared>()
  return (schema, args): StandardResult => {
    let p = prepared.get(schema)
    if (!p) {
      // The library annotates the schema it is given: it gets its own copy, not the registry's frozen one.
      const guarded = guardSchema(schema, isUntrustedSchema(schema))
      p = {
        full: new Validator(structuredClone(guarded) as Schema, draft, false),
        guarded,
        fast: compileFastCheck(guarded),
      }
      prepared.set(schema, p)
    }
    if (p.fast?.(args)) return { value: args }
    const r = p.full.validate(args)
    return r.valid ? { value: args } : { issues: issuesOf(r.errors, p.guarded) }
  }
}

/** The ready validator: `registry.configure({ validator })`. */
export const validator: JsonSchemaValidator = createValidator()
