// The guard's force-push rule in observe mode: it records what it would decide and never blocks.
import { experimental_defineHook, allow, deny } from "vigiles/hook";

export default experimental_defineHook({
  name: "observe-guard",
  on: "PreToolUse",
  matcher: "Bash",
  mode: "observe",
  decide: (e) => (e.command.runs("git push", { force: true }) ? deny("no force-push") : allow()),
});
