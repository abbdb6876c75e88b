import type { IconName } from "../../icons/shapes.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import { ROUTES } from "./routes.ts";

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
      { label: "nav.dashboard", href: ROUTES.dashboard, icon: "dashboard" },
      { label: "nav.externalAccounts", href: ROUTES.externalAccounts, icon: "link" },
      { label: "nav.calendars", href: ROUTES.calendars, icon: "calendar" },
      { label: "nav.properties", href: ROUTES.properties, icon: "home" },
      { label: "nav.reservations", href: ROUTES.reservations, icon: "clipboard" },
      { label: "nav.guests", href: ROUTES.guests, icon: "users" },
      { label: "nav.subscription", href: ROUTES.subscription, icon: "card" },
      { label: "nav.contact", href: ROUTES.contact, icon: "chat" },
    ],
  },
  {
    label: "nav.administration",
    role: "Administrator",
    items: [
      { label: "nav.users", href: ROUTES.adminUsers, icon: "user" },
      { label: "nav.purchaseRequests", href: ROUTES.adminPurchaseRequests, icon: "receipt" },
      { label: "nav.feedback", href: ROUTES.adminFeedback, icon: "megaphone" },
      { label: "nav.systemSettings", href: ROUTES.adminSettings, icon: "sliders" },
    ],
  },
];

/** Whether a menu link points at the current page (or a page below it). */
export function isCurrentPath(href: string, currentPath: string): boolean {
  const path = currentPath.replace(/\/+$/, "") || "/";
  return path === href || path.startsWith(`${href}/`);
}
