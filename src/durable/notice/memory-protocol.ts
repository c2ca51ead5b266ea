/**
 * The memory protocol: the standing note SessionStart gives the agent, so that the agent (which
 * understands prose) records what should last, in the same turn, through `mem remember`; mem
 * gates, records and explains. A few lines, counted against the start budget. Stated as facts
 * about this repository, not as commands to the model: imperative text can trip injection defences.
 */
export type ProtocolInput = {
  /** How the agent's shell invokes mem (`mem`, or node with the absolute bin path). */
  command: string;
  sections: readonly string[];
  /** Candidates waiting in the pending inbox. */
  pending: number;
};

/** Returns the protocol text; never throws. */
export function memoryProtocol(input: ProtocolInput): string {
  const mem = input.command;
  const lines = [
    `mem keeps this repository's team memory. When the user states something that should hold in future sessions (a convention, decision, correction, preference, command, or pointer to a file or URL), or the agent finds a gotcha the hard way, the agent records it in the same turn as one self-contained sentence: ${mem} remember --section <${input.sections.join('|')}> "<sentence>" (double quotes, no backticks). Task progress, one-off requests, secrets and guesses are never recorded. ${mem} search <words> looks memory up.`,
    // Staleness (issue 30): the agent can settle what the qualifier flags, as a person does in mem review --stale.
    `A memory marked "(may be outdated: …)" names something the committed code no longer has: ${mem} check --json lists such entries with ids and reasons, and the agent settles one with ${mem} remember "<corrected sentence>" and ${mem} forget <id>.`,
  ];
  if (input.pending > 0) {
    lines.push(
      `${input.pending} memory candidate${input.pending === 1 ? '' : 's'} await${input.pending === 1 ? 's' : ''} review in the pending inbox: ${mem} candidates lists them; ${mem} candidates --accept ID or --reject ID settles one (when the user asks, or when one is plainly right or wrong).`,
    );
  }
  return lines.join('\n');
}
