// Turning file bytes into source text and positions into code frames.
import { createRequire } from 'node:module'
import type { codeFrameColumns } from '@babel/code-frame'

// Loaded on the first frame: most scans and builds never need one.
let babelCodeFrame: typeof codeFrameColumns | undefined
const loadCodeFrame = (): typeof codeFrameColumns =>
  (babelCodeFrame ??= (createRequire(import.meta.url)('@babel/code-frame') as typeof import('@babel/code-frame'))
    .codeFrameColumns)

export type DecodeResult =
  | { ok: true; code: string }
  | { ok: false; line: number; column: number; byte: number; code: string }

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true })

/** Decode UTF-8 strictly; a leading BOM is dropped, a bad byte is located. */
export function decodeSource(bytes: Uint8Array): DecodeResult {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes
  try {
    return { ok: true, code: strictUtf8.decode(body) }
  } catch {
    const bad = firstInvalidUtf8(body)
    const { line, column } = positionAt(lenientUtf8.decode(body.subarray(0, bad)), Infinity)
    return { ok: false, line, column, byte: body[bad] ?? 0, code: lenientUtf8.decode(body) }
  }
}

/** Offset of the first byte that does not start a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    let need = 0
    let min = 0
    if (b < 0x80) {
      i++
      continue
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1
      min = 0x80
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2
      min = 0x800
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3
      min = 0x10000
    } else return i
    if (i + need >= bytes.length) return i
    let cp = b & (0x3f >> need)
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]!
      if ((c & 0xc0) !== 0x80) return i
      cp = (cp << 6) | (c & 0x3f)
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i
    i += need + 1
  }
  return bytes.length
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g

/** 1-based line and column of a 0-based offset (Infinity: the end of `code`). */
function positionAt(code: string, offset: number): { line: number; column: number } {
  const end = Math.min(offset, code.length)
  let line = 1
  let lineStart = 0
  LINE_BREAK.lastIndex = 0
  for (let m = LINE_BREAK.exec(code); m !== null && m.index < end; m = LINE_BREAK.exec(code)) {
    line++
    lineStart = m.index + m[0].length
  }
  return { line, column: end - lineStart + 1 }
}

// Long (minified, generated) lines would make frames unreadable and huge.
const MAX_FRAME_LINE = 160

/** A plain-text code frame around a 1-based position (column 0: the whole line). */
export function codeFrame(code: string, line: number, column: number): string {
  const frame = loadCodeFrame()(
    code,
    { start: column > 0 ? { line, column } : { line } },
    { highlightCode: false, linesAbove: 2, linesBelow: 2 },
  )
  return frame
    .split('\n')
    .map(l => (l.length > MAX_FRAME_LINE ? l.slice(0, MAX_FRAME_LINE) + '…' : l))
    .join('\n')
}
