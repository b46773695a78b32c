import { describe, expect, expectTypeOf, it } from "vitest";
import { AssertionFailedError, InvalidOptionError } from "../errors.js";
import { assertAgentErr, assertAgentOk, assertAgentResult } from "./assert.js";
import { experimental_agent } from "./contract.js";
import { AgentResultMalformedError, AgentResultMismatchError } from "./errors.js";
import { parseAgentResult } from "./parse.js";

const { result } = experimental_agent;
const contract = result({ files: "string[]", summary: "string" }, { reason: "string", step: "string" });

const ok = (json: string, fence = "```") => `I changed the files.\n\n${fence}vigiles:ok\n${json}\n${fence}\n`;
const err = (json: string) => `Could not finish.\n\`\`\`vigiles:err\n${json}\n\`\`\``;

describe("parseAgentResult", () => {
  it("reads an ok block and an err block", () => {
    expect(parseAgentResult(ok('{"files":["a.ts"],"summary":"s"}'), contract)).toEqual({
      kind: "ok",
      value: { files: ["a.ts"], summary: "s" },
    });
    expect(parseAgentResult(err('{"reason":"tests fail","step":"verify"}'), contract)).toEqual({
      kind: "err",
      error: { reason: "tests fail", step: "verify" },
    });
  });

  it("accepts any JSON object without a contract, and keeps unnamed fields with one", () => {
    expect(parseAgentResult(ok('{"anything": 1}'))).toEqual({ kind: "ok", value: { anything: 1 } });
    expect(parseAgentResult(ok('{"files":[],"summary":"s","extra":true}'), contract)).toEqual({
      kind: "ok",
      value: { files: [], summary: "s", extra: true },
    });
  });

  it("accepts longer fences, tilde fences, multi-line JSON and a trace-like object", () => {
    expect(parseAgentResult(ok('{"a":1}', "````")).kind).toBe("ok");
    expect(parseAgentResult(ok('{"a":1}', "~~~")).kind).toBe("ok");
    expect(parseAgentResult({ output: ok('{\n  "a": [\n    1\n  ]\n}') })).toEqual({
      kind: "ok",
      value: { a: [1] },
    });
  });

  it("throws on malformed output, never passing silently", () => {
    expect(() => parseAgentResult("all done, no block")).toThrow(AgentResultMalformedError);
    expect(() => parseAgentResult("all done, no block")).toThrow(/No vigiles:ok or vigiles:err block/);
    expect(() => parseAgentResult(ok("{not json"))).toThrow(/not valid JSON/);
    expect(() => parseAgentResult(ok("[1,2]"))).toThrow(/must hold a JSON object/);
    expect(() => parseAgentResult("```vigiles:ok\n{}\n")).toThrow(/never closed/);
    expect(() => parseAgentResult("```vigiles:done\n{}\n```")).toThrow(/Unknown result block "vigiles:done"/);
    expect(() => parseAgentResult(ok("{}") + err("{}"))).toThrow(/Found 2 result blocks \(lines 3, 7\)/);
    expect(() => parseAgentResult("```json\n{}\n```")).toThrow(AgentResultMalformedError);
  });

  it("names a missing or wrong field against the contract", () => {
    const missing = () => parseAgentResult(ok('{"summary":"s"}'), contract);
    expect(missing).toThrow(AgentResultMismatchError);
    expect(missing).toThrow('missing field "files" (expected array)');
    const wrong = () => parseAgentResult(ok('{"files":["a", 2],"summary":"s"}'), contract);
    expect(wrong).toThrow('field "files[1]": Invalid input: expected string, received number');
    const errTrack = () => parseAgentResult(err('{"reason":"r"}'), contract);
    expect(errTrack).toThrow(/err track: missing field "step"/);
    try {
      missing();
    } catch (error) {
      expect(error).toBeInstanceOf(AssertionFailedError);
      expect((error as AgentResultMismatchError).issues).toEqual(['missing field "files" (expected array)']);
    }
  });
});

describe("result shapes", () => {
  it("supports optional fields, nested shapes and arrays of shapes", () => {
    const rich = result(
      { changes: [{ path: "string", lines: "number" }], meta: { draft: "boolean?" }, note: "string?" },
      { reason: "string" },
    );
    const value = assertAgentOk(ok('{"changes":[{"path":"a","lines":3}],"meta":{}}'), rich);
    expect(value.changes[0]?.lines).toBe(3);
    expectTypeOf(value.changes).toEqualTypeOf<{ path: string; lines: number }[]>();
    expectTypeOf(value.note).toEqualTypeOf<string | undefined>();
    expect(() => assertAgentOk(ok('{"changes":[{"path":"a"}],"meta":{}}'), rich)).toThrow(
      'missing field "changes[0].lines" (expected number)',
    );
    expect(() => assertAgentOk(ok('{"changes":[],"meta":{"draft":"yes"}}'), rich)).toThrow(
      /field "meta.draft"/,
    );
  });

  it("rejects unknown type names, naming the field", () => {
    expect(() => result({ files: "strin[]" } as never, {})).toThrow(InvalidOptionError);
    expect(() => result({ a: { b: "date" } } as never, {})).toThrow(/field "a.b" has type "date"/);
    expect(() => result({ a: [] } as never, {})).toThrow(/array of 0 items/);
  });

  it("gives a subagent instructions that this parser reads", () => {
    expect(contract.instructions).toContain('```vigiles:ok\n{"files":"string[]","summary":"string"}\n```');
    expect(contract.instructions).toContain("```vigiles:err");
  });
});

describe("assertAgentOk / assertAgentErr / assertAgentResult", () => {
  it("return the validated value or error, typed by the contract", () => {
    const value = assertAgentOk(ok('{"files":["a.ts"],"summary":"s"}'), contract);
    expectTypeOf(value).toEqualTypeOf<{ files: string[]; summary: string }>();
    expect(value.files).toEqual(["a.ts"]);
    const error = assertAgentErr(err('{"reason":"r","step":"s"}'), contract);
    expectTypeOf(error.step).toEqualTypeOf<string>();
    expect(error).toEqual({ reason: "r", step: "s" });
  });

  it("throw when the track is the other one", () => {
    expect(() => assertAgentOk(err('{"reason":"r","step":"s"}'), contract)).toThrow(
      'expected the subagent to end with vigiles:ok, but it ended with vigiles:err {"reason":"r","step":"s"}',
    );
    expect(() => assertAgentErr(ok('{"files":[],"summary":"s"}'), contract)).toThrow(AssertionFailedError);
  });

  it("assertAgentResult runs a predicate over the outcome", () => {
    const res = assertAgentResult(
      ok('{"files":["a.ts"],"summary":"s"}'),
      (r) => r.kind === "ok" && r.value.files.length > 0,
      contract,
    );
    expect(res.kind).toBe("ok");
    expect(() =>
      assertAgentResult(
        ok('{"files":[],"summary":"s"}'),
        (r) => r.kind === "ok" && r.value.files.length > 0,
        contract,
      ),
    ).toThrow(/rejected vigiles:ok \{"files":\[\],"summary":"s"\}/);
    expect(() => assertAgentResult("no block", () => true)).toThrow(AgentResultMalformedError);
  });
});
