import { atom } from "jotai";

/** Spec sections 3 and 9: mobile below 769 px, for mobile browsers and for touch devices. */
export const MOBILE_MAX_WIDTH = 768;
const RESIZE_DELAY_MS = 200;
const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|BlackBerry/i;

export function detectMobile(): boolean {
  const isTouch = navigator.maxTouchPoints > 0 || "ontouchstart" in globalThis;
  return MOBILE_AGENT.test(navigator.userAgent) || isTouch ||
    globalThis.innerWidth <= MOBILE_MAX_WIDTH;
}

// False on the server and until an island mounts; then measured and re-checked on resize.
const measuredAtom = atom(false);
measuredAtom.onMount = (setMobile) => {
  setMobile(detectMobile());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => setMobile(detectMobile()), RESIZE_DELAY_MS);
  };
  addEventListener("resize", onResize);
  return () => {
    clearTimeout(timer);
    removeEventListener("resize", onResize);
  };
};

/** Whether the page is shown on a phone-like device (read-only; measured by itself). */
export const isMobileAtom = atom((get) => get(measuredAtom));
