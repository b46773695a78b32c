import { describe, expect, expectTypeOf, it } from "vitest";
import { definedProps } from "./defined-props.js";

describe("definedProps", () => {
  it("drops exactly the undefined values: null, 0, empty text and false are kept", () => {
    const kept = definedProps({ a: undefined, b: null, c: 0, d: "", e: false, f: "x" });
    expect(kept).toEqual({ b: null, c: 0, d: "", e: false, f: "x" });
    expect(Object.keys(kept)).not.toContain("a");
  });

  it("spreads into an object like the conditional spread it replaces", () => {
    const cwd: string | undefined = undefined;
    const version: string | undefined = "2.1";
    const spread = { id: 1, ...definedProps({ cwd, claudeCodeVersion: version }) };
    expect(spread).toStrictEqual({ id: 1, claudeCodeVersion: "2.1" });
    expect("cwd" in spread).toBe(false);
  });

  it("types a prop that may be undefined as optional without undefined, and keeps the others required", () => {
    const maybe = "x" as string | undefined;
    const kept = definedProps({ required: 1, maybe });
    // Checked by tsc (src/**/*.ts includes this file): a wrong mapping fails `npx tsc --noEmit`.
    expectTypeOf(kept).toEqualTypeOf<{ required: number } & { maybe?: string }>();
    expectTypeOf(kept).not.toEqualTypeOf<{ required?: number; maybe?: string }>();
  });
});
