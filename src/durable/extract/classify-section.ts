/**
 * Picks the managed-region section a candidate belongs to, from its wording and where it came
 * from, mapped onto the sections this repository configured.
 */
import type { CandidateSource } from '../../core/memory-file/candidate.js';
import { testPrefiltered } from '../../core/safety/prefilter/prefilter.js';

type SectionName = 'Conventions' | 'Commands' | 'Decisions' | 'Gotchas' | 'Preferences' | 'References';

const BY_SOURCE: Partial<Record<CandidateSource, SectionName>> = {
  command: 'Commands',
  gotcha: 'Gotchas',
  reference: 'References',
};

const KEYWORDS: ReadonlyArray<readonly [SectionName, RegExp]> = [
  [
    'Gotchas',
    /\b(?:gotcha|careful|beware|watch out|fails?|flaky|breaks?|broken|otherwise|before running|needs? to be running|must be running|requires? .* (?:first|running)|needs? .* (?:first|running|beforehand)|trap|caveat|workaround)\b|注意|気をつけ|Achtung|attention à|cuidado/i,
  ],
  [
    'References',
    /\b(?:docs?\/|spec(?:ification)? is|see\s+\S+\.(?:md|rst|txt)|documented in|documentation (?:is|lives)|refer to|https?:\/\/|is described in|design doc|runbook|ADR)\b/i,
  ],
  [
    'Decisions',
    /\b(?:we decided|decided to|decision|we chose|we picked|we went with|chosen|because we|trade-?off|in favou?r of|deprecated|we are moving to|migrat(?:e|ing) (?:to|away))\b|決定|决定/i,
  ],
  [
    'Preferences',
    /\b(?:prefer|i like|i want|i'd like|my preference|don't like|i hate|keep (?:responses|answers|replies|explanations)|be concise|be brief|verbose|explain|respond|reply|answer in|tone|emoji|commit messages?)\b|好み|喜欢|偏好/i,
  ],
  [
    'Commands',
    /^(?:to\s+[\w\s-]+,\s+)?(?:run|build|lint|test|start|install|format|type-?check|deploy|migrate|execute)\b[^.]*`[^`]+`|\b(?:run|runs|ran|execute[ds]?|ausgeführt|ausführen|exécut\w*|ejecut\w*|lanc\w*)\b[^.]*`[^`]+`|`[^`]+`[^.]*(?:\b(?:ausgeführt|exécut\w*|ejecut\w*)|実行|运行|執行)/i,
  ],
];

/** Returns the configured section for a candidate (falls back to the first configured section); never throws. */
export function classifySection(text: string, source: CandidateSource, sections: readonly string[]): string {
  const wanted =
    BY_SOURCE[source] ?? KEYWORDS.find(([, pattern]) => testPrefiltered(pattern, text))?.[0] ?? 'Conventions';
  const found = sections.find((section) => section.toLowerCase() === wanted.toLowerCase());
  if (found !== undefined) return found;
  const conventions = sections.find((section) => section.toLowerCase() === 'conventions');
  return conventions ?? sections[0] ?? wanted;
}

/** The patterns above that run behind their required factors, for the build's table (turn/gated-patterns.ts). */
export const sectionPatterns = (): RegExp[] => KEYWORDS.map(([, pattern]) => pattern);
