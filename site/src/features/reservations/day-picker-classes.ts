import type { ClassNames, ModifiersClassNames } from "react-day-picker";

/**
 * The date picker in the app's look (Tailwind, both themes), instead of the library's own CSS.
 * Colour goes on the day's cell so a chosen range reads as one band; the button inside carries the
 * text, the shape and the keyboard focus ring. On phones the days grow with the month, up to 44 px
 * for a finger (a 360 px phone has room for seven of 41 px, a 390 px one for 44 px).
 */
export const DAY_PICKER_CLASSES: Partial<ClassNames> = {
  root: "relative",
  months: "relative flex flex-wrap justify-center gap-x-6 gap-y-6",
  month: "w-[17.5rem] max-w-full mobile:w-[19.25rem]",
  month_caption: "flex h-10 mobile:h-11 items-center justify-center px-12",
  caption_label: "text-base font-bold first-letter:uppercase",
  nav:
    "pointer-events-none absolute inset-x-0 top-0 z-10 flex h-10 mobile:h-11 items-center justify-between",
  button_previous:
    "pointer-events-auto grid size-10 mobile:size-11 place-items-center rounded-xl border border-border-strong/40 bg-surface text-fg shadow-xs transition-colors hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40",
  button_next:
    "pointer-events-auto grid size-10 mobile:size-11 place-items-center rounded-xl border border-border-strong/40 bg-surface text-fg shadow-xs transition-colors hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40",
  chevron: "size-5 fill-current",
  month_grid: "mt-2 w-full border-collapse mobile:table-fixed",
  weekdays: "",
  weekday: "pb-1.5 text-center text-xs font-semibold text-fg-muted",
  weeks: "",
  week: "",
  day: "relative h-10 p-0 text-center mobile:h-auto",
  day_button:
    "relative z-[1] mx-auto grid size-10 place-items-center mobile:aspect-square mobile:h-auto mobile:w-full mobile:max-w-11 rounded-xl text-[0.9375rem] font-medium tabular-nums transition-colors enabled:hover:bg-primary-soft enabled:hover:text-primary-soft-fg disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
  today:
    "[&>button]:font-bold [&>button]:underline [&>button]:decoration-2 [&>button]:underline-offset-4",
  disabled: "[&>button]:text-fg-muted/70",
  outside: "opacity-50",
  hidden: "invisible",
  // Chosen days look chosen through the `chosenEdge` modifier and the range classes below.
  selected: "",
  range_start: "bg-[image:linear-gradient(90deg,transparent_50%,var(--c-primary-soft)_50%)]",
  range_end: "bg-[image:linear-gradient(90deg,var(--c-primary-soft)_50%,transparent_50%)]",
  range_middle:
    "bg-primary-soft [&>button]:bg-transparent [&>button]:text-primary-soft-fg [&>button]:enabled:hover:bg-primary/15",
  focused: "",
};

/**
 * The check-in and check-out days in solid colour (the nights between are the band), and taken
 * nights drawn on the days they touch: a whole taken day, or half of one where another
 * stay arrives (its lower half, the evening) or leaves (its upper half, the morning). Taken days
 * that cannot be chosen are struck through, so colour is never the only sign.
 */
export const DAY_MODIFIER_CLASSES: ModifiersClassNames = {
  chosenEdge:
    "[&>button]:bg-primary [&>button]:bg-none! [&>button]:text-primary-fg [&>button]:enabled:hover:bg-primary-hover [&>button]:enabled:hover:text-primary-fg",
  takenNight:
    "[&>button]:bg-error-soft [&>button]:text-error-soft-fg [&>button:disabled]:line-through",
  otherArrives:
    "[&>button]:bg-[image:linear-gradient(135deg,transparent_50%,var(--c-error-soft)_50%)] [&>button:disabled]:line-through",
  otherLeaves:
    "[&>button]:bg-[image:linear-gradient(135deg,var(--c-error-soft)_50%,transparent_50%)]",
};
