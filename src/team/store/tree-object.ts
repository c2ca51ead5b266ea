/**
 * A git tree object's bytes (as `cat-file --batch` gives them) read as its entries.
 */

/** A tree entry: a file (mode 100644, 100755, 120000) or a subtree (mode 40000). */
export type TreeEntry = { mode: string; name: string; oid: string };

/** Returns the entries of a tree object's bytes, in the order the tree holds them; throws on malformed bytes. */
export function parseTree(body: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 21 > body.length) throw new Error('malformed tree object');
    entries.push({
      mode: body.toString('latin1', at, space),
      name: body.toString('utf8', space + 1, nul),
      oid: body.toString('hex', nul + 1, nul + 21),
    });
    at = nul + 21;
  }
  return entries;
}
