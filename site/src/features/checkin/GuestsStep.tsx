import type { Ref } from "react";
import { Icon } from "./CheckinIcon.tsx";
import type { Country } from "./countries.ts";
import { type BorderCrossings, GuestCard } from "./GuestCard.tsx";
import type { GuestDraft } from "./guest-draft.ts";
import { useTranslator } from "./i18n-context.ts";
import { Notice } from "./Notice.tsx";
import type { SearchSettlements } from "../../lib/settlement-search.ts";

interface GuestsStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  alertRef: Ref<HTMLDivElement>;
  /** Already translated. */
  alert?: string;
  drafts: GuestDraft[];
  /** How many more guests the unit takes (entered ones count); null: no limit known. */
  room: number | null;
  countries: Country[] | undefined;
  borderCrossings: BorderCrossings;
  searchSettlements: SearchSettlements;
  onChange: (key: string, update: (draft: GuestDraft) => GuestDraft) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}

/** The "add a guest" button's id: focus goes there when the last guest's form is removed. */
export const ADD_GUEST_ID = "add-guest";

/** Step 2: one form per guest, scanned or typed, as many as the unit sleeps. */
export function GuestsStep(props: GuestsStepProps) {
  const { t, plural } = useTranslator();
  const { drafts, room } = props;
  const full = room !== null && drafts.length >= room;
  return (
    <div className="space-y-5">
      <div>
        <h1 ref={props.headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("guestsStep.heading")}
        </h1>
        <p className="mt-1 text-fg-muted">{t("guestsStep.intro")}</p>
      </div>
      <div
        ref={props.alertRef}
        role="alert"
        tabIndex={-1}
        className="focus:outline-none empty:hidden"
      >
        {props.alert && <Notice tone="error">{props.alert}</Notice>}
      </div>
      {drafts.map((draft, index) => (
        <GuestCard
          key={draft.key}
          draft={draft}
          number={index + 1}
          countries={props.countries}
          borderCrossings={props.borderCrossings}
          searchSettlements={props.searchSettlements}
          onChange={(update) => props.onChange(draft.key, update)}
          onRemove={() => props.onRemove(draft.key)}
        />
      ))}
      <div>
        <button
          id={ADD_GUEST_ID}
          type="button"
          onClick={props.onAdd}
          disabled={full}
          aria-describedby={full ? "guests-full" : undefined}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border-strong/50 px-4 py-2.5 font-semibold text-primary hover:bg-primary-soft disabled:cursor-not-allowed disabled:text-fg-muted disabled:hover:bg-transparent"
        >
          <Icon name="plus" className="size-5" />
          {drafts.length === 0 ? t("guest.addFirst") : t("guest.add")}
        </button>
        {full && room !== null && (
          <p id="guests-full" className="mt-2 text-sm text-fg-muted">
            {plural("guest.capacityReached", drafts.length)}
          </p>
        )}
      </div>
    </div>
  );
}
