/** The width human output is laid out for (own module: the `mem list` fast path needs it without loading wrap-ansi). */

/** The width to lay out for: the terminal's, or 80 when output goes to a pipe or a file. */
export function outputWidth(stream: { isTTY?: boolean; columns?: number }): number {
  // Note: a pseudo-terminal without a size (script, some CI runners) reports 0 columns.
  return stream.isTTY === true && (stream.columns ?? 0) > 0 ? (stream.columns as number) : 80;
}
