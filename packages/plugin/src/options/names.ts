// Tool-name rules (README: "Options", `names`): the presets are what each provider accepts.
import type { NameRuleName } from '../types.js'

export const nameRules: Readonly<Record<NameRuleName, RegExp>> = Object.freeze({
  // Accepted by every major provider: the safe default.
  portable: /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/,
  openai: /^[A-Za-z0-9_-]{1,64}$/,
  anthropic: /^[A-Za-z0-9_-]{1,64}$/,
  gemini: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  mcp: /^[A-Za-z0-9._-]{1,128}$/,
})

export function isNameRuleName(value: unknown): value is NameRuleName {
  return typeof value === 'string' && Object.hasOwn(nameRules, value)
}

/** Whether `name` satisfies the rule (a preset or a user RegExp). */
export function checkName(name: string, rule: NameRuleName | RegExp): boolean {
  // The presets have no /g or /y: one shared RegExp serves every call (a scan checks every name).
  if (typeof rule === 'string') return nameRules[rule].test(name)
  // A /g or /y RegExp keeps lastIndex between calls: test on a fresh copy.
  return new RegExp(rule.source, rule.flags.replace(/[gy]/g, '')).test(name)
}

/** How a rule reads in a message: `the portable rule /^…$/`. */
export function describeNameRule(rule: NameRuleName | RegExp): string {
  return typeof rule === 'string' ? `the ${rule} name rule ${nameRules[rule]}` : `the name rule ${rule}`
}
