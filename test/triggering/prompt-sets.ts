/**
 * Hand-written prompt sets of the kind users write for skill triggering: one topic per set, varied
 * wording. Used to choose and pin the near-duplicate threshold of the diversity gate.
 */
export const realisticPromptSets: Readonly<Record<string, readonly string[]>> = {
  commit: [
    "Write a commit message for the staged changes",
    "can you commit this for me with a good message?",
    "I fixed the null check in billing.ts, please commit it",
    "Summarise my diff as a conventional commit",
    "What should the commit subject be for these edits?",
    "commit everything and push",
    "Draft a feat: commit for the new login page",
    "The message on my last commit is bad, reword it",
    "Squash these three commits into one with a clear message",
    "Prepare the git commit for the dependency bump",
    "I'm done with the refactor, let's commit",
    "Turn this changeset into a commit with a body explaining why",
  ],
  pdf: [
    "Extract the tables from invoice.pdf into a CSV",
    "What does page 3 of the contract say about termination?",
    "Merge report-a.pdf and report-b.pdf",
    "fill in the form fields in application.pdf with my details",
    "Convert this PDF to markdown",
    "Split the scanned document into one file per page",
    "How many pages does manual.pdf have?",
    "Pull all the images out of the brochure PDF",
    "OCR the scanned receipt and give me the total",
    "Rotate every landscape page in slides.pdf",
  ],
  tests: [
    "Add unit tests for the parseDate function",
    "the test suite is failing on CI, figure out why",
    "Write a vitest spec covering the edge cases of slugify",
    "increase coverage of src/billing to 90%",
    "Is there a test for the retry logic? If not, write one",
    "Make the flaky websocket test deterministic",
    "Generate property-based tests for the tokenizer",
    "Run the tests and fix whatever breaks",
    "mock the HTTP client in the payment tests",
    "Convert these jest tests to vitest",
  ],
  deploy: [
    "Deploy the current branch to staging",
    "roll back production to yesterday's release",
    "Why did the last deployment fail?",
    "Ship v2.3.1 to prod after the smoke tests pass",
    "Can you check whether staging is healthy?",
    "bump the helm chart and redeploy the api service",
    "Promote the canary to 100%",
    "Set up a preview environment for PR 482",
    "Restart the worker pods in the eu cluster",
    "What version is running in production right now?",
  ],
};

/** Ways a prompt set gets "diversified" by copy-paste, each applied to a real prompt. */
export const nearDuplicateEdits: Readonly<Record<string, (s: string) => string>> = {
  "case and punctuation": (s) => `${s.toUpperCase()}!!`,
  "polite wrapper": (s) => `Please ${s.charAt(0).toLowerCase()}${s.slice(1)}, thanks`,
  "one word swapped": (s) => {
    const w = s.split(" ");
    w[Math.floor(w.length / 2)] = "foo";
    return w.join(" ");
  },
  numbered: (s) => `${s} (2)`,
  "first two words swapped": (s) => {
    const w = s.split(" ");
    return [w[1], w[0], ...w.slice(2)].join(" ");
  },
  typo: (s) => s.replace(/e/, "3"),
};

/** One template with a different tail: measures the template, not the skill. */
export const templatedSet: readonly string[] = [
  "Write a commit message for the login fix",
  "Write a commit message for the README update",
  "Write a commit message for the dependency bump",
  "Write a commit message for the new API endpoint",
];
