import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import sharp from "sharp";
import { addDays } from "../../shared/local-date.ts";
import { todayInStayZone } from "../../shared/time-zone.ts";
import { MRZ_FRAME_MAX_BODY_BYTES } from "../../shared/mrz-frame.ts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser.ts";
import {
  connectDemoEVisitor,
  createStayThroughApi,
  e2eSession,
  type Theme,
} from "../support/e2e.ts";
import { startStack, type TestStack } from "../support/stack.ts";

/** A photo of a document, its width and where its MRZ is (first line's middle to last's). */
interface DocumentPhoto {
  path: string;
  width: number;
  zone: { x0: number; x1: number; y0: number; y1: number };
}
const FIXTURE_PHOTO: DocumentPhoto = {
  path: new URL("../../../shared/fixtures/mrz/001_td3_l0.jpg", import.meta.url).pathname,
  width: 1578,
  zone: { x0: 118, x1: 1480, y0: 943, y1: 1045 },
};
const REAL_DEV = new URL("../../../shared/fixtures/mrz-real-dev/", import.meta.url).pathname;
/**
 * The documents of the real specimen development set (issue 29): ICAO's Utopia passport, TD1 and
 * TD2 cards, a British passport on its security print, with the surname, given names and
 * document number the camera scan must fill in.
 */
const REAL_DOCUMENTS = [
  { file: "td3.jpg", width: 663, zone: { x0: 56, x1: 603, y0: 349, y1: 378 }, number: "L898902C3" },
  {
    file: "passport_uk.jpg",
    width: 600,
    zone: { x0: 35, x1: 555, y0: 748, y1: 778 },
    number: "707797979",
    surname: "Pudarsan",
    name: "Henert",
  },
  { file: "td1.jpg", width: 604, zone: { x0: 32, x1: 515, y0: 669, y1: 748 }, number: "D23145890" },
  { file: "td2.jpg", width: 623, zone: { x0: 57, x1: 548, y0: 366, y1: 395 }, number: "D23145890" },
].map(({ file, width, zone, number, surname = "Eriksson", name = "Anna Maria" }) => ({
  photo: { path: REAL_DEV + file, width, zone },
  file,
  number,
  surname,
  name,
}));
const HOST = "kamera.domacin@example.com";

/**
 * A phone's rear camera held over a passport, as Chromium's fake capture device plays it: an MJPEG
 * file (JPEG frames one after another) of portrait 1080×1920 frames, the passport of fixture 001
 * on a table with its MRZ in the middle of the picture, where the page's guide frame is, and
 * filling most of it (the guide is centred in the camera view). The frames move a few pixels, as a
 * hand does. `passport: false`: the table alone.
 */
async function passportVideo(
  dir: string,
  { passport = true, photo = FIXTURE_PHOTO }: { passport?: boolean; photo?: DocumentPhoto } = {},
): Promise<string> {
  const width = 1080;
  const height = 1920;
  // The zone is drawn 735 px wide, as fixture 001's at 0.54 of its size.
  const { path: source, width: photoWidth, zone } = photo;
  const scale = 735 / (zone.x1 - zone.x0);
  const document = await sharp(source).resize(Math.round(photoWidth * scale)).toBuffer();
  const mrzCentre = { x: ((zone.x0 + zone.x1) / 2) * scale, y: ((zone.y0 + zone.y1) / 2) * scale };
  const frames: Uint8Array[] = [];
  for (const [dx, dy] of [[0, 0], [2, -1], [-1, 2], [1, 1], [-2, 0], [0, -2]]) {
    const frame = await sharp({
      create: { width, height, channels: 3, background: { r: 96, g: 78, b: 62 } },
    })
      .composite(
        passport
          ? [{
            input: document,
            left: Math.round(width / 2 - mrzCentre.x + dx),
            top: Math.round(height / 2 - mrzCentre.y + dy),
          }]
          : [],
      )
      .jpeg({ quality: 88 })
      .toBuffer();
    frames.push(new Uint8Array(frame));
  }
  const path = `${dir}/${passport ? source.split("/").pop() : "table"}.mjpeg`;
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  for (let i = 0; i < 5; i++) for (const frame of frames) await file.write(frame);
  file.close();
  return path;
}

/** The MRZ requests a page sends: their sizes, and how many were under way at once at most. */
function watchFrames(page: Page) {
  const watch = {
    sent: [] as { bodyBytes: number; width: number; height: number }[],
    mostAtOnce: 0,
  };
  let underWay = 0;
  const isFrame = (request: Request) => request.url().endsWith("/api/Reservations/Guests/MRZ");
  page.on("request", (request) => {
    if (!isFrame(request)) return;
    watch.mostAtOnce = Math.max(watch.mostAtOnce, ++underWay);
    const body = request.postData() ?? "";
    const jpeg = Buffer.from(JSON.parse(body).imageBytes, "base64");
    // The JPEG's size from its start-of-frame marker (SOF0/SOF2).
    for (let i = 2; i < jpeg.length - 9;) {
      const marker = jpeg[i + 1];
      if (marker === 0xc0 || marker === 0xc2) {
        watch.sent.push({
          bodyBytes: new TextEncoder().encode(body).length,
          height: jpeg.readUInt16BE(i + 5),
          width: jpeg.readUInt16BE(i + 7),
        });
        break;
      }
      i += 2 + jpeg.readUInt16BE(i + 2);
    }
  });
  const done = (request: Request) => {
    if (isFrame(request)) underWay--;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return watch;
}

/** Keeps every camera stream the page opens, to tell afterwards whether one is still live. */
async function recordCameraStreams(context: BrowserContext) {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    if (!devices?.getUserMedia) return;
    const original = devices.getUserMedia.bind(devices);
    const streams: MediaStream[] = [];
    (globalThis as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** How many camera streams the page opened, and how many of their tracks are still live. */
function cameraTracks(page: Page) {
  return page.evaluate(() => {
    const streams = (globalThis as unknown as { cameraStreams: MediaStream[] }).cameraStreams;
    const tracks = streams.flatMap((stream) => stream.getTracks());
    return {
      streams: streams.length,
      live: tracks.filter((track) => track.readyState === "live").length,
    };
  });
}

Deno.test({
  name: "browser: a guest scans a passport with the phone's camera; no camera offers a photo",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "camera-test-" });
    let stack: TestStack | undefined;
    const browsers: Browser[] = [];
    try {
      stack = await startStack();
      const video = await passportVideo(dir);
      const camera = await launchBrowser([
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ]);
      browsers.push(camera);
      // A camera, but the guest says no when the browser asks: getUserMedia then fails with
      // NotAllowedError, as Chromium answers a refused prompt (the headless shell shows none).
      const refused = await launchBrowser([
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ]);
      browsers.push(refused);
      // No fake device and no camera on this machine: getUserMedia finds none.
      const noCamera = await launchBrowser();
      browsers.push(noCamera);

      let code = "";
      await t.step("a host with a stay today", async () => {
        const { newContext, registerAndLogIn } = e2eSession(stack!, noCamera);
        const context = await newContext();
        const page = await context.newPage();
        await registerAndLogIn(page, HOST);
        await connectDemoEVisitor(page);
        const stay = await createStayThroughApi(
          page,
          "Apartman 1",
          todayInStayZone(),
          addDays(todayInStayZone(), 2),
        );
        assert.equal(stay.status, 200, JSON.stringify(stay.body));
        code = stay.body.code;
        await context.close();
      });

      /** The guests step of the stay's check-in page on a phone, the first guest's card. */
      const guestsStep = async (
        browser: Browser,
        theme: Theme,
        viewport: { width: number; height: number } = VIEWPORTS.phone,
      ) => {
        const context = await e2eSession(stack!, browser).newContext({
          viewport,
          theme,
          locale: "hr-HR",
        });
        await recordCameraStreams(context);
        if (browser === refused) {
          await context.addInitScript(() => {
            navigator.mediaDevices.getUserMedia = () =>
              Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
          });
        }
        const page = await context.newPage();
        await page.goto(`/prijava/rezervacija/${code}`);
        await page.getByRole("button", { name: "Dodaj goste" }).click();
        const card = page.getByRole("region", { name: /^Gost 1/ });
        return { context, page, card };
      };

      await t.step("Scan opens the camera view; two agreeing frames fill the form", async () => {
        const { context, page, card } = await guestsStep(camera, "DefaultTheme");
        const frames = watchFrames(page);
        await card.getByRole("button", { name: "Skeniraj kamerom" }).click();
        const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
        await view.waitFor();
        await view.getByText("Poravnajte retke na dnu dokumenta s okvirom").waitFor();
        await page.waitForFunction(() => {
          const video = document.querySelector("dialog video") as HTMLVideoElement | null;
          return !!video && video.readyState >= 2 && video.videoWidth > 0;
        });
        assert.equal((await cameraTracks(page)).live, 1, "the camera is on while scanning");
        await screenshot(page, "checkin-camera-phone-light", { fullPage: false });

        await card.getByText(/Iz dokumenta smo upisali \d+ podat/).waitFor({ timeout: 60_000 });
        await view.waitFor({ state: "detached" });
        assert.equal(await card.getByLabel("Ime", { exact: true }).inputValue(), "Birgitte Ida");
        assert.equal(await card.getByLabel("Prezime", { exact: true }).inputValue(), "Rasmussen");
        assert.equal(await card.getByLabel("Datum rođenja").inputValue(), "1961-10-25");
        assert.equal(await card.getByLabel("Broj dokumenta").inputValue(), "109957822");
        assert.equal(
          await card.getByRole("combobox", { name: "Državljanstvo" }).inputValue(),
          "Danska",
        );
        // Two frames agreed: nothing to doubt, no photo asked for.
        assert.equal(await card.getByText("Kamera nije mogla potvrditi").count(), 0);
        assert.deepEqual(await cameraTracks(page), { streams: 1, live: 0 }, "the camera is off");
        // What went to the reader: the guide's band, small, one frame at a time.
        assert.ok(frames.sent.length >= 2, `${frames.sent.length} frames`);
        assert.equal(frames.mostAtOnce, 1);
        for (const frame of frames.sent) {
          assert.ok(frame.bodyBytes <= MRZ_FRAME_MAX_BODY_BYTES, `${frame.bodyBytes} bytes`);
          assert.ok(
            frame.width >= 2.5 * frame.height && frame.height <= 400,
            JSON.stringify(frame),
          );
        }
        await screenshot(page, "checkin-camera-scanned-phone-light", { fullPage: false });
        await context.close();
      });

      await t.step("in the dark; Escape closes the view, turns the camera off", async () => {
        const { context, page, card } = await guestsStep(camera, "DarkTheme");
        const scan = card.getByRole("button", { name: "Skeniraj kamerom" });
        await scan.click();
        const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
        await view.waitFor();
        await page.waitForFunction(() =>
          (document.querySelector("dialog video") as HTMLVideoElement | null)?.videoWidth
        );
        // Focus moved into the view, on its close button.
        await page.waitForFunction(() =>
          document.activeElement?.getAttribute("aria-label") === "Zatvori kameru"
        );
        await screenshot(page, "checkin-camera-phone-dark", { fullPage: false });
        await page.keyboard.press("Escape");
        await view.waitFor({ state: "detached" });
        assert.deepEqual(await cameraTracks(page), { streams: 1, live: 0 });
        await page.waitForFunction(() =>
          document.activeElement?.textContent === "Skeniraj kamerom"
        );
        assert.equal(await card.getByLabel("Ime", { exact: true }).inputValue(), "");
        await context.close();
      });

      await t.step(
        "real specimen documents held to the camera: two agreeing frames fill the form",
        async () => {
          for (const document of REAL_DOCUMENTS) {
            const held = await launchBrowser([
              "--use-fake-ui-for-media-stream",
              "--use-fake-device-for-media-stream",
              `--use-file-for-fake-video-capture=${await passportVideo(dir, document)}`,
            ]);
            browsers.push(held);
            const { context, page, card } = await guestsStep(held, "DefaultTheme");
            await card.getByRole("button", { name: "Skeniraj kamerom" }).click();
            const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
            await card.getByText(/Iz dokumenta smo upisali \d+ podat/).waitFor({ timeout: 60_000 });
            await view.waitFor({ state: "detached" });
            const field = (label: string) => card.getByLabel(label, { exact: true }).inputValue();
            assert.equal(await field("Prezime"), document.surname, document.file);
            assert.equal(await field("Ime"), document.name, document.file);
            assert.equal(await field("Broj dokumenta"), document.number, document.file);
            assert.equal(await card.getByText("Kamera nije mogla potvrditi").count(), 0);
            await context.close();
            await held.close();
          }
        },
      );

      await t.step("on a desktop the view is a dialog; its close button ends it", async () => {
        const { context, page, card } = await guestsStep(camera, "DefaultTheme", VIEWPORTS.desktop);
        await card.getByRole("button", { name: "Skeniraj kamerom" }).click();
        const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
        await page.waitForFunction(() =>
          (document.querySelector("dialog video") as HTMLVideoElement | null)?.videoWidth
        );
        await screenshot(page, "checkin-camera-desktop-light", { fullPage: false });
        await view.getByRole("button", { name: "Zatvori kameru" }).click();
        await view.waitFor({ state: "detached" });
        assert.deepEqual(await cameraTracks(page), { streams: 1, live: 0 });
        await context.close();
      });

      await t.step(
        "no MRZ in 20 s: the view offers trying again, the photo and the file",
        async () => {
          const table = await launchBrowser([
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            `--use-file-for-fake-video-capture=${await passportVideo(dir, { passport: false })}`,
          ]);
          browsers.push(table);
          const { context, page, card } = await guestsStep(table, "DefaultTheme");
          const frames = watchFrames(page);
          await card.getByRole("button", { name: "Skeniraj kamerom" }).click();
          const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
          await view.getByRole("status").filter({ hasText: "Tražimo retke…" }).waitFor();
          await view.getByRole("status").filter({ hasText: "Retke nismo uspjeli pročitati" })
            .waitFor({ timeout: 40_000 });
          assert.deepEqual(await cameraTracks(page), { streams: 1, live: 0 }, "the camera is off");
          // At most two frames a second, one at a time, for the 20 seconds.
          assert.ok(frames.sent.length >= 5 && frames.sent.length <= 41, `${frames.sent.length}`);
          assert.equal(frames.mostAtOnce, 1);
          await view.getByRole("button", { name: "Fotografiraj dokument" }).waitFor();
          await view.getByRole("button", { name: "Odaberi sliku" }).waitFor();
          await screenshot(page, "checkin-camera-timed-out-phone-light", { fullPage: false });
          // Trying again turns the camera on again; closing the view turns it off.
          await view.getByRole("button", { name: "Pokušaj ponovno" }).click();
          await view.getByRole("status").filter({ hasText: "Tražimo retke…" }).waitFor();
          await page.waitForFunction(() =>
            (document.querySelector("dialog video") as HTMLVideoElement | null)?.videoWidth
          );
          assert.deepEqual(await cameraTracks(page), { streams: 2, live: 1 });
          await view.getByRole("button", { name: "Zatvori kameru" }).click();
          await view.waitFor({ state: "detached" });
          assert.deepEqual(await cameraTracks(page), { streams: 2, live: 0 });
          await context.close();
          await table.close();
        },
      );

      await t.step(
        "camera refused: the view says so and offers the photo and the file",
        async () => {
          const { context, page, card } = await guestsStep(refused, "DefaultTheme");
          await card.getByRole("button", { name: "Skeniraj kamerom" }).click();
          const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
          await view.getByRole("status").filter({
            hasText:
              "Pristup kameri nije dopušten. Dokument možete fotografirati ili odabrati sliku.",
          }).waitFor();
          await view.getByRole("button", { name: "Odaberi sliku" }).waitFor();
          await screenshot(page, "checkin-camera-refused-phone-light", { fullPage: false });
          // The still photo: the phone's camera app (a file input with capture), read as before.
          const chooser = page.waitForEvent("filechooser");
          await view.getByRole("button", { name: "Fotografiraj dokument" }).click();
          await (await chooser).setFiles(FIXTURE_PHOTO.path);
          await view.waitFor({ state: "detached" });
          await card.getByText(/Iz dokumenta smo upisali \d+ podat/).waitFor({ timeout: 30_000 });
          assert.equal(await card.getByLabel("Ime", { exact: true }).inputValue(), "Birgitte Ida");
          await context.close();
        },
      );

      await t.step("no camera: the view says so and offers the photo and the file", async () => {
        for (const theme of ["DefaultTheme", "DarkTheme"] as const) {
          const { context, page, card } = await guestsStep(noCamera, theme);
          await card.getByRole("button", { name: "Skeniraj kamerom" }).click();
          const view = page.getByRole("dialog", { name: "Skenirajte dokument" });
          await view.getByRole("status").filter({ hasText: "Kamera nije dostupna" }).waitFor();
          await view.getByText(
            "Kamera nije dostupna. Dokument možete fotografirati ili odabrati sliku.",
          ).waitFor();
          await view.getByRole("button", { name: "Fotografiraj dokument" }).waitFor();
          assert.equal(await view.locator("video").count(), 0);
          const suffix = theme === "DarkTheme" ? "dark" : "light";
          await screenshot(page, `checkin-camera-none-phone-${suffix}`, { fullPage: false });
          if (theme === "DarkTheme") {
            await context.close();
            continue;
          }
          // The file choice opens the picker; the chosen photo is read as before.
          const chooser = page.waitForEvent("filechooser");
          await view.getByRole("button", { name: "Odaberi sliku" }).click();
          await (await chooser).setFiles(FIXTURE_PHOTO.path);
          await view.waitFor({ state: "detached" });
          await card.getByText(/Iz dokumenta smo upisali \d+ podat/).waitFor({ timeout: 30_000 });
          assert.equal(await card.getByLabel("Ime", { exact: true }).inputValue(), "Birgitte Ida");
          await context.close();
        }
      });
    } finally {
      for (const browser of browsers) await browser.close();
      await stack?.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
