// Compiled by test/package/published-types.test.ts: every entry of the built package, imported by
// name as a user would, with skipLibCheck off, so each declaration file the entries reach is checked.
import * as entry0 from "vigiles";
import * as entry1 from "vigiles/eval";
import * as entry2 from "vigiles/hook";
import * as entry3 from "vigiles/spec";
import * as entry4 from "vigiles/linting";
import * as entry5 from "vigiles/claude-code";
import * as entry6 from "vigiles/codex";
import * as entry7 from "vigiles/copilot";
import * as entry8 from "vigiles/gemini";
import * as entry9 from "vigiles/qwen";
import * as entry10 from "vigiles/opencode";
import * as entry11 from "vigiles/adapter";
import * as entry12 from "vigiles/vitest";
import * as entry13 from "vigiles/jest";

export const entries = [
  entry0,
  entry1,
  entry2,
  entry3,
  entry4,
  entry5,
  entry6,
  entry7,
  entry8,
  entry9,
  entry10,
  entry11,
  entry12,
  entry13,
];
