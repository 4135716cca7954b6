/** An MCP tool answered with `isError: true`; the message is the server's text (untrusted: dispatch sanitizes it). */
export class McpToolError extends Error {
  override name = 'McpToolError'
  constructor(
    message: string,
    /** Raw server name given to `attachMcpServer`. */
    readonly server: string,
    /** Raw MCP tool name. */
    readonly tool: string,
  ) {
    super(message)
  }
}
