import assert from "node:assert/strict";

/**
 * The check-in page's JavaScript stays within its budget (150 kB gzip, issue 20) in every one of
 * its seven languages: the committed benchmark script run on the built site (site/dist, made by
 * `npm test` before the tests run), which exits non-zero when a language is over. A size, not a
 * time: the same build measures the same on any machine.
 */
const LANGUAGES = ["hr", "en", "de", "it", "fr", "es", "ru"];
const SCRIPT = new URL("../../bench/checkin-page-size.ts", import.meta.url).pathname;

Deno.test("the check-in page's JavaScript is within its 150 kB budget in all seven languages", async () => {
  for (const lang of LANGUAGES) {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", SCRIPT, "--lang", lang],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(stdout);
    const total = /in all \(start \+ later\):\s+([\d.]+) kB/.exec(text)?.[1];
    assert.equal(
      code,
      0,
      `${lang}: ${total ?? "?"} kB in all, over the budget\n${text}${
        new TextDecoder().decode(stderr)
      }`,
    );
  }
});
