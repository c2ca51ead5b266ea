/** `source` with every non-ASCII UTF-16 unit written as an escape of the same meaning; throws on a String.raw template holding one. */
/** Ends a bundle that asciiOnly made. */
export declare const ASCII_MARKER: string;
export declare function asciiOnly(source: string): string;
