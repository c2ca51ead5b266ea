const ANY_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Returns `text` without any HTML comment (closed or not), whitespace collapsed; never fails. */
export function stripComments(text: string): string {
  return text.replace(ANY_COMMENT, ' ').replace(/\s+/g, ' ').trim();
}
