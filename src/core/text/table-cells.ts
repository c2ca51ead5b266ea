/** The cells of a GFM table row, trimmed, outer pipes dropped; an escaped `\|` is no border. */
export function tableCells(row: string): string[] {
  let inner = row.trim();
  if (inner.startsWith('|')) inner = inner.slice(1);
  if (inner.endsWith('|') && !inner.endsWith('\\|')) inner = inner.slice(0, -1);
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}
