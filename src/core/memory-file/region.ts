/**
 * The managed region's public surface, as docs/CONTRACTS.md names it: locate mem's region with a
 * line scanner, read its entries, splice edits by offset, exchange its body, repair its markers.
 */
export { readRegion } from './read-region.js';
export { applyRegionEdits } from './apply-region-edits.js';
export type { RegionEdit } from './edit-body.js';
export { regionBody, replaceRegionBody } from './region-body.js';
export { repairRegion } from './repair-region.js';
export { locateRegion } from './locate-region.js';
