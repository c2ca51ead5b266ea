export declare const PURE_CODE: string[];
export declare const PURE_CODE_GLOBS: string[];
export declare function isPureCode(path: string): boolean;
