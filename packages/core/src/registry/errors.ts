/** A plugin tried to replace or remove a tool without the operator's `allowToolOverride`. */
export class ToolOverrideError extends Error {
  override name = 'ToolOverrideError'
  readonly code = 'TOOL_OVERRIDE_DENIED'
}

export const overrideDenied = (pluginId: string, tool: string, action: string) =>
  new ToolOverrideError(`Plugin '${pluginId}' may not ${action} tool '${tool}' without allowToolOverride`)
