// One file's text → its register sites. The fast path (./fast/) answers for the common
// shapes or declines; the full detector (./full/, @babel/parser) answers for the rest. The
// full side is imported on first use, so a build whose files all take the fast path never
// loads Babel; `import()` keeps that path checked by tsc.
import { fastDetectRegisterCalls } from './fast/detect.js'
import type { DetectOptions, DetectResult } from '../types.js'

type FullDetector = typeof import('./full/index.js')
let full: FullDetector | undefined

/** The full detector and lazy planner, imported once. */
export const loadFullDetector = async (): Promise<FullDetector> => (full ??= await import('./full/index.js'))

/**
 * The fast path's answer, else the full detector's; `fullParse` skips the fast path (for
 * callers that compile nothing that would catch a syntax error).
 */
export async function detectSites(
  code: string,
  file: string,
  options: DetectOptions & { fullParse?: boolean },
): Promise<DetectResult> {
  const fast = options.fullParse === true ? undefined : fastDetectRegisterCalls(code, file, options)
  return fast ?? (full ?? (await loadFullDetector())).detectRegisterCalls(code, file, options)
}
