/**
 * The managed region's public surface, as docs/CONTRACTS.md names it: locate mem's region with a
 * line scanner, read its entries, splice edits by offset, exchange its body, repair its markers.
 */
export { readRegion } from './read-region.js';
export type { RegionRead } from './read-region.js';
export { applyRegionEdits, regionDamagedError } from './apply-region-edits.js';
export type { RegionEditOptions, RegionEditResult } from './apply-region-edits.js';
export type { RegionEdit, SkippedEdit } from './edit-body.js';
export { regionBody, replaceRegionBody } from './region-body.js';
export { repairRegion } from './repair-region.js';
export type { RegionRepair } from './repair-region.js';
export { planRegionBudget } from './plan-region-budget.js';
export type { BudgetPlan } from './plan-region-budget.js';
export { locateRegion } from './locate-region.js';
export type { RegionDamage, RegionSpan } from './locate-region.js';
export { parseRegionBody } from './parse-region-body.js';
export type { RegionEntry, ParsedBody } from './parse-region-body.js';
export type { Conflict } from './conflict-item.js';
export { handEntryId } from './hand-entry-id.js';
export { BEGIN_MARKER, END_MARKER } from './region-format.js';
