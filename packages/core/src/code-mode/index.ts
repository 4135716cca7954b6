// @toolreg/core/code-mode: a typed API of the tools for the model's code, run in a sandbox,
// every call through `dispatch` (see the core README, "Code mode").
export { createCodeMode, DEFAULT_LIMITS } from './code-mode.js'
export { declarations as codeModeDeclarations, schemaType } from './declarations.js'
export { typeScriptChecker } from './typescript.js'
export { quickJsExecutor } from './quickjs.js'
export { serveCodeWorker, workerExecutor } from './worker.js'
export type {
  QuickJsModuleLike,
  QuickJsRuntimeLike,
  QuickJsContextLike,
  QuickJsHandle,
  QuickJsDeferred,
} from './quickjs-types.js'
export type { CodeMode, CodeModeOptions } from './code-mode.js'
export type { ApiTool } from './declarations.js'
export type { TypeScriptLike } from './typescript.js'
export type { WorkerExecutorOptions } from './worker.js'
export type { WorkerEventLike, WorkerLike, WorkerScopeLike } from './worker-protocol.js'
export type { CodeExecutor, CodeHost, CodeModeLimits, CodeRunResult, CodeCallAnswer } from './executor.js'
