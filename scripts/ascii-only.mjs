// Used by scripts/build.mjs on every CommonJS bundle; tested by test/unit/ascii-bundle.test.ts.

/** Ends a bundle that asciiOnly made (bin/load-bundle.cjs reads such a bundle as latin1). */
export const ASCII_MARKER = '//# mem-ascii';

/**
 * Returns `source` with every non-ASCII UTF-16 unit written as a `\uXXXX` escape. esbuild escapes
 * them in strings but leaves regular-expression literals (the detector's CJK words, emoji) and
 * comments as they are; one such character makes V8 hold the whole 650 KB bundle as a two-byte
 * string and read it through the slower UTF-8 path (every hook ~1.5-3 ms, measured). An escape
 * means the same character in a regular expression, with or without the `u` flag (a surrogate
 * pair written as two escapes is one code point under `u`); after an escaping backslash the
 * backslash is already there (`\…` becomes `\u2026`).
 */
export function asciiOnly(source) {
  // An escape would change what String.raw returns: such a template must be written in escapes.
  const raw = /String\.raw`[^`]*[^\x00-\x7f][^`]*`/.exec(source);
  if (raw)
    throw new Error(
      `non-ASCII character in a String.raw template (write it as \\uXXXX in the source): ${raw[0].slice(0, 80)}`,
    );
  let out = '';
  let from = 0;
  for (let index = 0; index < source.length; index += 1) {
    const unit = source.charCodeAt(index);
    if (unit < 0x80) continue;
    let backslashes = 0;
    while (index - backslashes - 1 >= 0 && source[index - backslashes - 1] === '\\') backslashes += 1;
    out += `${source.slice(from, index)}${backslashes % 2 === 1 ? 'u' : '\\u'}${unit.toString(16).padStart(4, '0')}`;
    from = index + 1;
  }
  return out + source.slice(from);
}
