/** Where words end in any script: shared by the attack-likeness features and the threat concepts. */

// What separates words: white space and punctuation, ASCII and the common Unicode blocks (general,
// CJK, full-width). Every other character is part of a word, in any script.
const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) =>
  code <= 0x2f || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x5e) || code === 0x60 || code >= 0x7b
    ? 1
    : 0,
);

export function isSeparator(code: number): boolean {
  if (code < 128) return ASCII_SEPARATOR[code] === 1;
  return (
    (code >= 0xa0 && code <= 0xbf) ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x206f) ||
    (code >= 0x3000 && code <= 0x303f) ||
    code === 0xfeff ||
    (code >= 0xff01 && code <= 0xff0f) ||
    (code >= 0xff1a && code <= 0xff20) ||
    (code >= 0xff3b && code <= 0xff40) ||
    (code >= 0xff5b && code <= 0xff65)
  );
}
