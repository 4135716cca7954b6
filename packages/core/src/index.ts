export { ToolRegistry } from './registry.js'
export { registry } from './singleton.js'
export { ToolOverrideError } from './errors.js'
export { toolError, toolResult } from './dispatch.js'
export { sanitizeToolError } from './sanitize.js'
export { redactSecrets } from './redact.js'
export { toOpenAITools, toOpenAIResponsesTools, toAnthropicTools, toMcpTools } from './adapters.js'
export { toAiSdkTools, toAiSdkModelOutput } from './aisdk.js'
export { isToolError, toOpenAIToolMessage, toAnthropicToolResult, toMcpCallToolResult } from './results.js'
export { toStrictSchema, fromStrictArguments } from './strict.js'
export type * from './types.js'
export type {
  OpenAITool,
  OpenAIResponsesTool,
  OpenAIToolsOptions,
  AnthropicTool,
  McpTool,
  ObjectSchema,
} from './adapters.js'
export type { AiSdkTool, AiSdkToolsOptions, AiSdkModelOutput } from './aisdk.js'
export type {
  McpContent,
  OpenAIToolMessage,
  AnthropicToolResult,
  AnthropicResultBlock,
  McpCallToolResult,
} from './results.js'
export { registerLazy, isLazyPending, preloadLazy } from './lazy.js'
export { registerLazyTable } from './lazy-table.js'
export { searchTools, rankTools } from './search/search.js'
export { registerSearchIndex } from './search/load.js'
export { prebuildSearchIndex, SEARCH_INDEX_FORMAT } from './search/prebuilt.js'
export { findTools } from './find-tools.js'
export type { LazyToolSpec } from './lazy.js'
export type { LazyTable, LazyParameterSet, LazyExtra } from './lazy-table.js'
export type { SearchOptions, SearchHit } from './search/search.js'
export type { SearchIndexTool } from './search/prebuilt.js'
export type { FindToolsOptions } from './find-tools.js'
export type { SourceTable, SourceVersion } from './sources.js'
