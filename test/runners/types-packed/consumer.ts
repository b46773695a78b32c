// Compiled by test/runners/packed-types.test.ts against the built package, as a user imports it.
import { expect as vitestExpect } from "vitest";
import { expect as jestExpect } from "@jest/globals";
import "vigiles/vitest";
import "vigiles/jest";
import { tool, blocked, cost, createTrace, assertChecks, assertAgentOk, vigilesMatchers } from "vigiles";
import type { Check, Trace } from "vigiles";
import { experimental_agent } from "vigiles/spec";

const trace: Trace = createTrace({ toolCalls: [{ name: "Bash" }] });
const checks: Check[] = [tool("Bash"), cost({ maxUsd: 0.05 })];
assertChecks(trace, checks);
vitestExpect.extend(vigilesMatchers);
jestExpect.extend(vigilesMatchers);
vitestExpect(trace).toPass(tool("Bash"));
vitestExpect(trace).not.toBlock();
jestExpect(trace).toPassAll([tool("Bash"), blocked()]);
jestExpect(trace).toHaveCreated("DONE");

const contract = experimental_agent.result({ files: "string[]", summary: "string" }, { reason: "string" });
const value = assertAgentOk("", contract);
const files: string[] = value.files;
void files;
// @ts-expect-error the contract has no `count` field
void value.count;
// @ts-expect-error toPass takes a check
vitestExpect(trace).toPass("Bash");
