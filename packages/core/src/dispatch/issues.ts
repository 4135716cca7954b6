import { sanitizeToolError as clean } from './sanitize.js'
import type { StandardIssue } from '../standard.js'

/**
 * The summary and `issues` of the invalid-arguments envelope: paths as `a.b[0]`, every
 * text sanitized (validators may echo the model's input), at most 20 issues.
 */
export function issueList(
  issues: ReadonlyArray<StandardIssue>,
): [string, { issues: { path: string; message: string }[] }] {
  const list = issues.slice(0, 20).map(i => ({
    path: clean(
      (i.path ?? [])
        // biome-ignore lint/suspicious/noExplicitAny: Standard Schema path segments are a key or an object holding one
        .map((s: any) => (typeof (s = s?.key ?? s) == 'number' ? `[${s}]` : '.' + String(s)))
        .join('')
        .replace(/^\./, ''),
    ),
    message: clean(i.message),
  }))
  return [clean(list.map(i => i.path + ': ' + i.message).join('; ')), { issues: list }]
}
