export declare const BEGIN: string
export declare const END: string
export declare function versionsTable(root: string): string
export declare function withTable(readme: string, table: string): string
