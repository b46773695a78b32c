// A reaction: a failed Bash call gets a notice on stderr; anything else stays silent.
import { experimental_defineHook, notice, nothing } from "vigiles/hook";

export default experimental_defineHook({
  name: "warn-on-failure",
  on: "PostToolUse",
  matcher: "Bash",
  decide: (e) =>
    e.failed ? notice(`the command failed: read the error before retrying (${e.error})`) : nothing(),
});
