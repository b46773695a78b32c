/**
 * A pure seam for coverage: in-process runners that live in core (runHookProgram) report what they
 * exercised here, and the runtime's coverage recorder listens when coverage recording is on.
 */

/** What an in-process runner exercised (the same shape as a coverage entry). */
export interface ExercisedItem {
  readonly kind: "hook" | "skill" | "agent" | "command";
  readonly source: "runHook" | "runHookProgram" | "runHarnessTest" | "eval";
  readonly identity: {
    readonly event?: string;
    readonly command?: string;
    readonly file?: string;
    readonly target?: string;
    readonly name?: string;
  };
}

let listener: ((item: ExercisedItem) => void) | undefined;

/** Installs the one listener (the coverage recorder); `undefined` removes it. */
export function setExerciseListener(next: ((item: ExercisedItem) => void) | undefined): void {
  listener = next;
}

/** Reports one exercised item to the listener, if any. */
export function notifyExercised(item: ExercisedItem): void {
  listener?.(item);
}
