// The lint rule of eslint.config.js that keeps each harness's adapter folder to itself: an adapter
// imports the kit (adapters/shared, adapters/mock) and the adapters/ root, never another harness.
import { describe, expect, test } from "vitest";
import { ESLint } from "eslint";

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "vigiles/adapter-boundary")
    .map((m) => m.message);
}

describe("vigiles/adapter-boundary", () => {
  test("an adapter importing another harness's folder is an error, by import, re-export or import()", async () => {
    const errors = await boundaryErrors(
      "src/adapters/codex/launch.ts",
      [
        'import { assertSettingsStayLocal } from "../claude-code/settings-routing.js";',
        'export { startGeminiMock } from "../gemini-cli/mock/server.js";',
        'export const later = () => import("../copilot-cli/errors.js");',
        "export const keep = assertSettingsStayLocal;",
      ].join("\n"),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^adapters\/codex imports adapters\/claude-code\//);
  });

  test("from a nested file too, and the kit may import no harness either", async () => {
    expect(
      await boundaryErrors(
        "src/adapters/copilot-cli/mock/server.ts",
        'export * from "../../claude-code/mock/server.js";',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("src/adapters/shared/endpoint.ts", 'export * from "../codex/errors.js";'),
    ).toHaveLength(1);
  });

  test("the kit, the adapters/ root, its own folder and core are allowed", async () => {
    const text = [
      'export * from "../shared/endpoint.js";',
      'export * from "../mock/running-mock.js";',
      'export * from "../port.js";',
      'export * from "./errors.js";',
      'export * from "../../core/is-record.js";',
    ].join("\n");
    expect(await boundaryErrors("src/adapters/gemini-cli/launch.ts", text)).toEqual([]);
  });
});
