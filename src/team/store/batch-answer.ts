/**
 * Reading `git cat-file --batch` output: each answer is a header line (`<oid> <type> <size>`, or
 * `<spec> missing`) and, unless missing, the object's bytes and a newline.
 */

/** An object as cat-file gives it, or null when the store has nothing by that name. */
export type StoredObject = { oid: string; type: string; body: Buffer } | null;

/**
 * The `cat-file --batch` answer that starts at `offset`: its header's fields (`<oid> <type> <size>`,
 * or `<spec> missing`), its body (null when missing), and where the next answer starts; null when
 * `data` does not hold all of it yet.
 */
export function batchAnswer(
  data: Buffer,
  offset: number,
): { header: string[]; body: Buffer | null; next: number } | null {
  const newline = data.indexOf(0x0a, offset);
  if (newline < 0) return null;
  const header = data.subarray(offset, newline).toString('utf8').split(' ');
  if (header.length < 3 || header[header.length - 1] === 'missing') return { header, body: null, next: newline + 1 };
  const end = newline + 1 + Number(header[2]);
  // Note: each body is followed by a newline of its own.
  return data.length < end + 1 ? null : { header, body: data.subarray(newline + 1, end), next: end + 1 };
}
