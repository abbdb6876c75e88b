import type { IdentityDocument, MrzFormat } from "./documents.ts";
import { isoDate } from "./compose-mrz.ts";
import type { Rng } from "./random.ts";
import type { DocumentLook } from "./look.ts";

/**
 * A document as SVG in millimetres, drawn at `pxPerMm` by sharp (librsvg + pango): rounded card,
 * colour gradient, guilloche waves and rosettes, photo placeholder, a visual zone of labels and data
 * in DejaVu/Liberation, a signature, and the MRZ in OCR-B at exactly 10 characters per inch.
 */
export const CARD_MM: Record<MrzFormat, { w: number; h: number }> = {
  TD1: { w: 85.6, h: 53.98 },
  TD2: { w: 105, h: 74 },
  TD3: { w: 125, h: 88 },
};

/** 10 characters per inch. */
export const MRZ_PITCH_MM = 2.54;
/** OCR-B (fonts-ocr-b) advance and cap height per em, measured from the font as pango draws it. */
const OCRB_ADVANCE_EM = 0.7231;
const OCRB_CAP_EM = 0.72;
export const MRZ_FONT_MM = MRZ_PITCH_MM / OCRB_ADVANCE_EM;
/** Height of an MRZ capital (2.53 mm). */
export const MRZ_CHAR_MM = MRZ_FONT_MM * OCRB_CAP_EM;

/** A drawing with a look is rasterised this many times larger, then shrunk (see lookedMrz). */
export const SUPERSAMPLE = 4;

export interface DocumentDrawing {
  svg: string;
  /** Rasterise at this many times the size, then shrink to width × height. */
  supersample: number;
  width: number;
  height: number;
  /** The MRZ's box in the drawing's pixels (for the char-height measure after warping). */
  mrz: { x: number; y: number; w: number; h: number };
  /** Each MRZ line's character cells (pitch × capital height from the baseline), same pixels. */
  lines: { x: number; y: number; w: number; h: number }[];
}

const LABELS: Record<string, string[]> = {
  surname: ["Surname / Nom", "Prezime / Surname", "Name / Surname", "Cognome / Surname"],
  givenNames: ["Given names / Prénoms", "Ime / Given names", "Vornamen / Given names"],
  nationality: ["Nationality / Nationalité", "Državljanstvo / Nationality"],
  dateOfBirth: ["Date of birth / Date de naissance", "Datum rođenja / Date of birth"],
  sex: ["Sex / Sexe", "Spol / Sex", "Geschlecht / Sex"],
  placeOfBirth: ["Place of birth / Lieu de naissance", "Geburtsort / Place of birth"],
  dateOfIssue: ["Date of issue / Date de délivrance", "Datum izdavanja / Date of issue"],
  expiryDate: ["Date of expiry / Date d'expiration", "Gültig bis / Date of expiry"],
  authority: ["Authority / Autorité", "Behörde / Authority", "Izdao / Authority"],
  documentNumber: ["Document No. / No. du document", "Passport No.", "Card No. / Broj"],
};

const TITLES: Record<IdentityDocument["kind"], string[]> = {
  passport: ["PASSPORT / PASSEPORT", "PUTOVNICA / PASSPORT", "REISEPASS / PASSPORT / PASSEPORT"],
  "identity card": [
    "IDENTITY CARD / CARTE D'IDENTITÉ",
    "OSOBNA ISKAZNICA / IDENTITY CARD",
    "PERSONALAUSWEIS / IDENTITY CARD",
  ],
  "residence permit": [
    "RESIDENCE PERMIT / TITRE DE SÉJOUR",
    "AUFENTHALTSTITEL / RESIDENCE PERMIT",
    "DOZVOLA BORAVKA / RESIDENCE PERMIT",
  ],
  "temporary identity card": ["VORLÄUFIGER PERSONALAUSWEIS / TEMPORARY IDENTITY CARD"],
};

/** Cover titles in the issuer's language where there is one here (Croatian, German), else English/French. */
function titlesFor(doc: IdentityDocument): string[] {
  const croatian = /PUTOVNICA|OSOBNA|DOZVOLA/, german = /REISEPASS|PERSONALAUSWEIS|AUFENTHALT/;
  const titles = TITLES[doc.kind];
  const own = doc.issuer.code === "HRV"
    ? titles.filter((t) => croatian.test(t))
    : ["D", "AUT", "CHE"].includes(doc.issuer.code)
    ? titles.filter((t) => german.test(t))
    : titles.filter((t) => !croatian.test(t) && !german.test(t));
  return own.length ? own : titles;
}

const SANS = ["DejaVu Sans", "Liberation Sans", "DejaVu Sans Condensed"];
const SERIF = ["DejaVu Serif", "Liberation Serif"];

/**
 * `look` (./look.ts) draws the zone as a real document may have it: security print behind it,
 * laser engraving, another OCR-B rendering, a hologram; its random draws come from `lookRng`, so
 * a document without a look is drawn exactly as before.
 */
export function drawDocument(
  doc: IdentityDocument,
  mrzLines: string[],
  rng: Rng,
  pxPerMm: number,
  look?: { document: DocumentLook; rng: Rng },
): DocumentDrawing {
  const { w, h } = CARD_MM[doc.format];
  const width = Math.round(w * pxPerMm), height = Math.round(h * pxPerMm);
  const hue = rng.int(0, 359);
  const pale = (dh: number, l = rng.int(86, 94)) =>
    `hsl(${(hue + dh) % 360},${rng.int(25, 60)}%,${l}%)`;
  const ink = (dh: number) => `hsl(${(hue + dh) % 360},${rng.int(35, 70)}%,${rng.int(22, 45)}%)`;
  const parts: string[] = [];
  const radius = doc.format === "TD1" ? 3.18 : rng.float(2, 4);

  // Background: gradient, guilloche waves, rosettes.
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${rng.float(0.3, 1)}" y2="1">` +
      `<stop offset="0" stop-color="${pale(0)}"/><stop offset="${
        rng.float(0.35, 0.65).toFixed(2)
      }" stop-color="${pale(rng.int(20, 60))}"/>` +
      `<stop offset="1" stop-color="${pale(rng.int(-60, -20) + 360)}"/></linearGradient>` +
      `<clipPath id="card"><rect width="${w}" height="${h}" rx="${
        radius.toFixed(2)
      }"/></clipPath>` +
      `<radialGradient id="photo" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="hsl(${hue},10%,${
        rng.int(78, 90)
      }%)"/>` +
      `<stop offset="1" stop-color="hsl(${hue},15%,${rng.int(55, 70)}%)"/></radialGradient></defs>`,
  );
  parts.push(`<g clip-path="url(#card)"><rect width="${w}" height="${h}" fill="url(#bg)"/>`);
  const waveInk = ink(rng.int(0, 359));
  const waves = rng.int(14, 36);
  const lambda = rng.float(8, 30),
    amp = rng.float(1, 5),
    y0 = rng.float(0, h * 0.5),
    gap = rng.float(0.6, 2.2);
  for (let j = 0; j < waves; j++) {
    const pts: string[] = [];
    for (let x = -1; x <= w + 1; x += 1.2) {
      const y = y0 + j * gap + amp * Math.sin((2 * Math.PI * x) / lambda + j * 0.35) +
        0.4 * amp * Math.sin((2 * Math.PI * x) / (lambda * 2.7) + j * 0.11);
      pts.push(`${x.toFixed(1)},${y.toFixed(2)}`);
    }
    parts.push(
      `<polyline points="${
        pts.join(" ")
      }" fill="none" stroke="${waveInk}" stroke-width="0.12" opacity="${
        rng.float(0.18, 0.4).toFixed(2)
      }"/>`,
    );
  }
  for (let r = 0, n = rng.int(1, 2); r < n; r++) {
    const cx = rng.float(0.3, 0.95) * w, cy = rng.float(0.15, 0.7) * h, R = rng.float(8, 22);
    const rr = R * rng.float(0.2, 0.45), d = R * rng.float(0.3, 0.8);
    const pts: string[] = [];
    for (let t = 0; t <= 2 * Math.PI * rr * 4; t += 0.05) {
      const x = cx + (R - rr) * Math.cos(t) + d * Math.cos(((R - rr) / rr) * t);
      const y = cy + (R - rr) * Math.sin(t) - d * Math.sin(((R - rr) / rr) * t);
      pts.push(`${x.toFixed(2)},${y.toFixed(2)}`);
      if (pts.length > 1500) break;
    }
    parts.push(
      `<polyline points="${pts.join(" ")}" fill="none" stroke="${
        ink(rng.int(0, 359))
      }" stroke-width="0.1" opacity="${rng.float(0.15, 0.35).toFixed(2)}"/>`,
    );
  }

  // The MRZ: lines, pitch and margins as ICAO 9303 places them (bottom of the page).
  const lineCount = mrzLines.length;
  const linePitch = doc.format === "TD1" ? rng.float(3.9, 4.3) : rng.float(4.0, 4.6);
  const bottom = rng.float(3.4, 5.0);
  const pitch = MRZ_PITCH_MM * (look?.document.pitchScale ?? 1);
  const charMm = MRZ_CHAR_MM * (look?.document.sizeScale ?? 1);
  const mrzWidth = mrzLines[0].length * pitch;
  const left = Math.max(2.6, (w - mrzWidth) / 2 + rng.float(-1.2, 1.2));
  const lastBaseline = h - bottom;
  const firstBaseline = lastBaseline - (lineCount - 1) * linePitch;
  const mrzTop = firstBaseline - charMm;
  // The clear zone under the MRZ: lighter, the pattern faint.
  const clearTop = mrzTop - rng.float(1.5, 3), clearOpacity = rng.float(0.45, 0.85);
  parts.push(
    `<rect x="0" y="${clearTop.toFixed(2)}" width="${w}" height="${h}" fill="#fff" opacity="${
      (look?.document.clearZone ?? clearOpacity).toFixed(2)
    }"/>`,
  );
  if (look?.document.zonePrint) {
    parts.push(zonePrint(look.document.zonePrint, look.rng, w, h, clearTop));
  }

  // Header: state and document titles.
  const titleFont = rng.pick([...SANS, ...SERIF]);
  const titleSize = doc.format === "TD1" ? 2.4 : 3.2;
  parts.push(
    text(
      4,
      3 + titleSize,
      doc.issuer.title,
      titleFont,
      titleSize * rng.float(0.85, 1.05),
      ink(0),
      "bold",
      w - 8,
    ),
  );
  parts.push(
    text(
      4,
      4.4 + titleSize * 2,
      rng.pick(titlesFor(doc)),
      rng.pick(SANS),
      titleSize * 0.62,
      ink(10),
      "normal",
      w - 8,
    ),
  );

  // Photo placeholder with a silhouette, on the left or right.
  const top = 6 + titleSize * 2;
  const zoneBottom = mrzTop - 2.5;
  const photoH = Math.min(zoneBottom - top - 1, h * 0.5);
  const photoW = photoH * 0.78;
  const photoRight = rng.chance(0.15);
  const px = photoRight ? w - 4 - photoW : 4, py = top;
  parts.push(
    `<rect x="${px.toFixed(2)}" y="${py.toFixed(2)}" width="${photoW.toFixed(2)}" height="${
      photoH.toFixed(2)
    }" fill="url(#photo)" rx="0.8"/>` +
      `<ellipse cx="${(px + photoW / 2).toFixed(2)}" cy="${(py + photoH * 0.38).toFixed(2)}" rx="${
        (photoW * 0.22).toFixed(2)
      }" ry="${(photoH * 0.2).toFixed(2)}" fill="hsl(${hue},8%,${rng.int(30, 50)}%)"/>` +
      `<path d="M${(px + photoW * 0.08).toFixed(2)},${(py + photoH).toFixed(2)} Q${
        (px + photoW * 0.1).toFixed(2)
      },${(py + photoH * 0.62).toFixed(2)} ${(px + photoW / 2).toFixed(2)},${
        (py + photoH * 0.6).toFixed(2)
      } Q${(px + photoW * 0.9).toFixed(2)},${(py + photoH * 0.62).toFixed(2)} ${
        (px + photoW * 0.92).toFixed(2)
      },${(py + photoH).toFixed(2)} Z" fill="hsl(${hue},8%,${rng.int(25, 45)}%)"/>`,
  );
  if (rng.chance(0.5)) {
    // A ghost image.
    const gw = photoW * 0.4, gx = photoRight ? 4 : w - 4 - gw, gy = zoneBottom - gw * 1.3;
    parts.push(
      `<ellipse cx="${(gx + gw / 2).toFixed(2)}" cy="${(gy + gw * 0.5).toFixed(2)}" rx="${
        (gw * 0.25).toFixed(2)
      }" ry="${(gw * 0.3).toFixed(2)}" fill="hsl(${hue},10%,40%)" opacity="0.25"/>`,
    );
  }
  if (doc.format === "TD1" && rng.chance(0.5)) {
    parts.push(
      `<rect x="${(photoRight ? 4 : w * 0.5).toFixed(2)}" y="${
        (top + 1).toFixed(2)
      }" width="9" height="7.5" rx="1.2" fill="hsl(45,60%,62%)" stroke="hsl(40,40%,40%)" stroke-width="0.15"/>`,
    );
  }

  // Visual zone: labels and data in other typefaces.
  const fmt = rng.pick([
    (d: Date) => isoDate(d).split("-").reverse().join("."),
    (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, "0")} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    (d: Date) => isoDate(d).split("-").reverse().join("/"),
  ]);
  const entries: [string, string][] = [
    ["surname", doc.holder.surname.toUpperCase()],
    ["givenNames", doc.holder.givenNames.toUpperCase()],
    ["nationality", doc.nationality === "XXA" ? "STATELESS / XXA" : doc.nationality],
    ["dateOfBirth", fmt(doc.dateOfBirth)],
    ["sex", doc.sex === "<" ? "X" : doc.sex],
    ["placeOfBirth", doc.holder.placeOfBirth.toUpperCase()],
    ["dateOfIssue", fmt(doc.dateOfIssue)],
    ["expiryDate", fmt(doc.expiryDate)],
    ["authority", doc.authority],
  ];
  const unit = doc.format === "TD1" ? 0.72 : doc.format === "TD2" ? 0.86 : 1;
  const labelSize = 1.55 * unit, valueSize = rng.float(2.3, 2.9) * unit;
  const labelFont = rng.pick(SANS), valueFont = rng.pick([...SANS, ...SERIF, "DejaVu Sans Mono"]);
  const rowH = labelSize + valueSize + 1.1 * unit;
  const zoneLeft = photoRight ? 4 : px + photoW + 3.5;
  const zoneRight = photoRight ? px - 3 : w - 4;
  const rows = Math.max(1, Math.floor((zoneBottom - top) / rowH));
  const columns = Math.ceil(entries.length / rows);
  const colW = (zoneRight - zoneLeft) / Math.max(1, Math.min(columns, 2));
  entries.slice(0, rows * 2).forEach(([key, value], i) => {
    const col = Math.floor(i / rows), row = i % rows;
    const x = zoneLeft + col * colW, y = top + row * rowH;
    parts.push(
      text(
        x,
        y + labelSize,
        rng.pick(LABELS[key]),
        labelFont,
        labelSize,
        ink(20),
        "normal",
        colW - 1,
      ),
    );
    parts.push(
      text(
        x,
        y + labelSize + valueSize + 0.2,
        value,
        valueFont,
        valueSize,
        "#1c1c1c",
        rng.chance(0.5) ? "bold" : "normal",
        colW - 1,
      ),
    );
  });
  // Document number, top right, often red.
  parts.push(
    text(
      w - 4 - 30 * unit,
      3 + titleSize * 2 + 0.6,
      doc.documentNumber,
      rng.pick([...SANS, "DejaVu Sans Mono"]),
      2.8 * unit,
      rng.chance(0.5) ? "#b3202a" : "#202020",
      "bold",
      30 * unit,
      "end",
      w - 4,
    ),
  );
  // Signature: strokes kept in a band above the MRZ's clear zone (never over its characters).
  const sigTop = zoneBottom - 5 * unit, sigBottom = zoneBottom - 0.3;
  const within = (y: number) => Math.min(sigBottom, Math.max(sigTop, y));
  let sx = zoneLeft + rng.float(0, 10), sy = within(zoneBottom - rng.float(0.5, 2));
  let sig = `M${sx.toFixed(1)},${sy.toFixed(1)}`;
  for (let i = 0, n = rng.int(4, 8); i < n; i++) {
    const cx = sx + rng.float(1, 4), cy = within(sy + rng.float(-4, 4));
    sx += rng.float(2, 5), sy = within(sy + rng.float(-1, 1));
    sig += ` Q${cx.toFixed(1)},${cy.toFixed(1)} ${sx.toFixed(1)},${sy.toFixed(1)}`;
  }
  parts.push(`<path d="${sig}" fill="none" stroke="#1f2f7a" stroke-width="0.25" opacity="0.8"/>`);

  // The MRZ itself, every character placed at its 2.54 mm pitch.
  const mrzInk = rng.pick(["#121212", "#1a1a22", "#202020", "#101820", "#262626"]);
  if (look) {
    parts.push(
      lookedMrz(look.document, look.rng, mrzLines, {
        left,
        firstBaseline,
        linePitch,
        pitch,
        fontMm: MRZ_FONT_MM * look.document.sizeScale,
        pxPerMm,
      }),
    );
    if (look.document.hologram) {
      parts.push(hologram(look.document.hologram, w, clearTop, h));
    }
  } else {
    mrzLines.forEach((line, i) => {
      const xs = [...line].map((_, k) => (left + k * MRZ_PITCH_MM).toFixed(3)).join(" ");
      parts.push(
        `<text x="${xs}" y="${
          (firstBaseline + i * linePitch).toFixed(3)
        }" font-family="OCR B" font-size="${MRZ_FONT_MM.toFixed(4)}" fill="${mrzInk}">${
          escapeXml(line)
        }</text>`,
      );
    });
  }
  parts.push("</g>");

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}">${
      parts.join("")
    }</svg>`;
  return {
    svg,
    supersample: look ? SUPERSAMPLE : 1,
    width,
    height,
    mrz: {
      x: left * pxPerMm,
      y: mrzTop * pxPerMm,
      w: mrzWidth * pxPerMm,
      h: (lastBaseline - mrzTop) * pxPerMm,
    },
    lines: mrzLines.map((_, i) => ({
      x: left * (width / w),
      y: (firstBaseline + i * linePitch - charMm) * (height / h),
      w: mrzWidth * (width / w),
      h: charMm * (height / h),
    })),
  };
}

/** Security print behind the zone, from `top` down: guilloche waves, a tint or microtext rows. */
function zonePrint(
  print: NonNullable<DocumentLook["zonePrint"]>,
  rng: Rng,
  w: number,
  h: number,
  top: number,
): string {
  const colour = `hsl(${print.hue},${rng.int(20, 60)}%,${print.lightness}%)`;
  const opacity = print.opacity.toFixed(2);
  if (print.kind === "tint") {
    return `<rect x="0" y="${top.toFixed(2)}" width="${w}" height="${
      (h - top).toFixed(2)
    }" fill="${colour}" opacity="${opacity}"/>`;
  }
  if (print.kind === "microtext") {
    const size = rng.float(0.45, 0.8), words = rng.pick(MICROTEXT);
    const row = words.repeat(Math.ceil(w / (words.length * size * 0.55)) + 1);
    const rows: string[] = [];
    for (let y = top + size; y < h; y += size * rng.float(1.05, 1.6)) {
      rows.push(
        `<text x="${(-rng.float(0, 5)).toFixed(2)}" y="${
          y.toFixed(2)
        }" font-family="DejaVu Sans" ` +
          `font-size="${size.toFixed(2)}">${row}</text>`,
      );
    }
    return `<g fill="${colour}" opacity="${opacity}">${rows.join("")}</g>`;
  }
  const lines: string[] = [];
  const lambda = rng.float(3, 14), amp = rng.float(0.4, 2.5), gap = rng.float(0.35, 1.2);
  const width = rng.float(0.06, 0.16);
  for (let y0 = top - amp; y0 < h + amp; y0 += gap) {
    const phase = rng.float(0, 6.3);
    const pts: string[] = [];
    for (let x = -1; x <= w + 1; x += 0.6) {
      const y = y0 + amp * Math.sin((2 * Math.PI * x) / lambda + phase) +
        0.3 * amp * Math.sin((2 * Math.PI * x) / (lambda * 3.1));
      pts.push(`${x.toFixed(1)},${y.toFixed(2)}`);
    }
    lines.push(`<polyline points="${pts.join(" ")}"/>`);
  }
  return `<g fill="none" stroke="${colour}" stroke-width="${
    width.toFixed(3)
  }" opacity="${opacity}">${lines.join("")}</g>`;
}

const MICROTEXT = [
  "REPUBLIKA HRVATSKA ",
  "BUNDESREPUBLIK DEUTSCHLAND ",
  "REPUBLIQUE FRANCAISE ",
  "REPUBBLICA ITALIANA ",
  "EUROPEAN UNION ",
];

/**
 * The MRZ as `look` renders it: each character its own glyph at its slot's centre (so another
 * rendering's width or size keeps the pitch), grey and uneven for laser engraving, thinned
 * (eroded) or made heavy (outlined), laser grain cut into the strokes.
 */
function lookedMrz(
  look: DocumentLook,
  rng: Rng,
  lines: string[],
  at: {
    left: number;
    firstBaseline: number;
    linePitch: number;
    pitch: number;
    fontMm: number;
    pxPerMm: number;
  },
): string {
  const grey = look.ink.grey;
  const ink = `rgb(${grey},${grey},${Math.min(255, grey + rng.int(0, 12))})`;
  const filters: string[] = [];
  // librsvg erodes by whole device pixels (any radius takes at least one): the drawing is made
  // SUPERSAMPLE times larger and shrunk (./photograph.ts), so a pixel there is a fraction here.
  const erodePx = Math.round((-look.strokeMm / 2) * at.pxPerMm * SUPERSAMPLE);
  if (erodePx >= 1) {
    filters.push(
      `<feMorphology operator="erode" radius="${
        (erodePx / (at.pxPerMm * SUPERSAMPLE)).toFixed(4)
      }"/>`,
    );
  }
  if (look.ink.grain) {
    filters.push(
      `<feTurbulence type="fractalNoise" baseFrequency="${
        rng.float(2, 5).toFixed(2)
      }" numOctaves="1" seed="${rng.int(1, 999)}" result="noise"/>` +
        `<feColorMatrix in="noise" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -0.9 1.35" result="holes"/>` +
        `<feComposite in="SourceGraphic" in2="holes" operator="in"/>`,
    );
  }
  const filterDef = filters.length
    ? `<filter id="mrzink" x="-0.05" y="-0.5" width="1.1" height="2">${
      filters.length === 2 ? filters[0].replace("/>", ' result="thin"/>') : filters[0]
    }${filters.length === 2 ? filters[1].replace('in="SourceGraphic"', 'in="thin"') : ""}</filter>`
    : "";
  const stroke = look.strokeMm > 0
    ? ` stroke="${ink}" stroke-width="${look.strokeMm.toFixed(3)}" stroke-linejoin="round"`
    : "";
  const glyphs: string[] = [];
  lines.forEach((line, i) => {
    const drawn = look.lowercaseO ? line.replaceAll("O", "o") : line;
    [...drawn].forEach((char, k) => {
      const x = at.left + (k + 0.5) * at.pitch + rng.normal() * look.ink.jitterMm;
      const y = at.firstBaseline + i * at.linePitch + rng.normal() * look.ink.jitterMm * 0.6;
      const opacity = 1 - look.ink.fade * rng.next();
      glyphs.push(
        `<text transform="translate(${x.toFixed(3)} ${y.toFixed(3)}) scale(${
          look.stretch.toFixed(3)
        } 1)"${opacity < 1 ? ` opacity="${opacity.toFixed(2)}"` : ""}>${escapeXml(char)}</text>`,
      );
    });
  });
  return `${filterDef ? `<defs>${filterDef}</defs>` : ""}<g font-family="OCR B" font-size="${
    at.fontMm.toFixed(4)
  }" text-anchor="middle" fill="${ink}"${stroke}${filterDef ? ' filter="url(#mrzink)"' : ""}>${
    glyphs.join("")
  }</g>`;
}

/** A laminate's hologram: iridescent bands, faint, across the zone. */
function hologram(
  holo: NonNullable<DocumentLook["hologram"]>,
  w: number,
  top: number,
  h: number,
): string {
  const stops = [0, 60, 120, 180, 240, 300, 360].map((hue, i) =>
    `<stop offset="${(i / 6).toFixed(3)}" stop-color="hsl(${hue % 360},70%,72%)"/>`
  ).join("");
  return `<defs><linearGradient id="holo" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${holo.bandMm}" y2="0" spreadMethod="repeat" gradientTransform="rotate(${holo.angleDeg})">${stops}</linearGradient></defs>` +
    `<rect x="0" y="${(top - 2).toFixed(2)}" width="${w}" height="${
      (h - top + 2).toFixed(2)
    }" fill="url(#holo)" opacity="${holo.opacity.toFixed(2)}"/>`;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

function text(
  x: number,
  y: number,
  content: string,
  family: string,
  size: number,
  fill: string,
  weight: string,
  maxWidth: number,
  anchor = "start",
  anchorX = x,
): string {
  // Squeezed to its room when long (an average glyph is about 0.6 em wide).
  const estimate = content.length * size * 0.6;
  const squeeze = estimate > maxWidth
    ? ` textLength="${maxWidth.toFixed(2)}" lengthAdjust="spacingAndGlyphs"`
    : "";
  return `<text x="${(anchor === "end" ? anchorX : x).toFixed(2)}" y="${
    y.toFixed(2)
  }" font-family="${family}" font-size="${
    size.toFixed(2)
  }" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${squeeze}>${
    escapeXml(content)
  }</text>`;
}

export function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll(
    '"',
    "&quot;",
  );
}
