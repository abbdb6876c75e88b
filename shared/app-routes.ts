/**
 * The addresses of the app's pages (spec section 2), in one place: the site's navigation, the
 * e-mails' links, the links the API builds and the tests all take them from here. Public marketing
 * pages live in site/src/lib/seo/public-routes.ts.
 */
export const APP_ROUTES = {
  login: "/app/prijava",
  register: "/app/registracija",
  /** /app/potvrdi-email/{userId}/{code}: confirmEmailPath. */
  confirmEmail: "/app/potvrdi-email",
  /** /app/ponisti-promjenu-emaila/{userId}/{code}: revertEmailChangePath. */
  revertEmailChange: "/app/ponisti-promjenu-emaila",
  forgotPassword: "/app/zaboravljena-lozinka",
  /** /app/resetiraj-lozinku/{code}: resetPasswordPath. */
  resetPassword: "/app/resetiraj-lozinku",
  dashboard: "/app/kontrolna-ploca",
  /** After sign-in, while a legal document's new version waits for the host's acceptance. */
  acceptLegal: "/app/prihvacanje-uvjeta",
  accountSettings: "/app/postavke-racuna",
  /** The host's profile: name, company, OIB, address (receipts, payment slip, greeting). */
  profile: "/app/profil",
  /** Language, theme, notification channels, default times. */
  settings: "/app/postavke",
  /** Data export, consents, retention periods, deleting the account. */
  privacy: "/app/privatnost",
  /** /app/otkazi-brisanje/{userId}/{code}: cancelDeletionPath. */
  cancelDeletion: "/app/otkazi-brisanje",
  /** The account history (the profile menu's "Povijest"). */
  history: "/app/povijest",
  externalAccounts: "/app/povezani-racuni",
  properties: "/app/objekti",
  qrSheet: "/app/objekti/qr-ispis",
  reservations: "/app/rezervacije",
  /** Bulk import of stays from a CSV or XLSX file (plans with bulk import). */
  reservationImport: "/app/rezervacije/uvoz",
  calendars: "/app/kalendari",
  guests: "/app/gosti",
  /** The printable proof of residence of one guest: proofOfResidencePath. */
  proofOfResidence: "/app/gosti/potvrda",
  contact: "/app/kontakt",
  notifications: "/app/obavijesti",
  comingSoon: "/app/uskoro",
  subscription: "/app/pretplata",
  /** /app/pretplata/placanje/{purchaseRequestId}. */
  payment: "/app/pretplata/placanje",
  adminUsers: "/admin/korisnici",
  adminPurchaseRequests: "/admin/ponude",
  adminSettings: "/admin/postavke",
  adminFeedback: "/admin/povratne-informacije",
  /** The public purchase page of one package: /paket/{packageId}. */
  packagePage: "/paket",
  /**
   * The guests' check-in pages, /{lang?}/prijava/rezervacija/{code} (a stay) and
   * /{lang?}/prijava/smjestaj/{code} (a unit's QR code); Croatian has no language prefix.
   */
  checkIn: "/prijava",
  /** The e-mailed "not my guest" link: /app/nije-moj-gost#{token} (no sign-in; issue 20). */
  notMyGuest: "/app/nije-moj-gost",
  /**
   * The e-mailed invitation to a property's team: /app/pozivnica?code={code} (signed in or not;
   * issue 22).
   */
  invitation: "/app/pozivnica",
  /** The e-mailed "approve the guests" link: /app/odobri-goste#{token} (no sign-in; issue 20). */
  approveGuests: "/app/odobri-goste",
  /**
   * What the installed app shows for a page it cannot fetch (issue 35): the service worker keeps
   * it and names it too (site/public/sw.js: OFFLINE_PAGE).
   */
  offline: "/app/izvan-mreze",
  /** The e-mailed "answer a walk-in's stay request" link: /app/zahtjev-boravka#{token} (issue 20). */
  answerStayRequest: "/app/zahtjev-boravka",
} as const;
export type AppRoute = keyof typeof APP_ROUTES;

/** The single-use link confirming an account's e-mail address. */
export function confirmEmailPath(userId: string, code: string): string {
  return `${APP_ROUTES.confirmEmail}/${userId}/${code}`;
}

/** The single-use link, sent to the old address, undoing an e-mail change. */
export function revertEmailChangePath(userId: string, code: string): string {
  return `${APP_ROUTES.revertEmailChange}/${userId}/${code}`;
}

/** The single-use link, e-mailed with a deletion request, that keeps the account. */
export function cancelDeletionPath(userId: string, code: string): string {
  return `${APP_ROUTES.cancelDeletion}/${userId}/${code}`;
}

/** The single-use link setting a new password. */
export function resetPasswordPath(code: string): string {
  return `${APP_ROUTES.resetPassword}/${code}`;
}

/** The guests' check-in page of a stay, in Croatian. */
export function stayCheckInPath(code: string): string {
  return `${APP_ROUTES.checkIn}/rezervacija/${encodeURIComponent(code)}`;
}

/** The permanent check-in page of a unit (its QR code), in Croatian. */
export function unitCheckInPath(code: string): string {
  return `${APP_ROUTES.checkIn}/smjestaj/${encodeURIComponent(code)}`;
}

/**
 * The payment page of one order, /app/pretplata/placanje/{paymentData} (spec section 2): the
 * parameter is base64url of `{"purchaseRequestId": "…"}`. The site and the e-mails link it.
 */
export function paymentPath(purchaseRequestId: string): string {
  return `${APP_ROUTES.payment}/${paymentDataOf(purchaseRequestId)}`;
}

/** The payment page's parameter: base64url of `{"purchaseRequestId": "…"}`, unpadded. */
export function paymentDataOf(purchaseRequestId: string): string {
  return btoa(JSON.stringify({ purchaseRequestId }))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A guest's printable proof of residence in one language. */
export function proofOfResidencePath(guestGuid: string, language: string): string {
  return `${APP_ROUTES.proofOfResidence}?guest=${guestGuid}&lang=${language}`;
}

/**
 * The query parameter naming the language of an app page (`?jezik=en`); Croatian needs none. Not
 * `lang`: the proof of residence's page names the proof's own language with that one.
 */
export const LANGUAGE_PARAM = "jezik";

/**
 * An app page's address that opens in `language`: the host area's URLs carry no language, so a
 * visitor arriving from the English site or an English e-mail brings it along as `?jezik=en`
 * (the page stores it as the preference). Croatian, the default, adds nothing.
 */
export function inLanguage(path: string, language: string): string {
  if (language === "hr") return path;
  const [base, hash = ""] = path.split("#", 2);
  const separator = base.includes("?") ? "&" : "?";
  return `${base}${separator}${LANGUAGE_PARAM}=${encodeURIComponent(language)}${
    hash ? `#${hash}` : ""
  }`;
}
