import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import {
  CHECKIN_LANGUAGES,
  type CheckinLanguage,
  LANGUAGE_NAMES,
  pathInLanguage,
  rememberLanguage,
} from "../../i18n/checkin/languages.ts";
import { Icon } from "./CheckinIcon.tsx";
import { useTranslator } from "./i18n-context.ts";
import { GlobeIcon } from "./page-icons.tsx";

interface LanguageMenuProps {
  onLanguage: (lang: CheckinLanguage) => void;
  /** A language is being fetched: the menu waits. */
  switching: boolean;
}

/**
 * The page's language: a button that opens the list of the seven, each a link to this address in
 * that language. The page changes only when the guest picks one (WCAG 2.2 SC 3.2.2: a native
 * select switched the page on a bare ArrowDown). Arrow keys move through the open list, Escape
 * closes it and returns to the button; a pick switches in place, keeping what was typed.
 */
export function LanguageMenu({ onLanguage, switching }: LanguageMenuProps) {
  const { t, lang } = useTranslator();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const links = () => [...(list.current?.querySelectorAll("a") ?? [])];

  useEffect(() => {
    if (!open) return;
    links().find((link) => link.lang === lang)?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function pick(event: MouseEvent<HTMLAnchorElement>, code: CheckinLanguage) {
    // A new tab or window of the other language is the browser's to open (a choice all the same).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      rememberLanguage(code);
      return;
    }
    event.preventDefault();
    close();
    onLanguage(code);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (move) {
      event.preventDefault();
      all[(at + move + all.length) % all.length]?.focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      all[event.key === "Home" ? 0 : all.length - 1]?.focus();
    }
  }

  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={switching || undefined}
        onClick={() => !switching && setOpen(!open)}
        className="flex min-h-11 items-center gap-1.5 rounded-xl border border-border bg-surface px-3 text-sm font-semibold text-fg hover:bg-surface-muted aria-busy:opacity-60"
      >
        <GlobeIcon className="size-4 text-fg-muted" />
        <span className="sr-only">{t("language.label")}:</span>
        <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
        <Icon name="chevronDown" className="size-4 text-fg-muted" />
      </button>
      <ul
        ref={list}
        id={listId}
        hidden={!open}
        aria-label={t("language.label")}
        onKeyDown={onKeyDown}
        className="absolute right-0 z-30 mt-1 w-44 rounded-xl border border-border bg-surface p-1 shadow-lg"
      >
        {CHECKIN_LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={pathInLanguage(location.pathname, code) + location.search}
              lang={code}
              hrefLang={code}
              aria-current={code === lang ? "true" : undefined}
              onClick={(event) => pick(event, code)}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm font-semibold text-fg hover:bg-surface-muted focus:bg-surface-muted"
            >
              {LANGUAGE_NAMES[code]}
              {code === lang && <Icon name="check" className="size-4 text-primary" />}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
