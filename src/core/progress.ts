/**
 * Progress of a long operation (a first sync of a big team ref, a search index rebuild), as the
 * capabilities report it. Only the CLI entries pass a reporter that shows anything (on a terminal);
 * hooks never pass one, so nothing here ever reaches an agent's hook output.
 */

/** Called when a phase starts or advances: `done` of `total` items when they are counted. */
export type Progress = (label: string, done?: number, total?: number) => void;

/** The reporter of every caller that did not ask for progress. */
export const noProgress: Progress = () => {};
