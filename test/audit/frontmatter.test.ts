/** The one frontmatter reader (core) and the plugin loader's view of it. */
import { describe, expect, it } from "vitest";
import { readFrontmatter } from "../../src/core/frontmatter.js";
import { parseFrontmatter } from "../../src/adapters/claude-code/plugin/frontmatter.js";

describe("readFrontmatter", () => {
  it("splits the block from the body and keeps each key's file position", () => {
    const text = "---\nname: greet\ndescription: Says hi.\n---\nSay hello.\n";
    const fm = readFrontmatter(text);
    expect(fm.hasBlock).toBe(true);
    expect(fm.data).toEqual({ name: "greet", description: "Says hi." });
    expect(fm.keyRanges).toEqual({ name: { line: 2, column: 1 }, description: { line: 3, column: 1 } });
    expect(fm.head).toBe("---\nname: greet\ndescription: Says hi.\n---\n");
    expect(fm.body).toBe("Say hello.\n");
    expect(fm.head + fm.body).toBe(text);
  });

  it("reads CRLF files, a byte-order mark and an empty block", () => {
    expect(readFrontmatter("\uFEFF---\r\nname: a\r\n---\r\nbody").data).toEqual({ name: "a" });
    const empty = readFrontmatter("---\n---\nbody");
    expect(empty).toMatchObject({ hasBlock: true, data: {}, body: "body" });
  });

  it("closes only on a line that is `---`, not on a `---` inside a value", () => {
    const fm = readFrontmatter("---\ndescription: a --- b ---\n---\nbody\n");
    expect(fm.data).toEqual({ description: "a --- b ---" });
    expect(fm.body).toBe("body\n");
  });

  it("reports a YAML error at its line in the file", () => {
    const fm = readFrontmatter("---\nname: a\ndescription: [unclosed\n---\n");
    expect(fm.data).toBeUndefined();
    expect(fm.error?.kind).toBe("yaml");
    expect(fm.error?.range?.line).toBeGreaterThanOrEqual(3);
  });

  it("names a missing block, an unclosed one and a block that is not a mapping", () => {
    expect(readFrontmatter("# title\n")).toMatchObject({ hasBlock: false, body: "# title\n" });
    expect(readFrontmatter("# title\n").error?.kind).toBe("missing");
    expect(readFrontmatter("---\nname: a\n").error?.kind).toBe("unclosed");
    expect(readFrontmatter("---\n- a\n- b\n---\n").error?.kind).toBe("not-mapping");
  });
});

describe("parseFrontmatter (the plugin loader's view)", () => {
  it("gives {} and no error when the file has no block or an unclosed one", () => {
    expect(parseFrontmatter("just text")).toEqual({
      frontmatter: {},
      hasFrontmatter: false,
      body: "just text",
      head: "",
    });
    expect(parseFrontmatter("---\nname: a\n")).toMatchObject({ hasFrontmatter: false, frontmatter: {} });
  });

  it("gives the error as one line, with the file line of bad YAML", () => {
    const bad = parseFrontmatter("---\nname: a\nb: c: d\n---\nbody");
    expect(bad.hasFrontmatter).toBe(true);
    expect(bad.frontmatter).toEqual({});
    expect(bad.error).toMatch(/^invalid YAML: .* at line 3, column \d+$/);
    expect(parseFrontmatter("---\n- a\n---\n").error).toBe("the frontmatter is not a YAML mapping");
  });
});
