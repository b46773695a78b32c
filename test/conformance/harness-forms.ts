/**
 * Each harness's own spelling of what the conformance corpus needs (its event and tool names, the
 * file its hooks are registered in and that file's shape) comes from its adapter folder, through the
 * registry (HarnessEntry.conformance): a harness added to the registry gets its corpus with no row
 * here. The corpus tables stay harness-neutral.
 */
import type { HarnessAdapter } from "../../src/adapters/port.js";
import type {
  ConformanceEntryShape,
  ConformanceForm,
  ConformanceRegistration,
  ConformanceRole,
  ConformanceTool,
} from "../../src/adapters/harness-entry.js";
import { findHarness, HARNESSES } from "../../src/adapters/registry.js";

/** Every registered harness with a conformance form (not OpenCode: `noConformance`), by its registry id (case ids start with it). */
export const CONFORMANCE_HARNESSES: readonly string[] = HARNESSES.filter(
  (h) => h.conformance !== undefined,
).map((h) => h.id);
export type ConformanceHarness = string;

export type EventRole = ConformanceRole;
export type ScriptedTool = ConformanceTool;
export type EntryShape = ConformanceEntryShape;
export type CaseRegistration = ConformanceRegistration;

export interface HarnessForm extends ConformanceForm {
  readonly id: ConformanceHarness;
  /** What `vigiles explain --harness` takes. */
  readonly explainId: string;
  /** Its explain reads layered settings, managed ones included (`--managed-dir` points them at a scratch folder). */
  readonly layeredSettings: boolean;
  loadAdapter(): Promise<HarnessAdapter>;
}

export const HARNESS_FORMS: Readonly<Record<ConformanceHarness, HarnessForm>> = Object.fromEntries(
  HARNESSES.flatMap((h) => (h.conformance === undefined ? [] : [[h, h.conformance] as const])).map(
    ([h, form]) => [
      h.id,
      {
        ...form,
        id: h.id,
        explainId: h.id,
        layeredSettings: h.explainSource === "layered-settings",
        loadAdapter: () => h.loadAdapter(),
      },
    ],
  ),
);

/** The form of a registered harness (its id). */
export function formOf(harness: ConformanceHarness): HarnessForm {
  const form = HARNESS_FORMS[harness];
  if (form === undefined) throw new Error(`no conformance form for ${JSON.stringify(harness)}`);
  return form;
}

/** A harness id or alias (`copilot`), as `vigiles explain` takes it; undefined when none. */
export function conformanceHarness(name: string): ConformanceHarness | undefined {
  return findHarness(name)?.id;
}
