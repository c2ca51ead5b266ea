/**
 * How much a text reads like the attacks the gate has seen, as a probability from a linear model
 * (logistic regression over attack-features.ts), trained by scripts/train-attack-likeness.mjs on the
 * fresh attack sets and paraphrases people wrote for the gate, the corpus's tuning half and real
 * agent-file and session lines. The category rules say what a text does; this catches the wordings
 * no rule was written for. It only ever holds a text for a person (docs/gates.md), never refuses it.
 */
import * as z from 'zod/mini';
import { damagedAttackModel, readAttackModelFile } from '../../read-attack-model.js';
import { attackFeatures } from './attack-features.js';
import { type ConceptTable, decodeConceptTable } from './threat-concepts.js';

/**
 * Above this a text entering the memory from this clone (`mem remember`, what mem writes by itself, an
 * accepted candidate) is held for a person. A hold there costs one `mem candidates --accept` at the
 * moment the text is written, while a text let through reaches every teammate's agent. Set when the model
 * was retrained on every spent set (session 43) as the lowest threshold that holds no more real lines of
 * the corpus's tuning half than the model before did at its threshold, with the corpus's benign rows under
 * 5 % refused and the secret corpus's harmless look-alikes of its tuning half (in the sentence its bench
 * writes) under 10 % held (docs/decisions.md).
 */
export const HOLD_NEW_TEXT_ABOVE = 0.44;

/**
 * Above this an entry on the team ref is held: one arriving from a teammate waits out of the agent's
 * memory until a person lets it in, and one of this clone's is not sent. Such an entry already passed
 * its author's gate at the threshold above (and a person, if it was held there), and every entry held
 * here waits for someone, a first sync of a year's team memory included: so only what reads most
 * like an attack (chosen by leaving one fresh set out at a time, look-alikes flagged at 5 %; set again
 * at each retrain as the lowest threshold that holds no more real lines of the tuning half than that
 * choice did: docs/decisions.md).
 */
export const HOLD_TEAM_ENTRY_ABOVE = 0.71;

type LoadedModel = { bias: number; scale: number; weights: Int8Array; concepts: ConceptTable };

let model: LoadedModel | undefined;

/**
 * Reads the model on first use. Why a data file and not a module: its 400 KB of base64 made a fifth of the
 * hook bundle, and every hook holds its whole bundle's source in memory (a quiet Stop's peak went from
 * 48.7 to 50.3 MiB when the lexicon joined the model), while only a hook that judges a text needs it.
 */
function loadModel(): LoadedModel {
  const { path, value } = readAttackModelFile();
  // Note: the schema is built here, not at load, so that a hook that judges nothing never builds it.
  const AttackModel = z.object({
    bias: z.number(),
    scale: z.number(),
    weights: z.string(),
    longestForm: z.int().check(z.minimum(1)),
    concepts: z.string(),
  });
  const parsed = z.safeParse(AttackModel, value);
  if (!parsed.success) throw damagedAttackModel(path, parsed.error.issues[0]?.message ?? 'not a model');
  const { bias, scale, weights, concepts, longestForm } = parsed.data;
  return {
    bias,
    scale,
    weights: new Int8Array(Buffer.from(weights, 'base64')),
    concepts: decodeConceptTable(concepts, longestForm),
  };
}

/** The probability, 0 to 1, that `text` is an attack by the model's reading. */
export function attackLikeness(text: string): number {
  const { bias, scale, weights, concepts } = (model ??= loadModel());
  const { buckets, weight } = attackFeatures(text, concepts);
  let sum = 0;
  for (const bucket of buckets) sum += weights[bucket] ?? 0;
  const logit = bias + sum * scale * weight;
  return 1 / (1 + Math.exp(-logit));
}
