/**
 * Three-way merge of a document seen as a sequence of blocks (tokens): headings and list items are
 * keyed (by section name, by entry id or item text), free text and blank-line gaps by content.
 * Where only one side changed a stretch, its version wins; where both did, keyed tokens from both
 * sides are kept (ours first, theirs at their anchors), and free text that both changed goes
 * through line-level diff3. Which items survive and with what bytes is decided elsewhere (per entry).
 */
import type { Block } from '../../core/memory-file/scan-blocks.js';
import { diff3Sequence } from './diff3-sequence.js';

export type Token = {
  kind: Block['kind'];
  /** Identity for alignment: `H…` heading, `E…` item, `T…` text, `G…` gap. */
  key: string;
  raw: string;
  /** Set on keyed tokens inserted from the other side inside a both-changed stretch. */
  inserted?: boolean;
};

export type TextMerger = (ours: string, base: string, theirs: string) => string;

const isKeyed = (token: Token): boolean => token.kind === 'heading' || token.kind === 'item';

/** Returns tokens for blocks, with keys from `keyOf` for headings and items; gaps are keyed by the next keyed token so long loose lists stay cheap to align. */
export function toTokens(blocks: ReadonlyArray<Block>, keyOf: (block: Block, index: number) => string): Token[] {
  const tokens: Token[] = blocks.map((block, index) => ({
    kind: block.kind,
    raw: block.raw,
    key:
      block.kind === 'heading' || block.kind === 'item'
        ? keyOf(block, index)
        : block.kind === 'text'
          ? `T${block.raw}`
          : '',
  }));
  let next = '$end';
  for (let k = tokens.length - 1; k >= 0; k--) {
    const token = tokens[k];
    if (token === undefined) continue;
    if (token.kind === 'gap') token.key = `G${token.raw}\u0000${next}`;
    else next = token.key;
  }
  return tokens;
}

/** Returns the merged token sequence (keyed tokens may repeat; the caller dedupes and filters); never fails. */
export function mergeTokenSequence(
  a: readonly Token[],
  o: readonly Token[],
  b: readonly Token[],
  mergeTexts: TextMerger,
): Token[] {
  const regions = diff3Sequence(
    a.map((t) => t.key),
    o.map((t) => t.key),
    b.map((t) => t.key),
  );
  const out: Token[] = [];
  for (const region of regions) {
    if (region.kind === 'stable' || region.kind === 'ours') out.push(...a.slice(region.aStart, region.aEnd));
    else if (region.kind === 'theirs') out.push(...b.slice(region.bStart, region.bEnd));
    else
      out.push(
        ...resolveBoth(
          a.slice(region.aStart, region.aEnd),
          o.slice(region.oStart, region.oEnd),
          b.slice(region.bStart, region.bEnd),
          mergeTexts,
        ),
      );
  }
  return out;
}

const texts = (tokens: readonly Token[]): string[] => tokens.filter((t) => t.kind === 'text').map((t) => t.raw);
const sameList = (x: readonly string[], y: readonly string[]): boolean =>
  x.length === y.length && x.every((v, k) => v === y[k]);

/** Resolves a stretch both sides changed: one side's layout, the other side's new keyed tokens inserted at their anchors. */
function resolveBoth(a: Token[], o: Token[], b: Token[], mergeTexts: TextMerger): Token[] {
  const aText = texts(a);
  const oText = texts(o);
  const bText = texts(b);
  let layout: Token[];
  let other: Token[];
  if (sameList(aText, bText) || sameList(bText, oText)) {
    layout = [...a];
    other = b;
  } else if (sameList(aText, oText)) {
    layout = [...b];
    other = a;
  } else {
    const merged = mergeTexts(aText.join(''), oText.join(''), bText.join(''));
    const at = a.findIndex((t) => t.kind === 'text');
    layout = a.filter((t) => t.kind !== 'text');
    const token: Token = { kind: 'text', key: `T${merged}`, raw: merged };
    if (at === -1) layout.push(token);
    else layout.splice(a.slice(0, at).filter((t) => t.kind !== 'text').length, 0, token);
    other = b;
  }
  const present = new Set(layout.filter(isKeyed).map((t) => t.key));
  const otherKeys = new Set(other.filter(isKeyed).map((t) => t.key));
  const layoutOnly = (t: Token | undefined): boolean =>
    t !== undefined && isKeyed(t) && !otherKeys.has(t.key) && t.inserted !== true;
  for (let index = 0; index < other.length; index++) {
    const token = other[index];
    if (token === undefined || !isKeyed(token) || present.has(token.key)) continue;
    let position = 0;
    for (let k = index - 1; k >= 0; k--) {
      const anchor = other[k];
      if (anchor !== undefined && isKeyed(anchor) && present.has(anchor.key)) {
        position = layout.findIndex((t) => isKeyed(t) && t.key === anchor.key) + 1;
        break;
      }
    }
    // Additions of the layout side at the same spot come first; gaps between them are skipped too.
    // An item never skips into a section the layout side added after it.
    const passable = (t: Token | undefined): boolean =>
      layoutOnly(t) && (token.kind === 'heading' || t?.kind !== 'heading');
    for (;;) {
      const here = layout[position];
      if (passable(here)) position++;
      else if (here?.kind === 'gap' && passable(layout[position + 1])) position += 2;
      else break;
    }
    layout.splice(position, 0, { ...token, inserted: true });
    present.add(token.key);
  }
  return layout;
}
