export { ToolRegistry } from './registry/registry.js'
export { registry } from './registry/singleton.js'
export { ToolOverrideError } from './registry/errors.js'
export { toolError, toolResult } from './dispatch/dispatch.js'
export { sanitizeToolError } from './dispatch/sanitize.js'
export { redactSecrets } from './dispatch/redact.js'
export { markUntrustedSchema } from './untrusted.js'
export { toOpenAITools, toOpenAIResponsesTools, toAnthropicTools, toMcpTools } from './adapters/adapters.js'
export { toAiSdkTools, toAiSdkModelOutput } from './adapters/aisdk.js'
export { toLangChainTools } from './adapters/langchain.js'
export { toMastraTools } from './adapters/mastra.js'
export type { MastraToolsOptions, MastraToolFields, MastraExecuteContext, MastraSchema } from './adapters/mastra.js'
export type {
  OpenAIAgentsToolsOptions,
  OpenAIAgentsToolFields,
  OpenAIAgentsRunContext,
  OpenAIAgentsCallDetails,
  OpenAIAgentsContent,
} from './adapters/openai-agents.js'
export { toOpenAIAgentsTools } from './adapters/openai-agents.js'
export { ToolCallError } from './adapters/framework.js'
export { isToolError, toOpenAIToolMessage, toAnthropicToolResult, toMcpCallToolResult } from './adapters/results.js'
export { toStrictSchema, fromStrictArguments } from './adapters/strict.js'
export type * from './types.js'
export type {
  OpenAITool,
  OpenAIResponsesTool,
  OpenAIToolsOptions,
  AnthropicTool,
  McpTool,
  ObjectSchema,
  EntryLookup,
} from './adapters/adapters.js'
export type { AiSdkTool, AiSdkToolsOptions, AiSdkModelOutput, AiSdkCallOptions, AiSdkJson } from './adapters/aisdk.js'
export type { AdapterContext, AdapterRegistry, FrameworkToolsOptions } from './adapters/framework.js'
export type {
  LangChainToolsOptions,
  LangChainToolConfig,
  LangChainToolFields,
  LangChainContent,
  LangChainApprovalRequest,
} from './adapters/langchain.js'
export type {
  McpContent,
  OpenAIToolMessage,
  AnthropicToolResult,
  AnthropicResultBlock,
  McpCallToolResult,
} from './adapters/results.js'
export { registerLazy, isLazyPending, preloadLazy } from './lazy/lazy.js'
export { registerLazyTable } from './lazy/lazy-table.js'
export { searchTools, rankTools } from './search/search.js'
export { registerSearchIndex } from './search/load.js'
export { prebuildSearchIndex, SEARCH_INDEX_FORMAT } from './search/prebuilt.js'
export { findTools } from './search/find-tools.js'
export type { LazyToolSpec } from './lazy/lazy.js'
export type { LazyTable, LazyParameterSet, LazyExtra } from './lazy/lazy-table.js'
export type { SearchOptions, SearchHit } from './search/search.js'
export type { SearchIndexTool } from './search/prebuilt.js'
export type { FindToolsOptions } from './search/find-tools.js'
export type { SourceTable, SourceVersion } from './registry/sources.js'
export { createToolSurface } from './surface/surface.js'
export { deferredNames } from './surface/defer.js'
export { toAnthropicSurface, anthropicToolResult } from './surface/anthropic.js'
export { toOpenAIResponsesSurface, openAIResponsesOutput } from './surface/openai.js'
export { toAiSdkSurface } from './surface/aisdk.js'
export type { ToolSurface, ToolSurfaceOptions } from './surface/surface.js'
export type { DeferRule, DeferOption } from './surface/defer.js'
export type { AnthropicDeferredTool, AnthropicSearchResult, AnthropicToolUse } from './surface/anthropic.js'
export type {
  OpenAIDeferredTool,
  OpenAIToolSearchTool,
  OpenAINamespaceTool,
  OpenAISurfaceTool,
  OpenAISurfaceOptions,
  OpenAISurfaceCall,
  OpenAISurfaceOutput,
} from './surface/openai.js'
export type { AiSdkToolSearchFunction, AiSdkSurfaceOptions } from './surface/aisdk.js'
