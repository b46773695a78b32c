/**
 * What a harness file declares, as `vigiles test` runs it: suites (`describe`) holding tests and
 * lifecycle hooks, each with its mode (`.skip`, `.only`, `.todo`). Names are joined with " > " as
 * Vitest joins them; two tests with one full name in a file are refused, since every result (the
 * list, a JUnit testcase, `-t`) names one test.
 */
import { InvalidOptionError, VigilesError } from "../../core/errors.js";

/** A test body or hook: a function, or an async one; a throw (or rejection) fails the test. */
export type HarnessTestFn = () => unknown;

export type TestMode = "run" | "skip" | "only" | "todo";
export type HookKind = "beforeAll" | "afterAll" | "beforeEach" | "afterEach";

export interface TestNode {
  readonly kind: "test";
  readonly name: string;
  /** The describe names and the test's, joined with " > ". */
  readonly fullName: string;
  readonly fn: HarnessTestFn | undefined;
  readonly mode: TestMode;
  readonly parent: SuiteNode;
  started: boolean;
}

export interface SuiteNode {
  readonly kind: "suite";
  readonly fullName: string;
  readonly mode: TestMode;
  readonly parent: SuiteNode | undefined;
  readonly children: (TestNode | SuiteNode)[];
  readonly hooks: Record<HookKind, HarnessTestFn[]>;
}

/** Two tests of one file share a full name. */
export class DuplicateTestNameError extends VigilesError {
  constructor(fullName: string) {
    super(
      "VIGILES_DUPLICATE_TEST_NAME",
      `Two tests in this file are named "${fullName}": rename one, so each result (list, JUnit, -t) names one test.`,
    );
  }
}

/** The full name of `name` inside the suite path `path`. */
export const joinName = (path: readonly string[], name: string): string => [...path, name].join(" > ");

function suiteNode(fullName: string, mode: TestMode, parent: SuiteNode | undefined): SuiteNode {
  return {
    kind: "suite",
    fullName,
    mode,
    parent,
    children: [],
    hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] },
  };
}

export function checkName(kind: "test" | "describe", name: unknown): asserts name is string {
  if (typeof name !== "string" || name.trim() === "")
    throw new InvalidOptionError(`${kind}(name, fn): name must be a non-empty string naming what it checks.`);
}

export function checkFn(what: string, fn: unknown): asserts fn is HarnessTestFn {
  if (typeof fn !== "function")
    throw new InvalidOptionError(`${what}: fn must be a function, got ${typeof fn}.`);
}

/** The declarations of one harness file. */
export class TestTree {
  readonly root: SuiteNode = suiteNode("", "run", undefined);
  private current: SuiteNode = this.root;
  private readonly names = new Set<string>();

  private path(): string[] {
    return this.current === this.root ? [] : this.current.fullName.split(" > ");
  }

  addTest(name: string, fn: HarnessTestFn | undefined, mode: TestMode): TestNode {
    const fullName = joinName(this.path(), name);
    if (this.names.has(fullName)) throw new DuplicateTestNameError(fullName);
    this.names.add(fullName);
    const node: TestNode = { kind: "test", name, fullName, fn, mode, parent: this.current, started: false };
    this.current.children.push(node);
    return node;
  }

  /** Declares a suite and runs its callback now, so its tests are declared inside it. */
  addSuite(name: string, fn: () => unknown, mode: TestMode): void {
    const node = suiteNode(joinName(this.path(), name), mode, this.current);
    this.current.children.push(node);
    const outer = this.current;
    this.current = node;
    try {
      const returned = fn();
      if (returned instanceof Promise)
        throw new InvalidOptionError(
          `describe("${name}", fn): fn must declare its tests synchronously; await inside the tests or a beforeAll.`,
        );
    } finally {
      this.current = outer;
    }
  }

  addHook(kind: HookKind, fn: HarnessTestFn): void {
    this.current.hooks[kind].push(fn);
  }

  /** Every test, in declaration order. */
  tests(suite: SuiteNode = this.root): TestNode[] {
    return suite.children.flatMap((c) => (c.kind === "test" ? [c] : this.tests(c)));
  }
}

/** The suites from the root down to `suite` (root first). */
export function suitePath(suite: SuiteNode): SuiteNode[] {
  const out: SuiteNode[] = [];
  for (let s: SuiteNode | undefined = suite; s !== undefined; s = s.parent) out.unshift(s);
  return out;
}
