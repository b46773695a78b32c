// Category mistakes are type errors: tsc checks test/hook-program/types, where each mistake carries
// @ts-expect-error. tsc fails both on a real type error and on a directive that is no longer needed.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const dir = fileURLToPath(new URL("./types", import.meta.url));
const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));

it("every category mistake is a type error, and every legal program compiles", () => {
  const r = spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
  const own = r.stdout
    .split("\n")
    .filter((l) => l.includes("category-mistakes.ts") || l.includes("hook-program"));
  expect(own, r.stdout).toEqual([]);
  expect(
    readFileSync(`${dir}/category-mistakes.ts`, "utf8").match(/@ts-expect-error/g)?.length,
  ).toBeGreaterThanOrEqual(15);
}, 120_000);
