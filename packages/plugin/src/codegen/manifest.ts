// The manifest build asset (README: "The virtual module"): the scan's ToolManifest as JSON text.
import type { ScanResult } from '../types.js'

/** The manifest as the JSON text of the build asset. */
export function generateManifest(scan: Pick<ScanResult, 'manifest'>): string {
  return JSON.stringify(scan.manifest, null, 2) + '\n'
}
