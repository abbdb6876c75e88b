import { LEGAL_DOCUMENTS, legalPath } from "@shared/legal/documents.ts";

const NAMES = {
  hr: { terms: "Uvjeti korištenja", privacy: "Politika privatnosti", dpa: "Obrada podataka" },
  en: { terms: "Terms of use", privacy: "Privacy policy", dpa: "Data processing" },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The legal pages every e-mail names at its foot, in the reader's language: a plain-text line and
 * an HTML paragraph.
 */
export function legalFooter(language: string, publicUrl: string): { text: string; html: string } {
  const lang = language === "en" ? "en" : "hr";
  const links = (Object.keys(LEGAL_DOCUMENTS) as (keyof typeof LEGAL_DOCUMENTS)[]).map((kind) => ({
    name: NAMES[lang][kind],
    url: `${publicUrl}${legalPath(kind, lang)}`,
  }));
  return {
    text: links.map(({ name, url }) => `${name}: ${url}`).join("\n"),
    html: `<p style="font-size:12px;color:#475569">${
      links.map(({ name, url }) =>
        `<a href="${escapeHtml(url)}" style="color:#475569">${escapeHtml(name)}</a>`
      ).join(" · ")
    }</p>`,
  };
}
