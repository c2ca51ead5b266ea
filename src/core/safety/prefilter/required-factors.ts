/**
 * The pieces of text every match of a regular expression must contain, read from its syntax tree
 * (@eslint-community/regexpp): a conjunction of clauses, each a list of alternatives, e.g.
 * /\b(?:do\s+not|never)\s+ask(?:ing)?\b/i requires ("not" or "never") and ("ask"). A text whose
 * folded form (prefilter.ts, foldForFactors) lacks every alternative of one clause cannot match, so a gate can
 * skip the pattern without V8 compiling it (docs/decisions.md: compiling the gates' patterns was
 * most of a turn).
 *
 * Sound by construction, never complete: what the walk cannot read exactly (classes, `\w`, `.`,
 * backreferences, repeats, lookarounds, letters whose case mates fold apart) requires nothing.
 * Run at build time (scripts/required-factors.mjs): parsing the gates' 32 KB of patterns in a cold
 * process costs more than compiling them (callgrind: ~380 M instructions, a turn is ~500 M).
 */
import { parseRegExpLiteral, type AST } from '@eslint-community/regexpp';
import { foldForFactors } from './prefilter.js';

/** Every match contains one string of each clause (strings already folded). Empty: no requirement. */
export type RequiredFactors = string[][];

/** What every match of a node is (exact, when few strings) and contains (clauses). */
type Info = { exact: string[] | null; clauses: string[][] };

/** More exact strings than this and a node is read as containing its clauses only. */
const MAX_EXACT = 64;
/** A class of more characters than this requires nothing. */
const MAX_CLASS = 8;
/** Alternatives whose clauses multiply to more than this are read as one clause. */
const MAX_DISTRIBUTED = 32;
/** The most telling clauses kept per pattern: more would cost more to check than they turn away. */
const MAX_CLAUSES = 4;

const ANYTHING: Info = { exact: null, clauses: [] };
const EMPTY: Info = { exact: [''], clauses: [] };

/** Every code point's character, grouped by its lower case and by its upper case; made on first need (~1 s). */
let caseMates: { byLower: Map<string, string[]>; byUpper: Map<string, string[]> } | undefined;

function mates(): NonNullable<typeof caseMates> {
  if (caseMates !== undefined) return caseMates;
  const byLower = new Map<string, string[]>();
  const byUpper = new Map<string, string[]>();
  for (let code = 0x80; code <= 0x10ffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    if (lower === char && upper === char) continue;
    byLower.set(lower, [...(byLower.get(lower) ?? []), char]);
    byUpper.set(upper, [...(byUpper.get(upper) ?? []), char]);
  }
  caseMates = { byLower, byUpper };
  return caseMates;
}

/**
 * The character a literal code point stands for in folded text, or undefined when it cannot be
 * read soundly. ASCII and caseless characters (CJK, digits, punctuation) fold to themselves (ASCII
 * letters to lower case). A letter with case outside ASCII is read only when every character that
 * shares its lower or its upper case (what case-insensitive matching can take for it) folds to the
 * same one, and never Greek sigma (whose lower case depends on the next letter).
 */
function foldedCharacter(codePoint: number): string | undefined {
  const char = String.fromCodePoint(codePoint);
  if (codePoint < 0x80) return char.toLowerCase();
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  if (lower === char && upper === char) return char;
  if (lower.length !== 1 || lower === '\u03c3' || lower === '\u03c2') return undefined;
  const { byLower, byUpper } = mates();
  const all = [...(byLower.get(lower) ?? []), ...(byUpper.get(upper) ?? [])];
  return all.every((other) => foldForFactors(other) === lower) ? lower : undefined;
}

function exactly(strings: Iterable<string>): Info {
  return { exact: [...new Set(strings)], clauses: [] };
}

/** The strings a clause needs: none that contains another of the clause (the shorter one is met first). */
function minimal(strings: readonly string[]): string[] {
  const unique = [...new Set(strings)].sort((a, b) => a.length - b.length);
  return unique.filter((s, i) => !unique.slice(0, i).some((shorter) => s.includes(shorter)));
}

/** A clause from exact strings; none when one of them is empty (the node may match nothing). */
function clauseOf(strings: readonly string[]): string[] | undefined {
  return strings.length === 0 || strings.includes('') ? undefined : minimal(strings);
}

/**
 * The ordinary texts (folded) requiredFactors was given, and how many of them hold each clause;
 * set for the length of one call (the walk below is synchronous).
 */
let ordinary: readonly string[] = [];
const heldBy = new Map<string, number>();

/**
 * How telling a clause is: the fewer ordinary texts hold it the better (any clause is sound; a
 * rare one turns more texts away), then its shortest string's length, then the fewer strings.
 */
function strength(clause: readonly string[]): number {
  const key = clause.join('\u0000');
  let held = heldBy.get(key);
  if (held === undefined) {
    held = ordinary.filter((text) => clause.some((s) => text.includes(s))).length;
    heldBy.set(key, held);
  }
  return -held * 1_000_000 + Math.min(...clause.map((s) => s.length)) * 1000 - clause.length;
}

function characterClass(node: AST.CharacterClass): Info {
  if (node.negate || node.unicodeSets) return ANYTHING;
  const chars: string[] = [];
  for (const element of node.elements) {
    if (element.type === 'Character') {
      const folded = foldedCharacter(element.value);
      if (folded === undefined) return ANYTHING;
      chars.push(folded);
    } else if (element.type === 'CharacterClassRange' && element.max.value - element.min.value < MAX_CLASS) {
      for (let code = element.min.value; code <= element.max.value; code += 1) {
        const folded = foldedCharacter(code);
        if (folded === undefined) return ANYTHING;
        chars.push(folded);
      }
    } else return ANYTHING;
    if (chars.length > MAX_CLASS) return ANYTHING;
  }
  return chars.length === 0 ? ANYTHING : exactly(chars);
}

function quantifier(node: AST.Quantifier): Info {
  const inner = element(node.element);
  if (node.max === 0) return EMPTY;
  if (node.min === 0)
    return node.max === 1 && inner.exact !== null && inner.exact.length < MAX_EXACT
      ? exactly(['', ...inner.exact])
      : ANYTHING;
  // At least once: what one repetition contains, every match contains.
  const own = inner.exact === null ? undefined : clauseOf(inner.exact);
  const clauses = own === undefined ? inner.clauses : [...inner.clauses, own];
  if (node.min === node.max && inner.exact !== null && inner.exact.length ** node.min <= MAX_EXACT) {
    let repeated = [''];
    for (let i = 0; i < node.min; i += 1) repeated = repeated.flatMap((a) => inner.exact!.map((b) => a + b));
    return exactly(repeated);
  }
  return { exact: null, clauses };
}

/** A sequence: neighbouring exact parts joined into longer strings ("ask" + ("" | "ing")). */
function sequence(elements: readonly AST.Element[]): Info {
  const clauses: string[][] = [];
  let run: string[] = [''];
  let whole = true;
  const flush = () => {
    const clause = clauseOf(run);
    if (clause !== undefined) clauses.push(clause);
    run = [''];
  };
  for (const node of elements) {
    const info = element(node);
    if (info.exact === null) {
      whole = false;
      flush();
      clauses.push(...info.clauses);
      continue;
    }
    if (run.length * info.exact.length > MAX_EXACT) {
      whole = false;
      flush();
    }
    run = [...new Set(run.flatMap((a) => info.exact!.map((b) => a + b)))];
  }
  if (whole) return exactly(run);
  flush();
  return { exact: null, clauses };
}

/**
 * Alternatives: (A1 and A2) or (B1) is (A1 or B1) and (A2 or B1); every such clause while they are
 * few, else a few, each made of one clause of every alternative.
 */
function alternatives(list: readonly AST.Alternative[]): Info {
  const infos = list.map((alternative) => sequence(alternative.elements));
  if (infos.length === 1) return infos[0] as Info;
  if (infos.every((info) => info.exact !== null)) {
    const union = [...new Set(infos.flatMap((info) => info.exact!))];
    if (union.length <= MAX_EXACT) return exactly(union);
    const clause = clauseOf(union);
    return { exact: null, clauses: clause === undefined ? [] : [clause] };
  }
  const each = infos.map((info) =>
    info.exact === null ? info.clauses : [clauseOf(info.exact)].filter((c) => c !== undefined),
  );
  if (each.some((clauses) => clauses.length === 0)) return ANYTHING;
  if (each.reduce((product, clauses) => product * clauses.length, 1) <= MAX_DISTRIBUTED) {
    let combined: string[][] = [[]];
    for (const clauses of each) combined = combined.flatMap((done) => clauses.map((clause) => [...done, ...clause]));
    return { exact: null, clauses: combined.map(minimal) };
  }
  // Too many to distribute: clause i takes each alternative's i-th most telling clause (any one
  // clause per alternative makes a sound clause; several differing ones turn more texts away).
  const ranked = each.map((clauses) => [...clauses].sort((a, b) => strength(b) - strength(a)));
  const rounds = Math.min(MAX_CLAUSES, Math.max(...ranked.map((clauses) => clauses.length)));
  return {
    exact: null,
    clauses: Array.from({ length: rounds }, (_, round) =>
      minimal(ranked.flatMap((clauses) => clauses[round % clauses.length] as string[])),
    ),
  };
}

function element(node: AST.Element): Info {
  switch (node.type) {
    case 'Character': {
      const folded = foldedCharacter(node.value);
      return folded === undefined ? ANYTHING : exactly([folded]);
    }
    case 'CharacterClass':
      return characterClass(node);
    case 'Quantifier':
      return quantifier(node);
    case 'CapturingGroup':
      return alternatives(node.alternatives);
    case 'Group':
      // Note: a group that changes the flags (`(?i:…)`) is read as requiring nothing.
      return node.modifiers === null ? alternatives(node.alternatives) : ANYTHING;
    case 'Assertion':
      // Zero width: a match is what the other parts consume, whatever an assertion looks at.
      return EMPTY;
    default:
      return ANYTHING;
  }
}

/**
 * Returns the factors every match of `pattern` contains, in folded form, the most telling first;
 * `sample`: ordinary texts (folded) that rank the choices, whatever they are the factors stay
 * sound. Never throws (an unreadable pattern requires nothing).
 */
export function requiredFactors(pattern: RegExp, sample: readonly string[] = []): RequiredFactors {
  ordinary = sample;
  heldBy.clear();
  let tree: AST.RegExpLiteral;
  try {
    tree = parseRegExpLiteral(pattern);
  } catch {
    return [];
  }
  const info = alternatives(tree.pattern.alternatives);
  const clauses = info.exact === null ? info.clauses : [clauseOf(info.exact)].filter((c) => c !== undefined);
  // A clause another one implies (every string of the other holds one of its strings) adds nothing.
  const unique = [...new Map(clauses.map((clause) => [JSON.stringify(clause), clause])).values()];
  const implies = (b: string[], a: string[]) => b.every((long) => a.some((short) => long.includes(short)));
  return unique
    .filter((a, i) => !unique.some((b, j) => j !== i && implies(b, a) && !(implies(a, b) && j > i)))
    .sort((a, b) => strength(b) - strength(a))
    .slice(0, MAX_CLAUSES);
}
