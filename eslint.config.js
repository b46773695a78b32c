// Lint rules, including the layer boundaries of DESIGN.md: dependencies point down only.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
