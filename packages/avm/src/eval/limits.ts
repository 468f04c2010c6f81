/** Evaluation limits that are properties of the AVM itself, not consensus parameters. */

/** Deepest the value stack may grow. */
export const MAX_STACK_DEPTH = 1000
/** Scratch slots. */
export const SCRATCH_SIZE = 256
