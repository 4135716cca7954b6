// Debian's Chromium, headless, as the tests and the benchmarks start it (no browser download
// is possible here; without the background-networking flags it dials out at every start).
export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
