// What a scan reports to a bundler or the dev server: the errors as one message, the
// warnings one by one. `strict` was applied by the scanner (its warnings are errors already).
import { formatDiagnostics } from './format.js'
import type { Diagnostic, ScanResult } from '../types.js'

export interface ScanReport {
  /** Every error diagnostic. */
  errors: Diagnostic[]
  /** `file:line:column - error CODE: message` + frame for each error; empty when none. */
  errorMessage: string
  /** Each warning with its own formatted message. */
  warnings: { diagnostic: Diagnostic; message: string }[]
}

export function reportScan(result: Pick<ScanResult, 'diagnostics'>): ScanReport {
  const errors = result.diagnostics.filter(d => d.severity === 'error')
  const warnings = result.diagnostics
    .filter(d => d.severity === 'warning')
    .map(diagnostic => ({ diagnostic, message: formatDiagnostics([diagnostic], 'text') }))
  const n = errors.length
  const errorMessage =
    n === 0 ? '' : `toolreg: ${n} error${n === 1 ? '' : 's'} in tool modules:\n` + formatDiagnostics(errors, 'text')
  return { errors, errorMessage, warnings }
}

/** Where a bundler takes diagnostics: each warning, then every error as one (with the first error's diagnostic). */
export interface ReportSink {
  warn(message: string, diagnostic: Diagnostic): void
  error(message: string, first: Diagnostic): void
}

/** Hands a scan's report to a bundler: the warnings one by one, then the errors as one. */
export function deliverReport(report: ScanReport, sink: ReportSink): void {
  for (const { diagnostic, message } of report.warnings) sink.warn(message, diagnostic)
  if (report.errors.length > 0) sink.error(report.errorMessage, report.errors[0]!)
}
