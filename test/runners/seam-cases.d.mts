export declare function defineSeamCases(
  runner: { describe: unknown; it: unknown; expect: unknown },
  vigiles: object,
): void;
export declare const SEAM_CASE_COUNT: number;
