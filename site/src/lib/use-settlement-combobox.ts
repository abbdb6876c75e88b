import { type ChangeEvent, useEffect, useState } from "react";
import { useCombobox, type UseComboboxGetInputPropsOptions } from "downshift";
import {
  type SearchSettlements,
  type Settlement,
  useSettlementSearch,
} from "./settlement-search.ts";

interface SettlementComboboxOptions {
  /** Base of the list's and its options' ids. */
  id: string;
  inputId: string;
  labelId: string;
  /** The chosen settlement's "Grad-Naselje" entry, or "" while none is chosen. */
  value: string;
  onChange: (value: string) => void;
  search: SearchSettlements;
  /** What a screen reader hears when the list opens with `count` places. */
  resultsText: (count: number) => string;
}

/**
 * A city in Croatia chosen from eVisitor's settlements (WAI-ARIA combobox with a list box, by
 * downshift), for the guest's check-in page and the host's guest form alike: the list is searched
 * on the server as one types; typing after a choice undoes it, so what is sent is always an entry
 * of the list. A place the list cannot offer (no list yet, a failed search, nothing found) is kept
 * as typed only when the person says it is not in the list (`keepTyped`): the host is then asked
 * to choose it, and eVisitor never receives it as typed (the worker holds it).
 */
export function useSettlementCombobox(
  { id, inputId, labelId, value, onChange, search, resultsText }: SettlementComboboxOptions,
) {
  const [inputValue, setInputValue] = useState(value);
  const found = useSettlementSearch(inputValue === value ? "" : inputValue, search);
  const unavailable = found.status === "unavailable";
  const items = found.status === "done" || found.status === "searching" ? found.items : [];
  /** The person said the place typed is not in the list: it is the answer, for the host. */
  const [notListed, setNotListed] = useState(false);
  // A choice made elsewhere (a restored form) shows; a choice undone keeps what is typed.
  useEffect(() => {
    if (value && value !== inputValue) setInputValue(value);
  }, [value]);

  const combobox = useCombobox<Settlement>({
    items,
    inputId,
    labelId,
    menuId: `${id}-list`,
    getItemId: (index) => `${id}-option-${index}`,
    inputValue,
    selectedItem: value ? { name: value, zipCode: null } : null,
    itemToString: (item) => item?.name ?? "",
    itemToKey: (item) => item?.name,
    onInputValueChange: ({ inputValue: shown = "", type }) => {
      // Typing is taken in the input's own change event (below). Undoing a choice by typing
      // must not clear what is typed (downshift would, as the controlled choice goes away).
      if (
        type === useCombobox.stateChangeTypes.InputChange ||
        type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem
      ) return;
      setInputValue(shown);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setInputValue(selectedItem.name);
      onChange(selectedItem.name);
    },
    getA11yStatusMessage: ({ isOpen }) =>
      isOpen && found.status === "done" ? resultsText(items.length) : "",
  });
  /**
   * What is typed is kept in the change event itself. Downshift reports it from an effect after
   * the render, and React puts a controlled input back to the value it rendered meanwhile: a key
   * pressed before the report landed went to the old text ("Zagreb" cleared, "zagreb" typed
   * quickly, the field read "Zagrebzagreb").
   */
  const typed = (text: string) => {
    setInputValue(text);
    // No choice until one is picked (or the new text is said to be not in the list).
    setNotListed(false);
    if (value) onChange("");
  };
  const offersNothing = unavailable || found.status === "failed" ||
    (found.status === "done" && items.length === 0);
  const keepTyped = () => {
    setNotListed(true);
    onChange(inputValue.trim());
  };
  const getInputProps = (options?: UseComboboxGetInputPropsOptions) =>
    combobox.getInputProps({
      ...options,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        options?.onChange?.(event);
        typed(event.currentTarget.value);
      },
    });
  return {
    ...combobox,
    getInputProps,
    found,
    /** The stay's account has no list yet. */
    unavailable,
    items,
    /** The list box shows: open, with places to pick. */
    open: combobox.isOpen && !unavailable && items.length > 0,
    /** A search found nothing while the list was open. */
    noResults: combobox.isOpen && !unavailable && found.status === "done" && items.length === 0,
    /** "Not in the list" is offered: a place is typed that the list cannot offer. */
    canKeepTyped: !notListed && offersNothing && inputValue.trim().length >= 2 &&
      inputValue !== value,
    /** Keeps the typed place as the answer, for the host to choose from the list. */
    keepTyped,
    notListed: notListed && value !== "",
  };
}

export type SettlementCombobox = ReturnType<typeof useSettlementCombobox>;
