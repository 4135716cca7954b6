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

/** How to fix a `parameters` that is neither (the README's "Typed tools" section says more). */
export const PARAMETERS_HINT =
  ': needs type: \'object\' JSON Schema or a Standard JSON Schema (valibot: wrap in toStandardJsonSchema)'

/**
 * The `parameters` to store: a Standard Schema converted to JSON Schema once (`$schema`
 * dropped by the caller), anything else as it is. Callers then require a JSON object schema.
 */
export const toJsonParameters = (p: any): [unknown, StandardSchemaV1?] => {
  const std = p?.['~standard']
  // A Standard Schema without jsonSchema becomes 0, which the object-schema check refuses (a valibot schema is a plain object with type 'object').
  return std?.jsonSchema ? [std.jsonSchema.input({ target: 'draft-2020-12' }), p] : [std ? 0 : p]
}
