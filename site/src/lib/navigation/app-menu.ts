import type { IconName } from "../../icons/shapes.ts";
import type { TranslationKey } from "../../i18n/translate.ts";

export interface MenuItem {
  label: TranslationKey;
  href: string;
  icon: IconName;
}

export interface MenuGroup {
  /** Groups without a label are shown without a heading. */
  label?: TranslationKey;
  /** Role a user needs to see the group (the admin routes check it again). */
  role?: "Administrator";
  items: MenuItem[];
}

/** The host and admin navigation menu of spec section 2, with the spec's routes. */
export const APP_MENU: MenuGroup[] = [
  {
    items: [
      { label: "nav.dashboard", href: "/app/kontrolna-ploca", icon: "dashboard" },
      { label: "nav.externalAccounts", href: "/app/povezani-racuni", icon: "link" },
      { label: "nav.calendars", href: "/app/kalendari", icon: "calendar" },
      { label: "nav.properties", href: "/app/objekti", icon: "home" },
      { label: "nav.reservations", href: "/app/rezervacije", icon: "clipboard" },
      { label: "nav.guests", href: "/app/gosti", icon: "users" },
      { label: "nav.subscription", href: "/app/pretplata", icon: "card" },
      { label: "nav.contact", href: "/app/kontakt", icon: "chat" },
    ],
  },
  {
    label: "nav.administration",
    role: "Administrator",
    items: [
      { label: "nav.users", href: "/admin/korisnici", icon: "user" },
      { label: "nav.purchaseRequests", href: "/admin/ponude", icon: "receipt" },
      { label: "nav.systemSettings", href: "/admin/postavke", icon: "sliders" },
    ],
  },
];

/** Whether a menu link points at the current page (or a page below it). */
export function isCurrentPath(href: string, currentPath: string): boolean {
  const path = currentPath.replace(/\/+$/, "") || "/";
  return path === href || path.startsWith(`${href}/`);
}
