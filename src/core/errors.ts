/**
 * The base of every error vigiles throws on purpose. `code` is stable across releases so a caller
 * can branch on it; the message names the bad value and says what to do about it.
 */
export class VigilesError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** An assertion over a run failed: the message says what was expected and what happened. */
export class AssertionFailedError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_ASSERTION_FAILED", message, options);
  }
}

/** An assertion had nothing to look at (zero runs, a field nobody recorded): never a silent pass. */
export class VacuousAssertionError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_VACUOUS_ASSERTION", message);
  }
}

/** A caller passed options that cannot work together or a value out of range. */
export class InvalidOptionError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_INVALID_OPTION", message);
  }
}

/** Compile-time exhaustiveness for `switch` over a union. */
export function assertNever(value: never, what = "value"): never {
  throw new VigilesError("VIGILES_UNREACHABLE", `Unexpected ${what}: ${JSON.stringify(value)}`);
}

/**
 * Attaches `value` as a read-only, non-enumerable property: node prints an uncaught error's own
 * enumerable properties under its message, and a stream or a report of kilobytes would bury the
 * one line that says what to do. The value stays readable (`error.stderr`).
 */
export function attachQuietly<T extends object, K extends string>(target: T, key: K, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: false, configurable: true });
}
