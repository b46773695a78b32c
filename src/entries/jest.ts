/**
 * `vigiles/jest`: registers vigiles' matchers on jest's `expect` and adds their types.
 * Use as `setupFilesAfterEnv: ["vigiles/jest"]` or `import "vigiles/jest"`.
 */
export {};

// --- matcher registration for jest (issue 3) ---
