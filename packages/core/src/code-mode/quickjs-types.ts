// The parts of quickjs-emscripten the QuickJS executor uses, as structural types: the caller passes
// the module, so the core imports nothing of it (core README, "Code mode").

/** A value handle of quickjs-emscripten (a `Lifetime`). */
export type QuickJsHandle = { readonly alive: boolean; dispose(): void; dup(): QuickJsHandle }
export type QuickJsResult<T> = { error: QuickJsHandle } | { error?: undefined; value: T }
export type QuickJsDisposable = { readonly alive: boolean; dispose(): void }
type State =
  | { type: 'pending' }
  | { type: 'fulfilled'; value: QuickJsHandle }
  | { type: 'rejected'; error: QuickJsHandle }
/** quickjs-emscripten's `QuickJSDeferredPromise`. */
export type QuickJsDeferred = QuickJsDisposable & { readonly handle: QuickJsHandle } & {
  resolve(value?: QuickJsHandle): void
  reject(value?: QuickJsHandle): void
}
/** The parts of quickjs-emscripten's `QuickJSContext` the executor uses. */
export interface QuickJsContextLike {
  readonly alive: boolean
  readonly undefined: QuickJsHandle
  evalCode(code: string, filename?: string): QuickJsResult<QuickJsHandle>
  newString(text: string): QuickJsHandle
  newError(message: string): QuickJsHandle
  /** `fn` answers a handle (typed `void` so quickjs-emscripten's own signature fits). */
  newFunction(name: string, fn: (...args: QuickJsHandle[]) => void): QuickJsHandle
  newPromise(): QuickJsDeferred
  callFunction(fn: QuickJsHandle, thisValue: QuickJsHandle, ...args: QuickJsHandle[]): QuickJsResult<QuickJsHandle>
  getPromiseState(handle: QuickJsHandle): State
  typeof(handle: QuickJsHandle): string
  getString(handle: QuickJsHandle): string
  dispose(): void
}
/** The parts of quickjs-emscripten's `QuickJSRuntime` the executor uses. */
export interface QuickJsRuntimeLike {
  setMemoryLimit(bytes: number): void
  setMaxStackSize(bytes: number): void
  setInterruptHandler(shouldInterrupt: () => boolean): void
  newContext(): QuickJsContextLike
  hasPendingJob(): boolean
  executePendingJobs(maxJobs?: number): QuickJsResult<number>
  dispose(): void
}
/** The part of quickjs-emscripten's `QuickJSWASMModule` the executor uses (`await getQuickJS()` is one). */
export type QuickJsModuleLike = { newRuntime(): QuickJsRuntimeLike }
