import { Fragment, useState } from "react";
import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from "@headlessui/react";
import type { AccountInfo } from "@shared/schemas/account.ts";
import { markNavigation } from "../lib/navigation/follow-link.ts";
import { PROFILE_MENU } from "../lib/navigation/profile-menu.ts";
import type { Translate } from "../i18n/translate.ts";
import { Icon } from "../ui/Icon.tsx";
import { Spinner } from "../ui/Spinner.tsx";

interface ProfileMenuProps {
  t: Translate;
  account: AccountInfo;
  isImpersonating: boolean;
  onSignOut: () => Promise<unknown>;
  onEndImpersonation: () => Promise<unknown>;
}

const ITEM =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left mobile:min-h-11 text-[0.9375rem] font-medium text-fg data-focus:bg-surface-muted data-disabled:opacity-60";

/** The account menu in the top bar (spec section 2), with logout and End impersonation. */
export function ProfileMenu(
  { t, account, isImpersonating, onSignOut, onEndImpersonation }: ProfileMenuProps,
) {
  const [pending, setPending] = useState<"signOut" | "endImpersonation">();
  const initial = (account.displayName ?? account.email).charAt(0).toUpperCase();

  async function run(action: "signOut" | "endImpersonation") {
    setPending(action);
    try {
      await (action === "signOut" ? onSignOut() : onEndImpersonation());
    } finally {
      setPending(undefined);
    }
  }

  return (
    <Menu>
      <MenuButton
        aria-label={t("profileMenu.button")}
        className="flex items-center gap-2 rounded-full p-1.5 text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg data-open:bg-surface-muted desktop:pr-2"
      >
        <span
          aria-hidden="true"
          className={`grid size-8 place-items-center rounded-full text-sm font-bold ${
            isImpersonating ? "bg-warning text-warning-fg" : "bg-primary text-primary-fg"
          }`}
        >
          {initial}
        </span>
        <Icon name="chevronDown" className="size-4 mobile:hidden" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom end", gap: 8 }}
        transition
        className="z-40 w-72 max-w-[calc(100vw-1.5rem)] origin-top-right rounded-2xl border border-border bg-surface p-1.5 shadow-xl transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <MenuSection>
          <MenuHeading className="px-3 pt-2 pb-2.5">
            <span className="block text-xs font-semibold tracking-wider text-fg-muted uppercase">
              {t("profileMenu.signedInAs")}
            </span>
            {account.displayName && (
              <span className="mt-0.5 block truncate font-semibold text-fg">
                {account.displayName}
              </span>
            )}
            <span
              className={`block truncate ${
                account.displayName ? "text-sm text-fg-muted" : "mt-0.5 font-semibold text-fg"
              }`}
            >
              {account.email}
            </span>
          </MenuHeading>
        </MenuSection>
        {PROFILE_MENU.map((group, index) => (
          <Fragment key={index}>
            <MenuSeparator className="my-1 h-px bg-border" />
            <MenuSection>
              {group.map((item) => (
                <MenuItem key={item.href}>
                  <a href={item.href} onClick={markNavigation} className={ITEM}>
                    <Icon name={item.icon} className="size-5 shrink-0 text-fg-muted" />
                    {t(item.label)}
                  </a>
                </MenuItem>
              ))}
            </MenuSection>
          </Fragment>
        ))}
        <MenuSeparator className="my-1 h-px bg-border" />
        <MenuSection>
          {isImpersonating && (
            <MenuItem disabled={pending !== undefined}>
              <button type="button" onClick={() => run("endImpersonation")} className={ITEM}>
                {pending === "endImpersonation"
                  ? <Spinner className="size-5 shrink-0" />
                  : <Icon name="userSwitch" className="size-5 shrink-0 text-warning" />}
                {t("impersonation.end")}
              </button>
            </MenuItem>
          )}
          <MenuItem disabled={pending !== undefined}>
            <button type="button" onClick={() => run("signOut")} className={ITEM}>
              {pending === "signOut"
                ? <Spinner className="size-5 shrink-0" />
                : <Icon name="logOut" className="size-5 shrink-0 text-fg-muted" />}
              {t("profileMenu.logout")}
            </button>
          </MenuItem>
        </MenuSection>
      </MenuItems>
    </Menu>
  );
}
