/** See node-flags.mjs. */
export declare const NODE_FLAGS: readonly string[];
