/**
 * The seam between a harness file's `test`/`describe`/hooks (from "vigiles") and a test runner that
 * hosts them. Under Vitest with the `harnessFiles()` preset (`vigiles/vitest`), the preset's setup
 * file puts Vitest's own functions here, and every declaration goes straight to Vitest: its watch
 * mode, UI, IDE runners, filters and reporters then see the file's tests as its own. Without a host,
 * `vigiles test` (or plain node) runs them (./harness-test.ts).
 *
 * A global symbol, not a module variable: the harness file may load "vigiles" through another module
 * instance than the setup file (Vitest's module runner beside node's own loader).
 */

/** A function of a test, a hook or a describe block, as the host takes it. */
export type HostFn = (...args: never[]) => unknown;

/** What a host runner provides: Vitest's `test`, `describe` and lifecycle hooks, by these names. */
export interface TestHost {
  readonly test: HostTestFn;
  readonly describe: HostDescribeFn;
  readonly beforeAll: (fn: HostFn) => void;
  readonly afterAll: (fn: HostFn) => void;
  readonly beforeEach: (fn: HostFn) => void;
  readonly afterEach: (fn: HostFn) => void;
  /** Called by the preset once per collected file, with the number of tests the file declared. */
  declared: number;
}

/** Vitest's `test` as far as harness files use it. */
export interface HostTestFn {
  (name: string, fn: (context: HostTestContext) => unknown): void;
  skip(name: string, fn?: HostFn): void;
  only(name: string, fn: (context: HostTestContext) => unknown): void;
  todo(name: string): void;
}

/** Vitest's `describe` as far as harness files use it. */
export interface HostDescribeFn {
  (name: string, fn: () => unknown): void;
  skip(name: string, fn: () => unknown): void;
  only(name: string, fn: () => unknown): void;
}

/** The part of Vitest's test context the forwarding uses: a skip with its reason. */
export interface HostTestContext {
  skip(note?: string): never;
}

const HOST_KEY = Symbol.for("vigiles.test-host");

/** The runner hosting harness-file tests in this process, if any. */
export function testHost(): TestHost | undefined {
  return (globalThis as { [HOST_KEY]?: TestHost })[HOST_KEY];
}

/** Makes `host` the runner of every `test()` declared from now on in this process. */
export function setTestHost(host: TestHost | undefined): void {
  (globalThis as { [HOST_KEY]?: TestHost })[HOST_KEY] = host;
}
