// Compiled by test/runners/types.test.ts: vigiles/jest adds the matchers to jest's types.
import { expect } from "@jest/globals";
import "../../../src/entries/jest.js";
import { output, tool } from "./checks.js";

declare const subject: unknown;

expect(subject).toPass(tool("Bash"));
expect(subject).not.toPassAll([tool("Bash"), output(/done/)]);
expect(subject).toHaveCreated("DONE");
expect(subject).toBlock();
expect(subject).toBeatBaseline("vanilla", "gated", "marked");
// @ts-expect-error a check object, not a tool name
expect(subject).toPass("Bash");
// @ts-expect-error toHaveCreated takes a path
expect(subject).toHaveCreated();
