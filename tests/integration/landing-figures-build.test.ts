/**
 * Issue 32, item 9: the operator sets the landing page's figures when the site is built. A build
 * with LANDING_* set shows them, in Croatian and English formats; a bad value stops the build and
 * names the variable.
 */
import assert from "node:assert/strict";

const DENO = Deno.execPath();

async function build(env: Record<string, string>, outDir: string) {
  const output = await new Deno.Command(DENO, {
    // From the site's folder: Astro writes its build cache beside the working directory.
    args: ["run", "-A", "npm:astro", "build", "--root", ".", "--outDir", outDir, "--silent"],
    cwd: "site",
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    success: output.success,
    text: decoder.decode(output.stdout) + decoder.decode(output.stderr),
  };
}

const claimsOf = (html: string) =>
  [...html.matchAll(/<dd class="[^"]*tabular-nums[^"]*">([^<]*)<\/dd>/g)].map((m) => m[1]);

Deno.test({
  name: "the site build shows the operator's landing figures and refuses a bad one",
  sanitizeResources: false,
  async fn() {
    const outDir = await Deno.makeTempDir({ prefix: "landing-figures-" });
    try {
      const built = await build({
        LANDING_PROPERTIES: "1250",
        LANDING_GUESTS: "48000",
        LANDING_TIME_SAVED_PERCENT: "90",
        LANDING_RATING: "4.8",
      }, outDir);
      assert.ok(built.success, built.text);
      assert.deepEqual(claimsOf(await Deno.readTextFile(`${outDir}/index.html`)), [
        "1.250+",
        "48.000+",
        "90\u00a0%",
        "4,8/5",
      ]);
      assert.deepEqual(claimsOf(await Deno.readTextFile(`${outDir}/en/index.html`)), [
        "1,250+",
        "48,000+",
        "90%",
        "4.8/5",
      ]);

      const bad = await build({ LANDING_RATING: "4,9" }, `${outDir}-bad`);
      assert.equal(bad.success, false);
      assert.match(bad.text, /LANDING_RATING must be a number with at most one decimal/);
    } finally {
      await Deno.remove(outDir, { recursive: true });
      await Deno.remove(`${outDir}-bad`, { recursive: true }).catch(() => {});
    }
  },
});
