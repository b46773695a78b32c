/**
 * Pins the reader of a case's `mocks/` (core/plugin-eval/read-mocks.ts) and of `expect:` guards
 * (mock-expect.ts) against what Claude Code 2.1.328 does, as read from its bundle: layers from the
 * suite root down with the deepest responder winning per tool, shadow vs standalone servers, the
 * refusals of a bad mock, the guard checks (32 guards, empty lists, regex flags and dialect), and
 * that agent responders and shadowing servers are named as "cannot be served", never dropped.
 */
import { describe, expect, test } from "vitest";
import { SuiteFormatError } from "../../src/core/plugin-eval/errors.js";
import {
  analyseDialect,
  compileExpect,
  expectProblems,
  readExpect,
} from "../../src/core/plugin-eval/mock-expect.js";
import { mockLayers, readCaseMocks } from "../../src/core/plugin-eval/read-mocks.js";
import {
  mockAbortOf,
  mockAbortRecord,
  mockCallsText,
  parseCallLog,
} from "../../src/core/plugin-eval/stand-in-spec.js";

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
const none = new Set<string>();

describe("layers", () => {
  test("mocks/ of the suite root, then of every dir down to the case", () => {
    expect(mockLayers("")).toEqual(["mocks/"]);
    expect(mockLayers("a/b")).toEqual(["mocks/", "a/mocks/", "a/b/mocks/"]);
  });

  test("per tool, the deepest layer wins; tools of shallower layers stay", () => {
    const m = readCaseMocks(
      files({
        "mocks/tickets/create.md": "root create",
        "mocks/tickets/list.md": "root list",
        "group/case/mocks/tickets/create.md": "case create",
        "other/mocks/tickets/create.md": "not on the path",
      }),
      "group/case",
      none,
    );
    const tools = m.servers[0]!.tools;
    expect([...tools.keys()]).toEqual(["create", "list"]);
    expect(tools.get("create")).toMatchObject({ kind: "fixed", body: "case create" });
    expect(tools.get("list")).toMatchObject({ kind: "fixed", body: "root list", baseDir: "mocks/tickets" });
    expect(m.unservable).toEqual([]);
  });
});

describe("responders", () => {
  test("a fixed body is trimmed; error: true; _tools.json listings", () => {
    const m = readCaseMocks(
      files({
        "c/mocks/srv/fail.md": "---\nerror: true\n---\n\n\nboom\n\n",
        "c/mocks/srv/_tools.json": JSON.stringify({
          result: { tools: [{ name: "fail", description: "Fails" }] },
        }),
        "c/prompt.md": "x",
      }),
      "c",
      none,
    );
    const server = m.servers[0]!;
    expect(server).toMatchObject({ name: "srv", kind: "standalone" });
    expect(server.tools.get("fail")).toMatchObject({ body: "boom", isError: true });
    expect(server.listings.get("fail")).toEqual({
      name: "fail",
      description: "Fails",
      inputSchema: { type: "object" },
    });
  });

  test("a dir named after a plugin server shadows it, and is named as cannot be served", () => {
    const m = readCaseMocks(files({ "mocks/github/get.md": "{}" }), "", new Set(["github"]));
    expect(m.servers[0]!.kind).toBe("shadow");
    expect(m.unservable).toEqual([
      expect.stringMatching(/mocks\/github\/ shadows the plugin's MCP server "github"/),
    ]);
  });

  test("type: agent and _server.md are read and named as cannot be served", () => {
    const m = readCaseMocks(
      files({
        "mocks/fs/_server.md":
          "---\ntype: agent\ntools: [ls, cat]\nabort_when: deletes a file\n---\nA small repo.",
        "mocks/fs/cat.md": "fixed cat",
      }),
      "",
      none,
    );
    const tools = m.servers[0]!.tools;
    expect(tools.get("ls")).toMatchObject({ kind: "agent", abortWhen: "deletes a file" });
    // A tool file beats the _server.md agent for its tool.
    expect(tools.get("cat")).toMatchObject({ kind: "fixed" });
    expect(m.unservable).toEqual([
      expect.stringMatching(/mocks\/fs\/_server\.md: a `type: agent` responder .* cannot be served/),
    ]);
  });

  test("a server dir with no responders is a note, not a server", () => {
    const m = readCaseMocks(files({ "mocks/empty/readme.txt": "x" }), "", none);
    expect(m.servers).toEqual([]);
    expect(m.notes).toEqual([expect.stringMatching(/nothing is mocked for empty/)]);
  });

  const refused: [string, Record<string, string>, RegExp][] = [
    [
      "a server dir outside the tool-name alphabet",
      { "mocks/my.server/x.md": "a" },
      /name the directory after the server/,
    ],
    [
      "a tool file outside the alphabet",
      { "mocks/s/get issue.md": "a" },
      /name responder files after the tool/,
    ],
    ["an unknown frontmatter key", { "mocks/s/x.md": "---\nreply: 1\n---\na" }, /reply: unknown key/],
    [
      "abort_when on a fixed responder",
      { "mocks/s/x.md": "---\nabort_when: x\n---\na" },
      /needs `type: agent`/,
    ],
    [
      "error: on an agent",
      { "mocks/s/x.md": "---\ntype: agent\nerror: true\n---\na" },
      /fixed responders only/,
    ],
    ["tools: outside _server.md", { "mocks/s/x.md": "---\ntools: [a]\n---\na" }, /belongs in _server\.md/],
    [
      "a fixed _server.md",
      { "mocks/s/_server.md": "---\ntools: [a]\n---\na" },
      /only `type: agent` is meaningful/,
    ],
    [
      "a multi-tool _server.md with expect",
      { "mocks/s/_server.md": "---\ntype: agent\ntools: [a, b]\nexpect: {x: y}\n---\nw" },
      /would guard all 2 tools/,
    ],
    [
      "the scaffolded placeholder",
      { "mocks/s/x.md": "TODO: replace with the canned result this tool should return" },
      /scaffolded placeholder/,
    ],
    ["a bad _tools.json", { "mocks/s/_tools.json": "{}" }, /saved tools\/list response/],
  ];
  test.each(refused)("refuses %s", (_name, entries, message) => {
    let error: unknown;
    try {
      readCaseMocks(files(entries), "", none);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SuiteFormatError);
    expect((error as SuiteFormatError).kind).toBe("invalid-mock");
    expect((error as SuiteFormatError).message).toMatch(message);
  });
});

describe("expect: guards", () => {
  const problems = (raw: unknown) => {
    const read = readExpect(raw);
    if ("problem" in read) return [read.problem];
    return expectProblems(read.expect as never);
  };

  test("scalars read as strings, nested maps flatten to dotted paths in order", () => {
    const read = readExpect({
      project: "OPS",
      n: 3,
      flag: true,
      labels: ["a", 1],
      meta: { owner: "/^al/i", kind: "string" },
    });
    expect("expect" in read).toBe(true);
    expect(compileExpect((read as { expect: never }).expect)).toEqual([
      { path: "project", kind: "literal", value: "OPS" },
      { path: "n", kind: "literal", value: "3" },
      { path: "flag", kind: "literal", value: "true" },
      { path: "labels", kind: "one-of", values: ["a", "1"] },
      { path: "meta.owner", kind: "regex", source: "^al", flags: "i", maxSubject: expect.any(Number) },
      { path: "meta.kind", kind: "type", type: "string" },
    ]);
  });

  test("at most 32 guards (a list counts once), counted through nested maps", () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
    expect(problems(many(32))).toEqual([]);
    expect(problems({ ...many(31), nested: { a: "1", b: "2" } })).toEqual([
      expect.stringMatching(/^expect: 33 guards is more than the 32/),
    ]);
    expect(problems({ list: Array.from({ length: 40 }, (_, i) => String(i)) })).toEqual([]);
  });

  test("an empty list, other regex flags, the dialect and an invalid regex are refused", () => {
    expect(problems({ a: [] })).toEqual([expect.stringMatching(/expect\.a: an empty list/)]);
    expect(problems({ a: "/x/g" })).toEqual([expect.stringMatching(/only the i and s flags/)]);
    expect(problems({ a: "/(a|b)/" })).toEqual([expect.stringMatching(/small dialect/)]);
    expect(problems({ a: "/a\\1/" })).toEqual([expect.stringMatching(/small dialect/)]);
    expect(problems({ a: "/[a/" })).toEqual([expect.stringMatching(/invalid regular expression/)]);
    expect(problems({ a: "/^[A-Z]+-\\d+$/" })).toEqual([]);
  });

  test("the dialect's matching budget", () => {
    expect(analyseDialect("^abc$")).toEqual({ maxSubject: 8192 });
    expect(analyseDialect("*a")).toEqual({
      problem: "a quantifier must follow a single character, escape, or class",
    });
    expect(analyseDialect("a{3,1}")).toEqual({ problem: "quantifier {3,1} has max < min" });
    // Each unbounded repeat multiplies the cost: five leave 22 characters, seven leave fewer than 16.
    expect(analyseDialect("a*b*c*d*e*")).toEqual({ maxSubject: 22 });
    expect(analyseDialect("a*b*c*d*e*f*g*")).toMatchObject({
      problem: expect.stringMatching(/no useful subject length/),
    });
    expect(analyseDialect("a.*b")).toEqual({ maxSubject: 367 });
  });
});

describe("the call log", () => {
  const log = [
    '{"ready":"n1","server":"tickets"}',
    '{"nonce":"n1","seq":0,"server":"tickets","tool":"create","input":{"p":"OPS"},"verdict":"ok","output":"{\\"id\\":1}"}',
    '{"nonce":"forged","seq":1,"server":"tickets","tool":"create","input":{},"verdict":"ok","output":"x"}',
    "not json",
    '{"nonce":"n1","seq":2,"server":"tickets","tool":"close","input":{"id":"x"},"verdict":"abort","output":"input violates expect: id = \\"x\\" is not a number"}',
  ].join("\n");

  test("only this run's nonce counts", () => {
    const parsed = parseCallLog(log, "n1");
    expect(parsed.started).toEqual(["tickets"]);
    expect(parsed.calls.map((c) => c.tool)).toEqual(["create", "close"]);
  });

  test("mock_calls text is one JSON line per call, as the CLI builds it", () => {
    expect(mockCallsText(parseCallLog(log, "n1").calls).split("\n")).toEqual([
      '{"tool":"mcp__tickets__create","input":{"p":"OPS"},"output":"{\\"id\\":1}","verdict":"ok"}',
      '{"tool":"mcp__tickets__close","input":{"id":"x"},"output":"input violates expect: id = \\"x\\" is not a number","isError":true,"verdict":"abort"}',
    ]);
  });

  test("the first abort is the run's error", () => {
    expect(mockAbortOf(parseCallLog(log, "n1").calls)).toBe(
      'eval aborted by mock: tickets/close: input violates expect: id = "x" is not a number',
    );
    expect(mockAbortOf([])).toBeUndefined();
  });

  test("the first abort is the run's `aborted` record, worded as the CLI's aggregate-result.json", () => {
    expect(mockAbortRecord(parseCallLog(log, "n1").calls)).toEqual({
      server: "tickets",
      tool: "close",
      reason: 'the model\'s call violates expect: id = "x" is not a number',
    });
    expect(mockAbortRecord([])).toBeUndefined();
  });
});
