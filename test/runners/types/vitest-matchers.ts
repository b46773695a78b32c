// Compiled by test/runners/types.test.ts: vigiles/vitest adds the matchers to vitest's types.
import { expect } from "vitest";
import "../../../src/entries/vitest.js";
import { blocked, tool } from "./checks.js";

declare const subject: unknown;

expect(subject).toPass(tool("Bash"));
expect(subject).not.toPassAll([tool("Bash"), blocked()]);
expect(subject).toHaveCreated("DONE");
expect(subject).toBlock();
expect(subject).toBeatBaseline("vanilla", "gated", "marked");
// @ts-expect-error a check object, not a tool name
expect(subject).toPass("Bash");
// @ts-expect-error toBlock takes no argument
expect(subject).toBlock(true);
// @ts-expect-error baseline, arm and metric are all required
expect(subject).toBeatBaseline("vanilla");
