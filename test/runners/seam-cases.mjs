// The runner seam: the same cases run under vitest and under jest, each with its own
// `describe`/`it`/`expect` and vigiles' matchers registered by that runner's entry.

/** A runHook result that denied. */
const denied = {
  event: "PreToolUse",
  decision: "deny",
  blocked: true,
  decidedBy: "exit-code",
  halted: false,
  exitCode: 2,
  signal: null,
  stdout: "",
  stderr: "no force-push",
  timedOut: false,
  truncated: false,
  durationMs: 4,
};
const allowedRun = {
  ...denied,
  decision: "allow",
  blocked: false,
  decidedBy: "permission-decision",
  exitCode: 0,
  stderr: "",
};

function metric(mean, se, n) {
  return { mean, std: se * Math.sqrt(n), se, n, passK: false, kind: "rate" };
}
function arm(mean, se, n) {
  return {
    metrics: { marked: metric(mean, se, n) },
    usage: { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 },
    trials: n,
  };
}
const report = {
  version: 1,
  arms: { vanilla: arm(0.2, 0.05, 20), gated: arm(0.9, 0.05, 20), same: arm(0.22, 0.05, 20) },
  totalCostUsd: 0,
};

/** Registers the seam cases with a runner. `vigiles` is the package's root entry. */
export function defineSeamCases({ describe, it, expect }, vigiles) {
  const { createTrace, tool, output, cost, blocked, skill, vigilesMatchers } = vigiles;
  const trace = createTrace({
    toolCalls: [{ name: "Bash", input: { command: "echo hi > DONE" } }],
    output: "done",
    filesWritten: ["DONE"],
    usage: { costUsd: 0.01 },
  });

  describe("vigiles matchers", () => {
    it("toPass holds for a passing check and fails with the check's own message", () => {
      expect(trace).toPass(tool("Bash"));
      expect(trace).toPass(output(/done/));
      expect(trace).toPass(cost({ maxUsd: 0.05 }));
      expect(trace).not.toPass(tool("Write"));
      expect(() => expect(trace).toPass(tool("Write"))).toThrow(
        'expected the agent to use tool "Write", but it used [Bash]',
      );
      expect(() => expect(trace).not.toPass(tool("Bash"))).toThrow(
        'expected tool("Bash") not to hold, but it did',
      );
    });

    it("toPassAll lists every failing check", () => {
      expect(trace).toPassAll([tool("Bash"), output("done")]);
      let message = "";
      try {
        expect(trace).toPassAll([tool("Write"), output("done"), skill("demo:greet")]);
      } catch (error) {
        message = error.message;
      }
      expect(message).toContain("2 of 3 checks failed");
      expect(message).toContain('tool("Write")');
      expect(message).toContain('skill("demo:greet")');
      expect(() => expect(trace).toPassAll([])).toThrow("would assert nothing");
    });

    it("toHaveCreated reads the files the run wrote", () => {
      expect(trace).toHaveCreated("DONE");
      expect(() => expect(trace).toHaveCreated("MISSING")).toThrow(
        'expected the run to write "MISSING", but it wrote [DONE]',
      );
    });

    it("toBlock reads a runHook result, and toPass(blocked()) is the same check", () => {
      expect(denied).toBlock();
      expect(denied).toPass(blocked());
      expect(allowedRun).not.toBlock();
      expect(() => expect(allowedRun).toBlock()).toThrow("decision allow (by permission-decision)");
    });

    it("toBeatBaseline runs a Welch test over an eval report", () => {
      expect(report).toBeatBaseline("vanilla", "gated", "marked");
      expect(report).not.toBeatBaseline("vanilla", "same", "marked");
      expect(() => expect(report).toBeatBaseline("vanilla", "same", "marked")).toThrow(
        'expected "same" to beat "vanilla" significantly on "marked"',
      );
    });

    it("vigilesMatchers is a plain object of matchers for expect.extend", () => {
      expect(Object.keys(vigilesMatchers).sort()).toEqual([
        "toBeatBaseline",
        "toBlock",
        "toHaveCreated",
        "toPass",
        "toPassAll",
      ]);
      expect.extend(vigilesMatchers);
      expect(trace).toPass(tool("Bash"));
    });
  });
}

/** How many `it` cases defineSeamCases registers; the jest seam test checks jest ran them all. */
export const SEAM_CASE_COUNT = 6;
