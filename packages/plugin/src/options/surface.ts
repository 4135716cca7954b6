// The `surface` option: what `toolreg check` lints of the tool surface the model sees
// (packages/plugin/README.md, "Surface lint"). Validated like the other options: a bad value
// is an OptionError naming the key.
import type {
  ResolvedSurface,
  SurfaceBudget,
  SurfaceClient,
  SurfaceCode,
  SurfaceEncoding,
  SurfaceProvider,
  SurfaceRuleSetting,
} from '../types.js'
import { OptionError } from './error.js'

/** The surface lint's diagnostic codes, one per rule. */
const SURFACE_CODES: readonly SurfaceCode[] = ['TR201', 'TR202', 'TR203', 'TR204', 'TR205', 'TR206', 'TR207']

/** Each rule's severity unless `surface.rules` sets another. */
const DEFAULT_SURFACE_RULES: Readonly<Record<SurfaceCode, SurfaceRuleSetting>> = Object.freeze({
  TR201: 'error', // provider name rule, after the prefix
  TR202: 'warning', // more always-loaded tools than a client's cap
  TR203: 'warning', // no description
  TR204: 'warning', // description shorter than minDescription
  TR205: 'warning', // parameter without a description
  TR206: 'error', // approvalPolicy: destructive or open-world tool without needsApproval
  TR207: 'error', // token budget exceeded
})

const SURFACE_PROVIDERS: readonly SurfaceProvider[] = ['openai', 'anthropic', 'gemini', 'mcp']
const SURFACE_CLIENTS: readonly SurfaceClient[] = ['vscode', 'cursor', 'windsurf']
const SURFACE_ENCODINGS: readonly SurfaceEncoding[] = ['o200k_base', 'cl100k_base']

const KEYS = [
  'providers',
  'prefix',
  'clients',
  'minDescription',
  'approvalPolicy',
  'encoding',
  'budget',
  'deferred',
  'rules',
] as const

const fail = (key: string, what: string): never => {
  throw new OptionError(`toolRegistry: option "surface${key === '' ? '' : `.${key}`}" must be ${what}`)
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function oneOfList<T extends string>(value: unknown, key: string, allowed: readonly T[], fallback: T[]): T[] {
  if (value === undefined) return fallback
  if (!Array.isArray(value) || value.some(v => !(allowed as readonly unknown[]).includes(v)))
    fail(key, `an array of ${allowed.map(a => `'${a}'`).join(', ')}`)
  return [...new Set(value as T[])]
}

const count = (value: unknown, key: string, what = 'a positive integer', min = 1): number | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) fail(key, what)
  return value as number
}

function budget(value: unknown): SurfaceBudget {
  if (value === undefined) return {}
  if (!isObject(value)) return fail('budget', 'an object { tool?, toolset?, surface? } of token counts')
  const out: SurfaceBudget = {}
  for (const [k, v] of Object.entries(value)) {
    if (k !== 'tool' && k !== 'toolset' && k !== 'surface')
      fail('budget', `an object { tool?, toolset?, surface? } (unknown key ${JSON.stringify(k)})`)
    out[k as keyof SurfaceBudget] = count(v, `budget.${k}`, 'a positive integer (tokens)')
  }
  return out
}

function rules(value: unknown): Record<SurfaceCode, SurfaceRuleSetting> {
  const out = { ...DEFAULT_SURFACE_RULES }
  if (value === undefined) return out
  if (!isObject(value)) return fail('rules', `an object of ${SURFACE_CODES.join(', ')} → 'error' | 'warning' | 'off'`)
  for (const [code, setting] of Object.entries(value)) {
    if (!(SURFACE_CODES as readonly string[]).includes(code))
      fail('rules', `keyed by ${SURFACE_CODES.join(', ')} (unknown code ${JSON.stringify(code)})`)
    if (setting !== 'error' && setting !== 'warning' && setting !== 'off')
      fail(`rules.${code}`, `'error', 'warning' or 'off' (got ${JSON.stringify(setting)})`)
    out[code as SurfaceCode] = setting as SurfaceRuleSetting
  }
  return out
}

/** The `surface` option with its defaults filled in; throws an OptionError for a bad value. */
export function resolveSurface(value: unknown): ResolvedSurface {
  if (!isObject(value)) return fail('', 'an object (README: "Surface lint")')
  for (const key of Object.keys(value))
    if (!(KEYS as readonly string[]).includes(key))
      fail('', `an object of ${KEYS.join(', ')} (unknown key ${JSON.stringify(key)})`)
  const { prefix = '', approvalPolicy = false, encoding = 'o200k_base', deferred = [] } = value
  if (typeof prefix !== 'string') fail('prefix', 'a string')
  if (typeof approvalPolicy !== 'boolean') fail('approvalPolicy', 'a boolean')
  if (!(SURFACE_ENCODINGS as readonly unknown[]).includes(encoding)) fail('encoding', `'o200k_base' or 'cl100k_base'`)
  if (!Array.isArray(deferred) || deferred.some(d => typeof d !== 'string' || d === ''))
    fail('deferred', 'an array of tool names or toolsets')
  return {
    providers: oneOfList(value.providers, 'providers', SURFACE_PROVIDERS, ['openai', 'anthropic']),
    prefix: prefix as string,
    clients: oneOfList(value.clients, 'clients', SURFACE_CLIENTS, []),
    minDescription: count(value.minDescription, 'minDescription', 'a non-negative integer (characters)', 0) ?? 20,
    approvalPolicy: approvalPolicy as boolean,
    encoding: encoding as SurfaceEncoding,
    budget: budget(value.budget),
    deferred: [...(deferred as string[])],
    rules: rules(value.rules),
  }
}
