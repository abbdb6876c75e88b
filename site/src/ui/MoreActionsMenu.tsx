import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { IconName } from "../icons/shapes.ts";
import { buttonClass } from "./button-styles.ts";
import { Icon } from "./Icon.tsx";

export interface MoreAction {
  label: string;
  icon: IconName;
  onSelect: () => void;
  /** Drawn in the error colour: what cannot be undone (it still asks before it happens). */
  danger?: boolean;
}

interface MoreActionsMenuProps {
  /** The button's accessible name, naming what the actions are of ("More actions: Apartman 1"). */
  label: string;
  actions: MoreAction[];
  className?: string;
}

/**
 * A "⋯" button opening a menu of the rarer actions of one item. What cannot be undone waits here
 * (and then behind a confirmation) rather than on every card or row.
 */
export function MoreActionsMenu({ label, actions, className = "" }: MoreActionsMenuProps) {
  return (
    <Menu>
      <MenuButton className={`${buttonClass("secondary", "sm")} ${className}`} aria-label={label}>
        <Icon name="more" className="size-4" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom end", gap: 6 }}
        transition
        className="z-40 w-56 origin-top-right rounded-xl border border-border bg-surface p-1.5 shadow-xl transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        {actions.map((action) => (
          <MenuItem key={action.label}>
            <button
              type="button"
              onClick={action.onSelect}
              className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left font-medium ${
                action.danger
                  ? "text-error data-focus:bg-error-soft"
                  : "data-focus:bg-surface-muted"
              }`}
            >
              <Icon name={action.icon} className="size-4" />
              {action.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
