/**
 * Schemas from a source the app does not control, such as an MCP server's tools (core README,
 * "Patterns from untrusted schemas"): `@toolreg/core/validate` never runs their `pattern` or
 * `patternProperties` regular expressions, whose backtracking the model's argument could make
 * exponential; the schema's owner (the server) checks them. Marked by identity: the registry's
 * frozen copy (`entry.schema.parameters`, `entry.outputSchema`).
 */
const untrusted = new WeakSet<object>()

/** Marks a registered schema as untrusted; a non-object is ignored. */
export function markUntrustedSchema(schema: unknown): void {
  if (typeof schema == 'object' && schema !== null) untrusted.add(schema)
}

/** Whether `schema` was marked by `markUntrustedSchema`. */
export const isUntrustedSchema = (schema: object): boolean => untrusted.has(schema)
