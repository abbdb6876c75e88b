import { CHECKIN_SHAPES } from "./checkin-shapes.ts";

/**
 * Outline icons drawn on a 24×24 grid with `stroke="currentColor"`; the inner SVG markup
 * lives here once (those of the check-in page in `checkin-shapes.ts`) and is rendered by
 * `components/Icon.astro` and `ui/Icon.tsx`.
 */
export const ICON_SHAPES = {
  ...CHECKIN_SHAPES,
  monitor: '<rect x="3" y="4" width="18" height="12" rx="2"/><path d="M8.5 20h7M12 16v4"/>',
  menu: '<path d="M4 6.5h16M4 12h16M4 17.5h16"/>',
  more:
    '<circle cx="12" cy="5.5" r="1.25"/><circle cx="12" cy="12" r="1.25"/><circle cx="12" cy="18.5" r="1.25"/>',
  dashboard:
    '<rect x="3.5" y="3.5" width="7" height="9" rx="1.5"/><rect x="13.5" y="3.5" width="7" height="5" rx="1.5"/><rect x="13.5" y="11.5" width="7" height="9" rx="1.5"/><rect x="3.5" y="15.5" width="7" height="5" rx="1.5"/>',
  link:
    '<path d="M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  clipboard:
    '<rect x="5" y="4.5" width="14" height="16.5" rx="2"/><path d="M9 4.5V3h6v1.5M9 10h6M9 13.5h6M9 17h3.5"/>',
  users:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/><path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.3a6.5 6.5 0 0 1 3.5 5.7"/>',
  card: '<rect x="2.5" y="5" width="19" height="14" rx="2"/><path d="M2.5 10h19M6 15h4"/>',
  chat:
    '<path d="M20.5 15a2 2 0 0 1-2 2H8l-4.5 3.5V5.5a2 2 0 0 1 2-2h13a2 2 0 0 1 2 2Z"/><path d="M8 8.5h8M8 12h5"/>',
  receipt: '<path d="M6 3h12v18l-3-2-3 2-3-2-3 2Z"/><path d="M9 8h6M9 12h6"/>',
  sliders:
    '<path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1"/><circle cx="15" cy="6" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="18" r="2"/>',
  shield: '<path d="M12 3 20 6v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6Z"/>',
  shieldCheck:
    '<path d="M12 3 20 6v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6Z"/><path d="m8.5 12 2.5 2.5 4.5-5"/>',
  qr:
    '<rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1"/><rect x="14" y="3.5" width="6.5" height="6.5" rx="1"/><rect x="3.5" y="14" width="6.5" height="6.5" rx="1"/><path d="M14 14h3v3h-3ZM20.5 14v.01M14 20.5h.01M17.5 20.5h3M20.5 17.5v3"/>',
  arrowRight: '<path d="M5 12h14M13 6l6 6-6 6"/>',
  arrowLeft: '<path d="M19 12H5M11 6l-6 6 6 6"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5"/>',
  bell:
    '<path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15Z"/><path d="M10 20.5a2.2 2.2 0 0 0 4 0"/>',
  bellOff:
    '<path d="M8.5 5.2A6 6 0 0 1 18 11v4M6 9.8V16.5l-1.5 2H17"/><path d="M10 20.5a2.2 2.2 0 0 0 4 0M3.5 3.5l17 17"/>',
  logOut:
    '<path d="M14 4.5h4a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-4"/><path d="M10 16.5 5.5 12 10 7.5M5.5 12H15"/>',
  settings:
    '<circle cx="12" cy="12" r="3"/><path d="M19.4 13.5a7.8 7.8 0 0 0 0-3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2.6-1.5L14 2.5h-4l-.4 2.5A7.6 7.6 0 0 0 7 6.5l-2.4-1-2 3.4 2 1.6a7.8 7.8 0 0 0 0 3l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2.6 1.5l.4 2.5h4l.4-2.5a7.6 7.6 0 0 0 2.6-1.5l2.4 1 2-3.4Z"/>',
  userCog:
    '<circle cx="10" cy="8" r="4"/><path d="M3 20.5a7 7 0 0 1 10.5-6"/><circle cx="18" cy="17.5" r="2"/><path d="M18 13.5v2M18 19.5v2M21.5 15.5l-1.7 1M16.2 18.5l-1.7 1M21.5 19.5l-1.7-1M16.2 16.5l-1.7-1"/>',
  lifeBuoy:
    '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="3.5"/><path d="m5.6 5.6 3.9 3.9M14.5 14.5l3.9 3.9M18.4 5.6l-3.9 3.9M9.5 14.5l-3.9 3.9"/>',
  megaphone:
    '<path d="M3.5 10v4a1 1 0 0 0 1 1H7l7 4.5v-15L7 9H4.5a1 1 0 0 0-1 1Z"/><path d="M18 9a4 4 0 0 1 0 6M7 15l1.5 5"/>',
  chevronLeft: '<path d="m15 6-6 6 6 6"/>',
  chevronRight: '<path d="m9 6 6 6-6 6"/>',
  chevronsUpDown: '<path d="m7 9.5 5-5 5 5M7 14.5l5 5 5-5"/>',
  download: '<path d="M12 3.5v12M7 10.5l5 5 5-5M4 20.5h16"/>',
  key: '<circle cx="8" cy="15" r="4.5"/><path d="m11.3 11.7 8.2-8.2M16.5 6.5l2.5 2.5M14 9l2 2"/>',
  mailCheck:
    '<path d="M20.5 12.5V7a2 2 0 0 0-2-2h-13a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h7"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5M15 18.5l2 2 4-4.5"/>',
  mailX:
    '<path d="M20.5 12.5V7a2 2 0 0 0-2-2h-13a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h7"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5M16 16l4.5 4.5M20.5 16 16 20.5"/>',
  userSwitch:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 11-4.7"/><path d="M16 14.5h5.5L19 12M21.5 18.5H16l2.5 2.5"/>',
  rocket:
    '<path d="M14.5 4.5c2.6-1 5-1 5-1s0 2.4-1 5c-1.2 3-4 5.6-7 7.5l-3-3c1.9-3 4.5-5.8 6-8.5Z"/><path d="M8.5 13 5 12l2.5-3.5H11M11 15.5l1 3.5 3.5-2.5V13M6.5 17.5c-1.3.4-2.3 1.6-2.5 3 1.4-.2 2.6-1.2 3-2.5"/><circle cx="15.5" cy="8.5" r="1.5"/>',
  pencil: '<path d="M15.5 4.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4Z"/><path d="m13.5 6.5 3 3"/>',
  printer:
    '<path d="M7 8.5V3.5h10v5"/><rect x="3.5" y="8.5" width="17" height="8" rx="2"/><path d="M7 14h10v6.5H7ZM17 11.5h.01"/>',
  door:
    '<path d="M5.5 20.5v-16a1 1 0 0 1 1-1h11a1 1 0 0 1 1 1v16M3.5 20.5h17"/><path d="M14.5 12.5v.01"/>',
  alertTriangle:
    '<path d="M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z"/><path d="M12 9.5v4M12 17v.01"/>',
  logIn:
    '<path d="M14 4.5h4a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-4"/><path d="M10 16.5 14.5 12 10 7.5M14.5 12H4"/>',
  barChart: '<path d="M3.5 20.5h17"/><path d="M6.5 16.5v-5M11 16.5v-10M15.5 16.5v-7M20 16.5v-3"/>',
  table:
    '<rect x="3.5" y="4.5" width="17" height="15" rx="2"/><path d="M3.5 9.5h17M3.5 14.5h17M10 9.5v10"/>',
  externalLink:
    '<path d="M13.5 4.5h6v6M19.5 4.5 11 13M17.5 14v4.5a2 2 0 0 1-2 2h-10a2 2 0 0 1-2-2v-10a2 2 0 0 1 2-2H10"/>',
} as const;

export type IconName = keyof typeof ICON_SHAPES;
