import type { Translate } from "../i18n/translate.ts";
import { BrandLink } from "./BrandLink.tsx";

/** Product name and mark at the top of the sidebar, linking home. */
export function SidebarBrand({ t }: { t: Translate }) {
  return (
    <BrandLink
      t={t}
      href="/"
      className="m-3 flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-lg font-bold tracking-tight"
    />
  );
}
