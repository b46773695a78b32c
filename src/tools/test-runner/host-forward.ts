/**
 * Forwards a harness file's declarations to a host runner (Vitest, through the `vigiles/vitest`
 * preset): the test keeps its name; a `skip(reason)` inside it becomes the host's skip with that
 * reason; two tests with one full name are refused here too, so a file means the same under both
 * runners.
 */
import { HarnessSkipped } from "../../tiers/harness/availability.js";
import type { TestHost, HostTestContext } from "./test-host.js";
import {
  DuplicateTestNameError,
  joinName,
  type HarnessTestFn,
  type HookKind,
  type TestMode,
} from "./test-tree.js";

interface Names {
  readonly path: string[];
  readonly seen: Set<string>;
}
const namesOf = new WeakMap<TestHost, Names>();

function names(host: TestHost): Names {
  let n = namesOf.get(host);
  if (n === undefined) namesOf.set(host, (n = { path: [], seen: new Set() }));
  return n;
}

function hostBody(fn: HarnessTestFn) {
  return async (context: HostTestContext): Promise<void> => {
    try {
      await fn();
    } catch (error) {
      // By code, not class: the file may load vigiles through another module instance.
      if (error instanceof HarnessSkipped || (error as { code?: unknown } | null)?.code === "VIGILES_SKIPPED")
        context.skip((error as HarnessSkipped).reason);
      throw error;
    }
  };
}

export function forwardTest(
  host: TestHost,
  name: string,
  fn: HarnessTestFn | undefined,
  mode: TestMode,
): void {
  const n = names(host);
  const fullName = joinName(n.path, name);
  if (n.seen.has(fullName)) throw new DuplicateTestNameError(fullName);
  n.seen.add(fullName);
  host.declared++;
  switch (mode) {
    case "run":
      return host.test(name, hostBody(fn as HarnessTestFn));
    case "only":
      return host.test.only(name, hostBody(fn as HarnessTestFn));
    case "skip":
      return host.test.skip(name, fn);
    case "todo":
      return host.test.todo(name);
  }
}

export function forwardDescribe(
  host: TestHost,
  name: string,
  fn: () => unknown,
  mode: "run" | "skip" | "only",
): void {
  host.declared++;
  const n = names(host);
  // Vitest may call the callback later (when it collects the suite): the path is set around the call.
  const body = () => {
    n.path.push(name);
    try {
      return fn();
    } finally {
      n.path.pop();
    }
  };
  switch (mode) {
    case "run":
      return host.describe(name, body);
    case "skip":
      return host.describe.skip(name, body);
    case "only":
      return host.describe.only(name, body);
  }
}

export function forwardHook(host: TestHost, kind: HookKind, fn: HarnessTestFn): void {
  host[kind](fn);
}
