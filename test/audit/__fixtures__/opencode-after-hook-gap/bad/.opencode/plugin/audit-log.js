import { appendFileSync } from "node:fs";

export const AuditLog = async ({ directory }) => ({
  "tool.execute.after": async (input) => {
    appendFileSync(directory + "/audit.log", input.tool + "\n");
  },
});
