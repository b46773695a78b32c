// Lint rules, including the layer boundaries of docs/design.md: dependencies point down only.
import { readdirSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * One folder per harness under src/adapters, read from the disk so a new harness is covered the day
 * its folder appears. shared/ and mock/ are the adapter kit: every adapter may import them.
 */
const ADAPTERS_DIR = fileURLToPath(new URL("./src/adapters/", import.meta.url));
const ADAPTER_KIT = new Set(["shared", "mock"]);
const HARNESS_FOLDERS = new Set(
  readdirSync(ADAPTERS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !ADAPTER_KIT.has(entry.name))
    .map((entry) => entry.name),
);

/** The adapters/ folder a file is in (`codex`, `shared`), or undefined (adapters/ root, or outside). */
function adapterFolderOf(file) {
  const rel = relative(ADAPTERS_DIR, file);
  if (rel.startsWith("..") || !rel.includes(sep)) return undefined;
  return rel.split(sep)[0];
}

/**
 * An adapter never imports another harness's folder, and the kit imports none: what two harnesses
 * share moves into shared/ or mock/. The adapters/ root (port.ts, registry.ts) is open to all.
 */
const adapterBoundary = {
  meta: {
    type: "problem",
    messages: {
      crossAdapter:
        "{{from}} imports {{to}}/: one harness's adapter does not reach into another's; move what they share into adapters/shared/ or adapters/mock/.",
    },
  },
  create(context) {
    const from = adapterFolderOf(context.filename);
    if (from === undefined) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      if (!source.value.startsWith(".")) return;
      const to = adapterFolderOf(resolve(dirname(context.filename), source.value));
      if (to !== undefined && to !== from && HARNESS_FOLDERS.has(to)) {
        context.report({
          node: source,
          messageId: "crossAdapter",
          data: { from: `adapters/${from}`, to: `adapters/${to}` },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const layer = (files, forbidden, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "coverage/**",
      "**/__fixtures__/**",
      "examples/**/.vigiles-cache/**",
      ".vigiles/**",
      ".dist-*/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        setImmediate: "readonly",
        performance: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        structuredClone: "readonly",
        SharedArrayBuffer: "readonly",
        Atomics: "readonly",
        fetch: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  layer(
    ["src/core/**/*.ts"],
    [
      "**/runtime/**",
      "**/adapters/**",
      "**/tiers/**",
      "**/tools/**",
      "**/cli/**",
      "**/entries/**",
      "node:child_process",
      "node:http",
    ],
    "core/ is pure and harness-agnostic: it imports no runtime, adapter, tier, tool, CLI or process code.",
  ),
  layer(
    ["src/runtime/**/*.ts"],
    ["**/adapters/**", "**/tiers/**", "**/tools/**", "**/cli/**", "**/entries/**"],
    "runtime/ sits below the adapters and tiers.",
  ),
  layer(
    ["src/adapters/**/*.ts"],
    ["**/tiers/**", "**/tools/**", "**/cli/**", "**/entries/**"],
    "adapters/ sit below the tiers.",
  ),
  layer(
    ["src/tiers/**/*.ts"],
    ["**/tools/**", "**/cli/**", "**/entries/**"],
    "tiers/ are what a test file calls; they import no tool, CLI or entry code (tools sit above them).",
  ),
  layer(["src/tools/**/*.ts"], ["**/cli/**", "**/entries/**"], "tools import no CLI or entry code."),
  {
    files: ["src/adapters/**/*.ts"],
    plugins: { vigiles: { rules: { "adapter-boundary": adapterBoundary } } },
    rules: { "vigiles/adapter-boundary": "error" },
  },
  {
    files: ["src/**/*.ts"],
    ignores: ["src/cli/**", "src/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "exit",
          message: "Library code never exits the process; only src/cli does.",
        },
      ],
    },
  },
);
