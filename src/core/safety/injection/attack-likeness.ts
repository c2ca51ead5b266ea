/**
 * How much a text reads like the attacks the gate has seen, as a probability from a linear model
 * (logistic regression over attack-features.ts), trained by scripts/train-attack-likeness.mjs on the
 * fresh attack sets and paraphrases people wrote for the gate, the corpus's tuning half and real
 * agent-file and session lines. The category rules say what a text does; this catches the wordings
 * no rule was written for. It only ever holds a text for a person (docs/gates.md), never refuses it.
 */
import { attackFeatures } from './attack-features.js';
import { ATTACK_MODEL } from './attack-likeness-model.js';
import { type ConceptTable, decodeConceptTable } from './threat-concepts.js';

// Above this a text the rules let pass is held: chosen by leaving one fresh set out at a time, as
// the share of look-alikes flagged stays at 5 % (docs/decisions.md "A learned score beside the rules").
export const HOLD_ABOVE = 0.65;

let weights: Int8Array | undefined;
let concepts: ConceptTable | undefined;

/** The probability, 0 to 1, that `text` is an attack by the model's reading. */
export function attackLikeness(text: string): number {
  // Decoded on first use: a hook that judges nothing never pays for the 64 KiB.
  weights ??= new Int8Array(Buffer.from(ATTACK_MODEL.weights, 'base64'));
  concepts ??= decodeConceptTable(ATTACK_MODEL.concepts, ATTACK_MODEL.longestForm);
  const { buckets, weight } = attackFeatures(text, concepts);
  let sum = 0;
  for (const bucket of buckets) sum += weights[bucket] ?? 0;
  const z = ATTACK_MODEL.bias + sum * ATTACK_MODEL.scale * weight;
  return 1 / (1 + Math.exp(-z));
}
