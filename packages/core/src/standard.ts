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
      readonly input: (options: {
        readonly target: string
        readonly libraryOptions?: Record<string, unknown>
      }) => Record<string, unknown>
    }
  }
}

/** The handler's argument type: a Standard Schema's output, else a plain record. */
// biome-ignore lint/suspicious/noExplicitAny: the input type of any Standard Schema
export type InferArgs<P> = P extends StandardSchemaV1<any, infer O> ? O : Record<string, unknown>

/** How to fix a `parameters` that is neither (the README's "Typed tools" section says more). */
export const PARAMETERS_HINT =
  ": needs type: 'object' JSON Schema or a Standard JSON Schema (valibot: wrap in toStandardJsonSchema)"

/**
 * The JSON Schema a Standard Schema's `~standard` (the `std` given) describes itself with, once;
 * 0 when it cannot (the object-schema check then refuses it: a valibot schema is a plain object
 * with type 'object').
 */
// biome-ignore lint/suspicious/noExplicitAny: any Standard Schema vendor object
export const jsonSchemaOf = (std: any): unknown => std.jsonSchema?.input({ target: 'draft-2020-12' }) ?? 0
