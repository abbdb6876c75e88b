/** The Prijavko mark (32×32): a QR corner and a tick, "scanned and registered". Theme-coloured. */
export const LOGO_MARKUP = '<rect width="32" height="32" rx="8" class="fill-primary"/>' +
  '<rect x="7" y="7" width="8" height="8" rx="1.5" fill="none" stroke-width="2.25" class="stroke-primary-fg"/>' +
  '<rect x="9.75" y="9.75" width="2.5" height="2.5" rx=".5" class="fill-primary-fg"/>' +
  '<path d="m11.5 20.5 4.5 4.5 9-12" fill="none" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" class="stroke-accent"/>';
