// The check vocabulary over large Traces: time per tool call for a run of 1,000 calls and for one of
// 100,000 (subagents nested every 10 calls), which should stay close (the checks are linear; the
// subagent view indexes children by parent id), and tool("Bash") against a hand-written loop.
// Target: per-call ratio 100k/1k <= 1.5; tool() overhead over the bare loop <= 3x.
// Run: npm run build && node bench/trace-checks.bench.mjs
import {
  createTrace,
  evaluateChecks,
  tool,
  skill,
  mcp,
  subagent,
  output,
  received,
  hookFired,
  turns,
  wrote,
  blocked,
  allowed,
  cost,
  tokens,
} from "../dist/entries/index.js";

const names = ["Read", "Edit", "Write", "Grep", "Glob", "Bash"];

function bigTrace(n) {
  const toolCalls = [];
  let parent;
  for (let i = 0; i < n; i++) {
    if (i % 10 === 0) {
      parent = `agent_${i}`;
      toolCalls.push({ id: parent, name: "Agent", input: { subagent_type: "reviewer" }, result: "LGTM" });
    } else {
      toolCalls.push({
        id: `t${i}`,
        name: names[i % names.length],
        input: { i },
        parentId: i % 3 === 0 ? parent : undefined,
      });
    }
  }
  toolCalls.push({ name: "Skill", input: { skill: "demo:greet" }, result: "Launching skill: demo:greet" });
  return createTrace({
    toolCalls,
    hooks: Array.from({ length: n / 10 }, (_, i) => ({
      event: "PreToolUse",
      name: `PreToolUse:${names[i % 6]}`,
    })),
    output: "done",
    modelRequests: Array.from({ length: n / 10 }, (_, i) => ({ messages: [`request ${i}`] })),
    usage: { costUsd: 0.01, inputTokens: 100, outputTokens: 10 },
    filesWritten: ["DONE"],
  });
}

const checks = [
  tool("Bash"),
  tool("Missing"),
  skill("demo:greet"),
  mcp("github", "merge"),
  subagent("reviewer", [tool("Grep"), output(/LGTM/)]),
  subagent("reviewer", [tool("Missing")]),
  output(/done/),
  received("never-sent"),
  hookFired("PreToolUse:Bash"),
  turns({ min: 1 }),
  wrote("DONE"),
  blocked(),
  allowed(),
  cost({ maxUsd: 1 }),
  tokens({ max: 1000 }),
];

function perCallMicros(trace, reps) {
  evaluateChecks(trace, checks);
  const start = performance.now();
  for (let r = 0; r < reps; r++) evaluateChecks(trace, checks);
  return ((performance.now() - start) * 1000) / reps / trace.toolCalls.length;
}

const small = bigTrace(1_000);
const large = bigTrace(100_000);
const smallUs = perCallMicros(small, 200);
const largeUs = perCallMicros(large, 3);
console.log(`15 checks, 1k calls:   ${smallUs.toFixed(3)} µs per tool call`);
console.log(`15 checks, 100k calls: ${largeUs.toFixed(3)} µs per tool call`);
console.log(`per-call ratio 100k/1k: ${(largeUs / smallUs).toFixed(2)} (target <= 1.5)`);

const bash = tool("Missing");
const reps = 50;
let t = performance.now();
for (let r = 0; r < reps; r++) bash.evaluate(large);
const checkMs = (performance.now() - t) / reps;
t = performance.now();
let sink = 0;
for (let r = 0; r < reps; r++) if (large.toolCalls.some((c) => c.name === "Missing")) sink++;
const loopMs = (performance.now() - t) / reps;
console.log(
  `tool("Missing") over 100k calls: ${checkMs.toFixed(2)} ms, bare loop ${loopMs.toFixed(2)} ms, ratio ${(checkMs / loopMs).toFixed(2)} (target <= 3; the check also renders the failure message)${sink ? "" : ""}`,
);
