import { safeString } from './describe.js'
import { isPlainObject, need } from './freeze.js'
import type { ToolSchema } from './types.js'

/**
 * The parts of Standard Schema (https://standardschema.dev) and Standard JSON Schema
 * toolreg uses, written here so that the core has no dependency. zod 4, arktype 2 and
 * valibot 1 (wrapped in `toStandardJsonSchema` from `@valibot/to-json-schema`) fit them.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
  }
}

/** The outcome of a Standard Schema `validate` (and of a JSON Schema `validator`). */
export type StandardResult<Output = unknown> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> }

export interface StandardIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
}

/** A Standard Schema that can also describe itself as JSON Schema (Standard JSON Schema). */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> extends StandardSchemaV1<Input, Output> {
  readonly '~standard': StandardSchemaV1<Input, Output>['~standard'] & {
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> }) => Record<string, unknown>
    }
  }
}

/** The handler's argument type: a Standard Schema's output, else a plain record. */
export type InferArgs<P> = P extends StandardSchemaV1<any, infer O> ? O : Record<string, unknown>

/**
 * The schema to store: a Standard Schema `parameters` converted to JSON Schema once,
 * `$schema` dropped, and an object schema required (see the core README, "Typed tools").
 * Returns the Standard Schema too, for argument validation.
 */
export function normalizeSchema(name: unknown, schema: ToolSchema): [ToolSchema, StandardSchemaV1?] {
  const std: any = schema.parameters
  const json = std?.['~standard']?.jsonSchema
  const p = json ? json.input({ target: 'draft-2020-12' }) : std
  if (p === undefined) return [schema]
  // A Standard Schema without jsonSchema is never a plain object with type 'object'… except valibot's: hence the '~standard' test.
  need(
    isPlainObject(p) && p.type === 'object' && !p['~standard'],
    `parameters of tool '${safeString(name)}': want JSON Schema of type 'object', or a Standard Schema with '~standard'.jsonSchema (valibot: wrap it in toStandardJsonSchema)`,
  )
  const { $schema, ...rest } = p
  return [{ ...schema, parameters: rest }, json && std]
}
