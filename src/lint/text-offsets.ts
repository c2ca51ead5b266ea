/** Every offset where `needle` starts in `text`, overlapping ones included, in order; none for an absent needle. */
export function offsetsOf(needle: string, text: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) offsets.push(at);
  return offsets;
}
