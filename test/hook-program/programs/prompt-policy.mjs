// A UserPromptSubmit gate and injector: secrets are blocked, release talk gets the freeze notice.
import { experimental_defineHook, allow, deny, inject } from "vigiles/hook";

export default experimental_defineHook({
  name: "prompt-policy",
  on: "UserPromptSubmit",
  decide(e) {
    if (/AKIA[0-9A-Z]{16}/.test(e.prompt)) return deny("the prompt holds an AWS key; remove it");
    if (/\brelease\b/i.test(e.prompt)) return inject("The release branch is frozen until Friday.");
    return allow();
  },
});
