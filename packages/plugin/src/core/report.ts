// What a scan reports to a bundler or the dev server: the errors as one message, the
// warnings one by one. `strict` turns warnings into errors here.
import { formatDiagnostics } from './format.js'
import type { Diagnostic, ScanResult } from './types.js'

export interface ScanReport {
  /** Every error diagnostic (warnings too in strict mode), as severity `error`. */
  errors: Diagnostic[]
  /** `file:line:column - error CODE: message` + frame for each error; empty when none. */
  errorMessage: string
  /** Warnings (none in strict mode), each with its own formatted message. */
  warnings: { diagnostic: Diagnostic; message: string }[]
}

export function reportScan(result: Pick<ScanResult, 'options' | 'diagnostics'>): ScanReport {
  const { strict } = result.options
  const errors = result.diagnostics
    .filter((d) => d.severity === 'error' || strict)
    .map((d): Diagnostic => (d.severity === 'error' ? d : { ...d, severity: 'error' }))
  const warnings = strict
    ? []
    : result.diagnostics
        .filter((d) => d.severity === 'warning')
        .map((diagnostic) => ({ diagnostic, message: formatDiagnostics([diagnostic], 'text') }))
  const n = errors.length
  const errorMessage = n === 0 ? '' : `toolreg: ${n} error${n === 1 ? '' : 's'} in tool modules:\n` + formatDiagnostics(errors, 'text')
  return { errors, errorMessage, warnings }
}
