/** A plugin tried to replace or remove a tool without the operator's `allowToolOverride`. */
export class ToolOverrideError extends Error {
  override name = 'ToolOverrideError'
  readonly code = 'TOOL_OVERRIDE_DENIED'
  constructor(
    readonly pluginId: string,
    readonly toolName: string,
    action: string,
  ) {
    super(`Plugin '${pluginId}' may not ${action} tool '${toolName}': the operator has not set allowToolOverride for it`)
  }
}
