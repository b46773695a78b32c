/**
 * Pins that a suite's graders on a mocked MCP tool (`tool_used: mcp__tickets__create`) read the
 * call on every harness that serves stand-ins: each dialect names the tool as its agent calls it
 * (Gemini CLI `mcp_tickets_create`, Copilot CLI `tickets-create`, as the real-CLI stand-in test
 * measured), and the suite maps it back; a name no mock owns is left as it is.
 */
import { describe, expect, test } from "vitest";
import { toolNamingOf } from "../../src/tiers/eval/plugin-suite-harness.js";

const mocked = [{ server: "tickets", tools: [{ name: "create" }] }];

describe("mocked MCP tool names per harness", () => {
  test.each([
    ["claude-code", "mcp__tickets__create"],
    ["gemini-cli", "mcp_tickets_create"],
    ["copilot-cli", "tickets-create"],
  ])("%s: %s reads as mcp__tickets__create", (harness, native) => {
    expect(toolNamingOf(harness, mocked)(native)).toBe("mcp__tickets__create");
  });

  test("without mocks, or for another server, the name is left alone", () => {
    expect(toolNamingOf("gemini-cli")("mcp_tickets_create")).toBe("mcp_tickets_create");
    expect(toolNamingOf("copilot-cli", mocked)("issues-create")).toBe("issues-create");
  });
});
