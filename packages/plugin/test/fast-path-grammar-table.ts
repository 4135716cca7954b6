// Per-form decline rates of the fast path over ./fast-path-grammar-gen.ts files, for
// ./fast-path-grammar.test.ts and its table mode (FAST_PATH_TABLE=1; see bench/RESULTS.md,
// "Fast-path declines per form").
import { ALL_FORMS, type GrammarFile } from './fast-path-grammar-gen.js'

export interface FormRate {
  form: string
  files: number
  declined: number
  rate: number
}

/**
 * Per form: the files holding it and the share the fast path declined. A file that also
 * holds another allow-listed form does not count for the form (its decline is that form's).
 */
export function declineRates(
  results: readonly { file: GrammarFile; declined: boolean }[],
  allowed: ReadonlySet<string>,
): FormRate[] {
  return ALL_FORMS.map(form => {
    const counted = results.filter(
      r => r.file.forms.includes(form) && !r.file.forms.some(f => f !== form && allowed.has(f)),
    )
    const declined = counted.filter(r => r.declined).length
    return { form, files: counted.length, declined, rate: counted.length === 0 ? 0 : declined / counted.length }
  })
}

const pct = (r: FormRate) => `${(100 * r.rate).toFixed(1)}% (${r.declined}/${r.files})`

/** The markdown table: one row per form, `before` beside the current rates when given. */
export function formatTable(rates: readonly FormRate[], before?: ReadonlyMap<string, string>): string {
  const head = before ? '| form | before | after |\n|---|---:|---:|' : '| form | declined |\n|---|---:|'
  const rows = rates.map(r =>
    before ? `| ${r.form} | ${before.get(r.form) ?? '—'} | ${pct(r)} |` : `| ${r.form} | ${pct(r)} |`,
  )
  return [head, ...rows].join('\n')
}
