// Headless Chromium for the browser tests: Debian's build (no browser download is possible
// here), the flags this machine needs, and the one allowed skip — only when CI is unset.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs'

export { CHROMIUM }

/** True when the suite must skip: no Chromium and CI unset (in CI a missing browser fails). Prints why. */
export function skipWithoutChromium(suite: string): boolean {
  const skip = !existsSync(CHROMIUM) && !process.env.CI
  if (skip)
    console.warn(
      `${suite}: skipped because ${CHROMIUM} is missing and CI is unset (apt-get install chromium to run it)`,
    )
  return skip
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  })
}
