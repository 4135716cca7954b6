// The messages between a page and its code worker, and the checks of what crosses (core README,
// "Code mode", "The worker executor"). Structural types only: the core imports no DOM or Node types.
import type { CodeCallAnswer, CodeModeLimits, CodeRunResult } from './executor.js'
import { consoleCutMark, outputLimitError } from './limit-errors.js'

/** What a listener hears: a `message` event's `data`, an `error` event's `message`. */
export type WorkerEventLike = { data?: unknown; message?: string }

/** The page's handle on a worker: the browser's `Worker` is one; a Node `worker_threads` Worker can be adapted. */
export interface WorkerLike {
  postMessage(message: unknown): void
  terminate(): void
  addEventListener(type: 'message' | 'error', listener: (event: WorkerEventLike) => void): void
}

/** The worker's side of the channel: `self` in a module worker is one. */
export interface WorkerScopeLike {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: WorkerEventLike) => void): void
}

type Api = Record<string, Record<string, string>>
/** Page → worker: run this code (ids count up from 1 per executor). */
export type RunMessage = { type: 'run'; id: number; code: string; api: Api; limits: CodeModeLimits }
/** Page → worker: the answer to call `n` of run `id`. */
export type AnswerMessage = { type: 'answer'; id: number; n: number; answer: CodeCallAnswer }
/** Worker → page: the code calls a tool (`n` counts up from 1 per run). */
export type CallMessage = { type: 'call'; id: number; n: number; name: string; argsJson: string }
/** Worker → page: how run `id` ended (its `result` still to be checked). */
export type DoneMessage = { type: 'done'; id: number; result: unknown }

const LIMIT_KEYS = ['timeMs', 'memoryBytes', 'stackBytes', 'maxToolCalls', 'maxOutputChars', 'maxConsoleChars'] as const
/** A worker's error text is kept up to this many characters (the QuickJS executor's are far shorter). */
const MAX_ERROR_CHARS = 4000

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
export const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0

/** An error's text; never throws, whatever was thrown. */
export function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'an unprintable error'
  }
}

/** A plain copy of the limits (six numbers): what goes in a `run` message. */
export const plainLimits = (limits: CodeModeLimits): CodeModeLimits =>
  Object.fromEntries(LIMIT_KEYS.map(key => [key, Number(limits[key])])) as unknown as CodeModeLimits

/** A plain copy of the API's string entries: what goes in a `run` message. */
export function plainApi(api: unknown): Api {
  const copy: Api = {}
  if (isRecord(api))
    for (const [set, methods] of Object.entries(api))
      if (isRecord(methods))
        for (const [method, name] of Object.entries(methods))
          if (typeof name === 'string') (copy[set] ??= {})[method] = name
  return copy
}

/** A tool call's answer, checked: anything but `{ ok: true, json: string }` is an error. */
export function checkedAnswer(answer: unknown): CodeCallAnswer {
  if (isRecord(answer) && answer.ok === true && typeof answer.json === 'string') return { ok: true, json: answer.json }
  return {
    ok: false,
    error: isRecord(answer) && answer.ok === false ? errorText(answer.error) : 'the tool answered no JSON',
  }
}

/** A worker's message, its shape checked; a reason (string) when it is malformed. */
export function parseFromWorker(data: unknown): CallMessage | DoneMessage | string {
  if (!isRecord(data)) return 'not an object'
  const { type, id } = data
  if (!isCount(id)) return `a ${typeof type === 'string' ? type.slice(0, 20) : ''} message without a valid id`
  if (type === 'done') return { type, id, result: data.result }
  if (type !== 'call') return 'an unknown type'
  const { n, name, argsJson } = data
  if (!isCount(n) || typeof name !== 'string' || typeof argsJson !== 'string')
    return 'a call without a number, a name and JSON text'
  return { type, id, n, name, argsJson }
}

/**
 * A worker's run result, checked with the contract's rules (`CodeRunResult`) and held to `limits`:
 * the JSON text must parse and fit `maxOutputChars` (else the run fails, as in the QuickJS
 * executor), console text is cut at `maxConsoleChars`, error text at 4000. A string when malformed.
 */
export function checkedResult(result: unknown, limits: CodeModeLimits): CodeRunResult | string {
  if (!isRecord(result) || typeof result.console !== 'string') return 'a result without console text'
  const max = limits.maxConsoleChars
  const mark = consoleCutMark(max)
  let text = result.console
  if (text.length > max && !(text.length === max + mark.length && text.endsWith(mark))) text = text.slice(0, max) + mark
  if (result.ok === false) {
    if (typeof result.error !== 'string') return 'a failed result without error text'
    const error = result.error.length > MAX_ERROR_CHARS ? `${result.error.slice(0, MAX_ERROR_CHARS)}…` : result.error
    return { ok: false, error, console: text }
  }
  if (result.ok !== true) return 'a result that is neither ok nor failed'
  const { json } = result
  if (json === undefined) return { ok: true, json: undefined, console: text }
  if (typeof json !== 'string') return 'a result whose JSON is not text'
  if (json.length > limits.maxOutputChars)
    return {
      ok: false,
      error: outputLimitError(json.length, limits.maxOutputChars),
      console: text,
    }
  try {
    JSON.parse(json)
  } catch {
    return 'a result whose JSON text does not parse'
  }
  return { ok: true, json, console: text }
}

/** A page's `run` message, checked by the worker; a reason (string) when it is malformed. */
export function parseRun(data: Record<string, unknown>): Omit<RunMessage, 'type' | 'id'> | string {
  const { code, limits } = data
  if (typeof code !== 'string') return 'no code text'
  if (!isRecord(limits) || LIMIT_KEYS.some(key => typeof limits[key] !== 'number')) return 'no limits'
  return { code, api: plainApi(data.api), limits: plainLimits(limits as unknown as CodeModeLimits) }
}
