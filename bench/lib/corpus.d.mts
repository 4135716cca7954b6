export interface CorpusFile {
  file: string
  code: string
  /** How many tools it registers. */
  tools: number
}
export declare function corpus(count: number, seed?: number): CorpusFile[]
