/**
 * `vigiles/vitest`: registers vigiles' matchers on vitest's `expect` and adds their types.
 * Use as `setupFiles: ["vigiles/vitest"]` or `import "vigiles/vitest"`.
 */
export {};

// --- matcher registration for vitest (issue 3) ---
