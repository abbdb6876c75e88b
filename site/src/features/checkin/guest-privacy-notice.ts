import { useEffect } from "react";
import { guestPrivacyPath } from "@shared/legal/documents.ts";
import type { Translator } from "../../i18n/checkin/translator.ts";

/** The page's footer in its HTML (CheckinShell.astro), where the host's contact joins it. */
export const FOOTER_ID = "checkin-footer";

/**
 * The guests' short privacy notice (why their data is processed, that document photos are not
 * kept, and a link: the full privacy policy in Croatian and English, a summary in the guest's
 * language in the others, guestPrivacyPath) is part of the page's HTML, not of the island: it is
 * the page's largest text, so it is painted with the first HTML and stays the same element for the
 * page's life (Largest Contentful Paint, issue 20). The island only keeps it in the page's
 * language when the guest switches.
 */
export function usePrivacyNoticeIn({ t, lang }: Translator) {
  useEffect(() => {
    const text = document.querySelector<HTMLElement>("#guest-privacy > span");
    const link = document.querySelector<HTMLAnchorElement>("#guest-privacy > a");
    if (!text || !link) return;
    const words = t("privacyNotice.text");
    if (text.textContent !== words) text.textContent = words;
    const name = t("privacyNotice.link");
    if (link.textContent !== name) link.textContent = name;
    const href = guestPrivacyPath(lang);
    if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  }, [t, lang]);
}
