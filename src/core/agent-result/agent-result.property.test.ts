// Any JSON object a subagent puts in its block comes back unchanged, whatever text precedes it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAgentResult } from "./parse.js";

describe("parseAgentResult over generated blocks", () => {
  it("returns the object of an ok or err block, with free text before it", () => {
    const prose = fc
      .string({ maxLength: 80 })
      .filter((s) => !s.includes("vigiles:") && !/(^|\n) {0,3}(```|~~~)/.test(s));
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()),
        prose,
        fc.boolean(),
        (value, text, ok) => {
          const kind = ok ? "ok" : "err";
          const output = `${text}\n\`\`\`vigiles:${kind}\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;
          const parsed = parseAgentResult(output);
          expect(parsed.kind).toBe(kind);
          expect(parsed.kind === "ok" ? parsed.value : parsed.error).toEqual(
            JSON.parse(JSON.stringify(value)),
          );
        },
      ),
    );
  });
});
