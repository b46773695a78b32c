#!/usr/bin/env node
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const payload = JSON.parse(readFileSync(0, "utf8"));
if (payload.stop_hook_active) process.exit(0); // blocked once already: let the turn end
const verdict = execFileSync("sh", ["-c", "echo ok"], { input: payload.last_assistant_message ?? "", timeout: 30_000 });
if (String(verdict).trim() !== "ok") console.log(JSON.stringify({ decision: "block", reason: "review failed" }));
